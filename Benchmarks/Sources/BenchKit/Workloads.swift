import CYAMLScan
import Foundation
import Spin
import SpinDSL

/// Seconds taken by `body`.
@inline(never)
public func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// Seconds taken by `body`.
@inline(never)
public func timeAsync(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// Keeps a value alive so the optimiser cannot drop the work that computed it.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

// MARK: Hand-written toggle

public enum ToggleControl: Sendable, Equatable { case off, on }
public struct ToggleState: Sendable, Equatable {
    public var control: ToggleControl = .off
    public var count = 0
    public init() {}
}
public enum ToggleEvent: Sendable { case toggle }

@inline(never)
func toggleReduce(_ state: inout ToggleState, _ event: ToggleEvent) {
    switch (state.control, event) {
    case (.off, .toggle): state.control = .on; state.count += 1
    case (.on, .toggle): state.control = .off; state.count += 1
    }
}

@inline(never)
func toggleFeedback(_ state: ToggleState, limit: Int) -> ToggleEvent? {
    state.count < limit ? .toggle : nil
}

/// The hand-written synchronous loop: enum reducer + feedback function. Returns the steps.
@inline(never)
public func handwrittenToggle(_ n: Int) -> Int {
    var state = ToggleState()
    var steps = 0
    while let event = toggleFeedback(state, limit: n) {
        toggleReduce(&state, event)
        steps += 1
    }
    blackHole(state)
    return steps
}

/// The same spin hand-written on the core: Spin + SpinRuntime with a synchronous feedback.
public func coreToggleRuntime(_ n: Int) -> SpinRuntime<ToggleState, ToggleEvent> {
    let spin = Spin<ToggleState, ToggleEvent>(
        initialState: ToggleState(),
        feedbacks: [Feedback(effect: { (state: ToggleState) -> ToggleEvent? in state.count < n ? .toggle : nil })],
        reducer: Reducer(mutating: { state, event in toggleReduce(&state, event) }))
    return SpinRuntime(spin, clock: VirtualClock())
}

// MARK: Generated toggle

/// The generated reducer behind a call that is not inlined, as `toggleReduce` is: the two loops
/// differ only in the reducer's body.
@inline(never)
func generatedToggleReduce(_ state: inout GeneratedToggle.Snapshot, _ event: GeneratedToggle.Event) {
    GeneratedToggle.reduce(&state, event)
}

@inline(never)
func generatedToggleFeedback(_ state: GeneratedToggle.Snapshot, limit: Int64) -> GeneratedToggle.Event? {
    state.count < limit ? .toggle : nil
}

/// The hand-written loop around the generated reducer (`GeneratedToggle.spin.yaml`). Returns the
/// steps.
@inline(never)
public func generatedToggle(_ n: Int) -> Int {
    var state = GeneratedToggle.initial
    var steps = 0
    while let event = generatedToggleFeedback(state, limit: Int64(n)) {
        generatedToggleReduce(&state, event)
        steps += 1
    }
    blackHole(state)
    return steps
}

/// The generated reducer on the core, with the hand-written toggle's feedback.
public func generatedCoreToggleRuntime(_ n: Int) -> SpinRuntime<GeneratedToggle.Snapshot, GeneratedToggle.Event> {
    let limit = Int64(n)
    let spin = Spin<GeneratedToggle.Snapshot, GeneratedToggle.Event>(
        initialState: GeneratedToggle.initial,
        feedbacks: [Feedback(effect: { (state: GeneratedToggle.Snapshot) -> GeneratedToggle.Event? in state.count < limit ? .toggle : nil })],
        reducer: Reducer(mutating: GeneratedToggle.reduce))
    return SpinRuntime(spin, clock: VirtualClock())
}

// MARK: Specs

public func compile(_ text: String) -> CompiledSpec {
    let spec = SpinSpec.load(text: text)
    guard let compiled = spec.compiled else {
        FileHandle.standardError.write(Data(spec.renderedDiagnostics.utf8))
        exit(2)
    }
    return compiled
}

/// A runtime for the compiled spec's first spin, without trace or render.
public func compiledRuntime(_ compiled: CompiledSpec) -> SpinRuntime<SpecState, SpecEvent> {
    let instance = compiled.instantiate(SpecRunOptions())
    return SpinRuntime(instance.spins[0], clock: VirtualClock())
}

// MARK: Hand-written counter and levels (the same spins as Specs/counter.yaml and levels.yaml)

public struct CounterState: Sendable, Equatable { public var count = 0 }
public enum CounterEvent: Sendable { case increase, stop }

@inline(never)
func counterReduce(_ state: inout CounterState, _ event: CounterEvent) {
    if case .increase = event { state.count += 1 }
}

@inline(never)
func counterFeedback(_ state: CounterState, limit: Int) -> CounterEvent { state.count < limit ? .increase : .stop }

/// The counter's hand-written loop: a `stop` leaves the state unchanged, which ends the loop.
@inline(never)
public func handwrittenCounter(_ n: Int) -> Int {
    var state = CounterState()
    var steps = 0
    while true {
        let event = counterFeedback(state, limit: n)
        let before = state
        counterReduce(&state, event)
        steps += 1
        if state == before { break }
    }
    blackHole(state)
    return steps
}

public func coreCounterRuntime(_ n: Int) -> SpinRuntime<CounterState, CounterEvent> {
    let spin = Spin<CounterState, CounterEvent>(
        initialState: CounterState(),
        feedbacks: [Feedback(effect: { (state: CounterState) -> CounterEvent? in counterFeedback(state, limit: n) })],
        reducer: Reducer(mutating: counterReduce))
    return SpinRuntime(spin, clock: VirtualClock())
}

public struct LevelsState: Sendable, Equatable { public var left: Int; public var right: Int }
public enum LevelsEvent: Sendable { case increaseLeft, decreaseLeft, increaseRight, decreaseRight }

@inline(never)
func levelsReduce(_ state: inout LevelsState, _ event: LevelsEvent) {
    guard state.left != state.right else { return }
    switch event {
    case .increaseLeft: state.left += 1
    case .decreaseLeft: state.left -= 1
    case .increaseRight: state.right += 1
    case .decreaseRight: state.right -= 1
    }
}

@inline(never)
func leftEffect(_ s: LevelsState) -> LevelsEvent? {
    s.left < s.right ? .increaseLeft : s.left > s.right ? .decreaseLeft : nil
}

@inline(never)
func rightEffect(_ s: LevelsState) -> LevelsEvent? {
    s.right < s.left ? .increaseRight : s.right > s.left ? .decreaseRight : nil
}

/// The levels' hand-written loop with a FIFO queue, as the runtime reduces them.
@inline(never)
public func handwrittenLevels(_ n: Int) -> Int {
    var state = LevelsState(left: 0, right: 2 * n)
    var queue: [LevelsEvent] = []
    var head = 0
    var steps = 0
    if let e = leftEffect(state) { queue.append(e) }
    if let e = rightEffect(state) { queue.append(e) }
    while head < queue.count {
        let event = queue[head]
        head += 1
        let before = state
        levelsReduce(&state, event)
        steps += 1
        if state != before {
            if let e = leftEffect(state) { queue.append(e) }
            if let e = rightEffect(state) { queue.append(e) }
        }
        if head > 1024, head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
    }
    blackHole(state)
    return steps
}

public func coreLevelsRuntime(_ n: Int) -> SpinRuntime<LevelsState, LevelsEvent> {
    let spin = Spin<LevelsState, LevelsEvent>(
        initialState: LevelsState(left: 0, right: 2 * n),
        feedbacks: [Feedback(effect: leftEffect), Feedback(effect: rightEffect)],
        reducer: Reducer(mutating: levelsReduce))
    return SpinRuntime(spin, clock: VirtualClock())
}

// MARK: Async

/// The core with an asynchronous effect `(State) async -> Event?` on the default clock: the
/// effect toggles until n. Returns the seconds.
public func asyncCoreToggle(_ n: Int) async -> Double {
    let runtime = asyncCoreToggleRuntime(n)
    return await timeAsync {
        runtime.start()
        // The loop settles when the last effect returns nil. Waiting with `awaitState` would
        // wake this task on every state, work the AsyncStream loop below does not do.
        await runtime.awaitIdle()
        precondition(runtime.state.count == n)
        runtime.stop()
    }
}

/// The runtime of the core's async toggle, not started: an async effect that answers without
/// suspending, so (by the fairness rule) `start()` alone runs all `n` steps.
public func asyncCoreToggleRuntime(_ n: Int) -> SpinRuntime<ToggleState, ToggleEvent> {
    let spin = Spin<ToggleState, ToggleEvent>(
        initialState: ToggleState(),
        feedbacks: [Feedback(effect: { (state: ToggleState) async -> ToggleEvent? in
            toggleFeedback(state, limit: n)
        })],
        reducer: Reducer(mutating: { state, event in toggleReduce(&state, event) }))
    return SpinRuntime(spin)
}

/// The same work through a bare AsyncStream: the loop reads an event, reduces it, awaits the
/// async effect on the new state and yields its event back into the stream.
public func asyncStreamToggle(_ n: Int) async -> Double {
    let effect: @Sendable (ToggleState) async -> ToggleEvent? = { state in toggleFeedback(state, limit: n) }
    return await timeAsync {
        let (stream, continuation) = AsyncStream<ToggleEvent>.makeStream()
        var state = ToggleState()
        let initial = state
        let first = Task {
            if let event = await effect(initial) { continuation.yield(event) }
        }
        _ = await first.value
        for await event in stream {
            toggleReduce(&state, event)
            let current = state
            let task = Task { if let event = await effect(current) { continuation.yield(event) } else { continuation.finish() } }
            _ = await task.value
        }
        blackHole(state)
    }
}

/// Same as `asyncStreamToggle` but the effect is awaited inline, without a task per effect.
public func asyncStreamInlineToggle(_ n: Int) async -> Double {
    let effect: @Sendable (ToggleState) async -> ToggleEvent? = { state in toggleFeedback(state, limit: n) }
    return await timeAsync {
        let (stream, continuation) = AsyncStream<ToggleEvent>.makeStream()
        var state = ToggleState()
        if let event = await effect(state) { continuation.yield(event) }
        for await event in stream {
            toggleReduce(&state, event)
            if let event = await effect(state) { continuation.yield(event) } else { continuation.finish() }
        }
        blackHole(state)
    }
}

// MARK: Timers

/// n delayed effects (1 ms each, one after the other) on a virtual clock: each state schedules a
/// sleep, the clock is advanced to the deadline, the effect fires its event. Returns the seconds.
public func virtualTimers(_ n: Int) async -> Double {
    let spin = Spin<ToggleState, ToggleEvent>(
        initialState: ToggleState(),
        feedbacks: [Feedback(effect: { (state: ToggleState) async -> ToggleEvent? in
            guard state.count < n else { return nil }
            do { try await SpinClock.sleep(for: .milliseconds(1)) } catch { return nil }
            return .toggle
        })],
        reducer: Reducer(mutating: { state, event in toggleReduce(&state, event) }))
    let clock = VirtualClock()
    let runtime = SpinRuntime(spin, clock: clock)
    return await timeAsync {
        runtime.start()
        while await clock.advanceToNextDeadline() {}
        await runtime.awaitIdle()
        precondition(runtime.state.count == n, "timers: \(runtime.state.count) != \(n)")
        runtime.stop()
    }
}

// MARK: Loading

/// Load + validate + compile of the file at `path`; exits when the spec is invalid.
public func loadAndCompile(path: String) -> CompiledSpec {
    let spec = SpinSpec.load(contentsOf: path)
    guard let compiled = spec.compiled else {
        FileHandle.standardError.write(Data(spec.renderedDiagnostics.prefix(2000).utf8))
        exit(2)
    }
    return compiled
}

/// A raw libyaml event scan of the file; returns the event count.
public func libyamlScan(path: String) -> Int {
    yamlscan_count_events(path)
}

/// Peak resident memory of this process so far, in MiB.
public func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}
