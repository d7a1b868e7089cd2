import Spin
import SpinDSLFrontEnd

/// Runs every spin of a compiled spec together on one virtual clock (or on the wall clock) until
/// each is final or idle, a limit is hit, or a condition holds; reports each step as it happens.
///
/// The easy way to run a whole spec from Swift: its spins, gears, timers and simulated effects,
/// fed by name (`emit("coin", ["amount": 25])`) and read by name (`snapshot(of:)`). This is what
/// `spinrun` does, as a library: the command only parses options and prints.
public final class SpecRun: Sendable {
    /// The spec being run.
    public let compiled: CompiledSpec
    private let runtimes: [SpinRuntime<SpecState, SpecEvent>]
    /// The virtual clock of the run (nil with `realtime`); internal for tests.
    let clock: VirtualClock?
    private let start = ContinuousClock.now
    private let limits: RunLimits
    private let until: UntilCondition?
    private let invariants: InvariantCheck
    private let progress = Locked(Progress())
    /// The timed inputs not sent yet: the scripts (with `runsScript`) and `schedule(…)`'s.
    private let inputs = Locked(InputSchedule())
    private let holdOpen: Bool
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    struct Progress {
        var steps = 0
        var status: RunStatus?
        var fault: SpecFault?
        var lastControl: [Int] = []
        /// Per spin that may re-enter a state, with a trace being written: its state after its
        /// last step (the state the next step starts from); nil for the others.
        var lastStates: [SpecState?] = []
        var inputClosed = false
        /// An interactive session on virtual time: how far its input has let time pass
        /// (`allowTime(untilMilliseconds:)`); time stands still there until more is allowed or
        /// the input ends.
        var horizon: Duration = .zero
        var cycle: [String]?
        var fullQueue: String?
        var invariant: InvariantFailure?
        var livelock: LivelockDetector?
        /// The clock's offset at the latest step and the same in milliseconds: time stands still
        /// for most steps, so the conversion (128-bit arithmetic) is done only when it moved.
        var lastOffset: Duration = .zero
        var lastMilliseconds: Int64 = 0
        var ignoredInputs: [IgnoredInput] = []
        /// On the wall clock: the step count at which every spin was last seen settled.
        var settledAtStep: Int?
    }

    /// Prepares a run that reports each step as a `TraceRecord`.
    ///
    /// - Parameters:
    ///   - realtime: use the wall clock instead of virtual time.
    ///   - until: a condition on one spin's state that ends the run when it holds.
    ///   - holdOpen: when nothing is left to do, wait for `emit(spin:event:)` instead of ending,
    ///     until `closeInput()` or `interrupt()` (an interactive session); on virtual time, time
    ///     stands still at what `allowTime(untilMilliseconds:)` allowed (0 at first) until then.
    ///   - onStep: receives each step as it is reduced (from the loop's drainer, one at a time).
    public convenience init(
        _ compiled: CompiledSpec,
        options: SpecRunOptions = SpecRunOptions(),
        limits: RunLimits = RunLimits(),
        realtime: Bool = false,
        until: UntilCondition? = nil,
        holdOpen: Bool = false,
        onStep: @escaping @Sendable (TraceRecord) -> Void
    ) {
        let model = compiled.model
        self.init(
            compiled, options: options, limits: limits, realtime: realtime, until: until, holdOpen: holdOpen,
            observer: StepObserver { step in onStep(TraceRecord(step, in: model)) })
    }

    /// Prepares a run.
    ///
    /// - Parameters:
    ///   - realtime: use the wall clock instead of virtual time.
    ///   - until: a condition on one spin's state that ends the run when it holds.
    ///   - holdOpen: when nothing is left to do, wait for `emit(spin:event:)` instead of ending,
    ///     until `closeInput()` or `interrupt()` (an interactive session); on virtual time, time
    ///     stands still at what `allowTime(untilMilliseconds:)` allowed (0 at first) until then.
    ///   - observer: receives each step as it is reduced (from the loop's drainer, one at a time);
    ///     nil when only the summary matters, and then no step is formatted at all.
    public init(
        _ compiled: CompiledSpec,
        options: SpecRunOptions = SpecRunOptions(),
        limits: RunLimits = RunLimits(),
        realtime: Bool = false,
        until: UntilCondition? = nil,
        holdOpen: Bool = false,
        observer: StepObserver? = nil
    ) {
        self.compiled = compiled
        self.limits = limits
        self.until = until.map { condition in
            var condition = condition
            condition.maxStringBytes = options.maxStringBytes
            return condition
        }
        self.holdOpen = holdOpen
        (wakeups, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        // The run sends the scripts' inputs itself (below), not through the spins' feedbacks.
        var spinOptions = options
        spinOptions.runsScript = false
        let instance = compiled.instantiate(spinOptions)
        let clock: VirtualClock? = realtime ? nil : VirtualClock()
        self.clock = clock
        self.runtimes = instance.spins.map { spin in
            if let clock { return SpinRuntime(spin, clock: clock, maxQueueLength: limits.maxQueueLength) }
            return SpinRuntime(spin, maxQueueLength: limits.maxQueueLength)
        }
        if options.runsScript {
            inputs.withLock { inputs in
                for spin in compiled.model.spins {
                    for (step, event) in zip(spin.script, SpinBuilderForSpec.scriptEvents(of: spin, maxStringBytes: options.maxStringBytes)) {
                        inputs.add(spin: spin.index, event: event, at: step.at, origin: step.location.description)
                    }
                }
            }
        }
        progress.withLock { progress in
            progress.lastControl = compiled.model.spins.map(\.initialState)
            progress.lastStates = instance.spins.indices.map { index in
                observer != nil && compiled.tables[index].mayReenter ? instance.spins[index].initialState : nil
            }
            if limits.livelockRepeats > 0 {
                progress.livelock = LivelockDetector(spins: compiled.model.spins.count, maxSteps: limits.maxSteps, repeats: limits.livelockRepeats)
            }
        }
        // The recorder holds what every step needs, so that a step does not load the weak
        // reference to the run; only a step that ends the run or a spin does.
        let invariants = InvariantCheck(compiled.model, maxStringBytes: options.maxStringBytes)
        self.invariants = invariants
        let recorder = StepRecorder(
            progress: progress, clock: clock, start: start, limits: limits, until: self.until, invariants: invariants,
            observe: observer?.observe, tables: compiled.tables, maxStringBytes: options.maxStringBytes,
            wallClockLimit: realtime ? limits.maxTimeMilliseconds.map { Duration.milliseconds($0) } : nil)
        for (index, runtime) in runtimes.enumerated() {
            // Indexed by control state rather than a `Set`: looked up on every step.
            let spin = compiled.model.spins[index]
            let isFinal = spin.hasControlStates ? spin.configurations.isFinal : []
            runtime.onStep { [weak self] step in
                if let outcome = recorder.record(step, index: index, isFinal: isFinal) {
                    self?.conclude(outcome, index: index)
                }
            }
        }
    }

    /// The virtual time now, in milliseconds (wall-clock time with `realtime`).
    public var elapsedMilliseconds: Int64 {
        Self.milliseconds(elapsed)
    }

    /// The virtual time now (wall-clock time with `realtime`).
    private var elapsed: Duration {
        Self.elapsed(clock: clock, start: start)
    }

    static func elapsed(clock: VirtualClock?, start: ContinuousClock.Instant) -> Duration {
        clock?.now.offset ?? (ContinuousClock.now - start)
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? Int64.max : milliseconds &+ attoseconds / 1_000_000_000_000_000
    }

    /// Sends an input event into a spin, as a UI would. Returns the problem when the spin or the
    /// event is unknown, or the event is not an input, or its payload does not fit.
    public func emit(spin spinName: String?, event: HostEvent) -> UsageProblem? {
        switch resolveInput(spin: spinName, event: event) {
        case .failure(let problem):
            return problem
        case .success(let (index, converted)):
            return send(converted, to: index)
        }
    }

    /// Emits an input into spin `index` now, unless it reached a final state (the problem).
    private func send(_ event: SpecEvent, to index: Int) -> UsageProblem? {
        if runtimes[index].isStopped, progress.withLock({ $0.status == nil }) {
            let model = compiled.model.spins[index]
            return UsageProblem(.inputAfterFinal, [
                "event": model.eventName(event), "spin": model.name, "state": model.controlName(runtimes[index].state.control) ?? "",
            ])
        }
        runtimes[index].emit(event)
        wake.yield()
        return nil
    }

    /// Sends the input event `name` (`Feature.retry` names the spin; else the first spin that has
    /// it as an input) with `payload` by field name, as Swift values: `emit("coin", ["amount": 25])`
    /// (see `SpecSpinRuntime.emit(_:_:)` for the values a field takes).
    /// - Throws: `UsageProblem` naming what is wrong (the spin, the event, the field or the value),
    ///   or the spin having reached a final state.
    public func emit(_ name: String, _ payload: [String: any Sendable] = [:]) throws(UsageProblem) {
        let index: Int
        switch compiled.model.inputTarget(name, spin: nil) {
        case .failure(let problem): throw problem
        case .success(let target): index = target.spin
        }
        let model = compiled.model.spins[index]
        let unqualified = name.split(separator: ".", maxSplits: 1).last.map(String.init) ?? name
        if let problem = send(try model.inputEvent(unqualified, payload), to: index) { throw problem }
    }

    /// The state of the spin named `spin` by name; `Codable`.
    /// - Throws: `UsageProblem` for an unknown spin (with the spins' names).
    public func snapshot(of spin: String) throws(UsageProblem) -> SpinSnapshot {
        guard let index = compiled.model.spins.firstIndex(where: { $0.name.text == spin }) else {
            throw compiled.model.unknownSpin(spin)
        }
        return compiled.model.spins[index].snapshot(runtimes[index].state)
    }

    /// Every spin's state by name, in document order.
    public var snapshots: [SpinSnapshot] {
        zip(compiled.model.spins, runtimes).map { model, runtime in model.snapshot(runtime.state) }
    }

    /// Schedules an input event at a time from the start; the run sends it then, with origin
    /// `input`, like the spec's script (at one instant: after the timers due then, and after the
    /// inputs scheduled before it for that instant). Returns the problem as `emit` does.
    ///
    /// - Parameter origin: where the input was written (`coins.events:3`), for the warning about
    ///   an input that comes after its spin's final state (`RunSummary.ignoredInputs`).
    public func schedule(spin spinName: String?, event: HostEvent, atMilliseconds time: Int64, origin: String? = nil) -> UsageProblem? {
        switch resolveInput(spin: spinName, event: event) {
        case .failure(let problem):
            return problem
        case .success(let (index, converted)):
            inputs.withLock { $0.add(spin: index, event: converted, at: .milliseconds(max(0, time)), origin: origin) }
            wake.yield()
            return nil
        }
    }

    /// Lets the virtual time of an interactive session (`holdOpen`) pass up to `milliseconds`
    /// from the start: until then it stands still at what was allowed last (0 at first), so
    /// that no timer fires while the session waits for its next line; `closeInput()` lets it
    /// run on. Allowing less than before changes nothing. A run on the wall clock, or not held
    /// open, ignores it.
    public func allowTime(untilMilliseconds milliseconds: Int64) {
        progress.withLock { $0.horizon = max($0.horizon, .milliseconds(max(0, milliseconds))) }
        wake.yield()
    }

    /// Ends an interactive session: once nothing is left to do, `run()` returns.
    public func closeInput() {
        progress.withLock { $0.inputClosed = true }
        wake.yield()
    }

    private func resolveInput(spin spinName: String?, event: HostEvent) -> Result<(Int, SpecEvent), UsageProblem> {
        let index: Int, kind: Int
        switch compiled.model.inputTarget(event.name, spin: spinName) {
        case .failure(let problem): return .failure(problem)
        case .success(let target): (index, kind) = target
        }
        let model = compiled.model.spins[index]
        guard model.events[kind].isInput else {
            return .failure(UsageProblem(.notAnInput, ["event": model.events[kind].name, "spin": model.name]))
        }
        let unqualified = event.name.contains(".") ? HostEvent(model.events[kind].name.text, event.payload) : event
        let converted = model.event(from: unqualified, location: model.name.location, effect: nil)
        if let fault = converted.fault {
            return .failure(UsageProblem(fault))
        }
        return .success((index, converted))
    }

    /// Starts the spins (in document order) and runs until the run ends; returns the summary.
    ///
    /// The `until` condition is checked on the initial state first: when it holds there, no spin
    /// starts. Timed inputs are sent at their times; at one instant of virtual time every timer
    /// due then fires (in the order the timers were armed) before the inputs scheduled then, and
    /// each input is sent once everything before it has settled (`VirtualTimeStep`;
    /// docs/spec-format.md, "Time: inputs and timers").
    ///
    /// When it returns, every effect task the run started has ended: the spins' effects are
    /// cancelled when the run ends, and the run waits for them to finish (a host effect that
    /// ignores cancellation is abandoned by its timeout and not waited for).
    public func run() async -> RunSummary {
        if let until, compiled.model.spins.indices.contains(until.spinIndex) {
            let spin = compiled.model.spins[until.spinIndex]
            switch until.check(compiled.tables[until.spinIndex].initialState(of: spin)) {
            case .success(true): finish(.until)
            case .success(false): break
            case .failure(let fault): finish(.error, fault: fault)
            }
        }
        // Invariants hold from the start: a spec whose initial state breaks one does not run.
        for (index, runtime) in runtimes.enumerated() where progress.withLock({ $0.status }) == nil {
            if let outcome = invariants.check(runtime.state, spin: index) {
                conclude(.finish(outcome), index: index)
            }
        }
        if progress.withLock({ $0.status }) == nil {
            if let clock {
                // One job on the clock's executor starts every spin: the effect tasks the starts
                // ask for run on that executor too, so none runs before the last spin has started
                // (a task of the first spin could otherwise race the start of the next one).
                let runtimes = self.runtimes
                await withTaskExecutorPreference(clock.executor) {
                    for runtime in runtimes { runtime.start() }
                }
            } else {
                for runtime in runtimes { runtime.start() }
            }
            if let clock {
                await runOnVirtualTime(clock)
            } else {
                await runOnWallClock()
            }
        }
        // The spins are stopped; their cancelled effects end promptly.
        await settle()
        return summary()
    }

    /// The run's loop on virtual time: settle, then move time to the next timer or input.
    private func runOnVirtualTime(_ clock: VirtualClock) async {
        while true {
            await clock.settled()
            guard let next = nextStep(), case .wait(let due) = next else { return }
            let step = VirtualTimeStep(timer: clock.nextDeadline?.offset, input: due, maxTimeMilliseconds: limits.maxTimeMilliseconds)
            guard let time = step.time else {
                if holdOpen, !progress.withLock({ $0.inputClosed }) {
                    // Interactive: nothing to do until the next input (or the end of input).
                    for await _ in wakeups { break }
                    continue
                }
                finish(.idle)
                return
            }
            if holdOpen, progress.withLock({ !$0.inputClosed && time > $0.horizon }) {
                // Interactive: time passes only as far as the input has let it.
                for await _ in wakeups { break }
                continue
            }
            switch step {
            case .idle:
                return
            case .timeLimit(let limit, _):
                await clock.advance(to: VirtualClock.Instant(offset: limit))
                finish(.maxTime)
                return
            case .timers:
                await clock.advanceToNextDeadline()
            case .input(let time):
                await clock.advance(to: VirtualClock.Instant(offset: time))
                // Sent from a job on the clock's executor, like the effects: the tasks the input's
                // drain starts then run after it, not beside it on another thread.
                await withTaskExecutorPreference(clock.executor) {
                    _ = self.sendNextInput(dueBy: time)
                }
            }
        }
    }

    /// The run's loop on the wall clock: inputs at their times, the time limit, and the end once
    /// every spin has settled (effects waiting on a timer are working: they keep the run going).
    private func runOnWallClock() async {
        var settling: Task<Void, Never>?
        while progress.withLock({ $0.status }) == nil {
            let now = elapsed
            if let maxTime = limits.maxTimeMilliseconds, now >= .milliseconds(maxTime) {
                finish(.maxTime)
                return
            }
            if sendNextInput(dueBy: now) { continue }
            let (settledAt, steps) = progress.withLock { ($0.settledAtStep, $0.steps) }
            if settledAt == steps {
                settling = nil
                guard let next = nextStep() else { return }
                if case .wait(nil) = next, !holdOpen || progress.withLock({ $0.inputClosed }) {
                    finish(.idle)
                    return
                }
            } else if settling == nil || settledAt != nil {
                // Not settled since the latest step: watch for it (one watcher at a time).
                progress.withLock { $0.settledAtStep = nil }
                settling = Task { [runtimes, progress, wake] in
                    let steps = await Self.settleEverySpin(runtimes, progress: progress)
                    progress.withLock { $0.settledAtStep = steps }
                    wake.yield()
                }
            }
            // Sleep until the next input, the time limit, a wake-up (settled, an interactive
            // input, an interruption), whichever comes first.
            let deadlines = [inputs.withLock(\.nextTime), limits.maxTimeMilliseconds.map { Duration.milliseconds($0) }]
            let timer = deadlines.compactMap({ $0 }).min().map { deadline in
                Task { [start, wake] in
                    try? await Task.sleep(until: start.advanced(by: deadline), clock: .continuous)
                    wake.yield()
                }
            }
            for await _ in wakeups { break }
            timer?.cancel()
        }
    }

    /// What the run does next once every spin has settled: nil when it ended (a full queue, every
    /// spin final, or already ended), or wait for the time of the next input (nil: no input left).
    private enum NextStep { case wait(Duration?) }

    private func nextStep() -> NextStep? {
        if progress.withLock({ $0.status }) != nil { return nil }
        // A spin whose queue overflowed stopped itself; the run ends there, not as final.
        if let full = runtimes.firstIndex(where: { if case .queueFull = $0.stopReason { true } else { false } }) {
            finish(.maxQueue, fullQueue: compiled.model.spins[full].name.text)
            return nil
        }
        if runtimes.allSatisfy(\.isStopped) {
            finish(.final)
            return nil
        }
        return .wait(inputs.withLock(\.nextTime))
    }

    /// Sends the next input if it is due by `time`; returns whether there was one. An input for a
    /// spin that has stopped in a final state is recorded as ignored.
    @discardableResult
    private func sendNextInput(dueBy time: Duration) -> Bool {
        guard let entry = inputs.withLock({ $0.takeNext(notAfter: time) }) else { return false }
        if runtimes[entry.spin].isStopped {
            progress.withLock { $0.ignoredInputs.append(ignored(entry)) }
        } else {
            runtimes[entry.spin].emit(entry.event)
        }
        return true
    }

    private func ignored(_ entry: InputSchedule.Entry) -> IgnoredInput {
        let model = compiled.model.spins[entry.spin]
        return IgnoredInput(
            spin: model.name.text, finalState: model.controlName(runtimes[entry.spin].state.control),
            event: model.eventName(entry.event), time: Self.milliseconds(entry.time), origin: entry.origin)
    }

    /// On the wall clock, waits until every spin is idle at once, and returns the step count then.
    /// A spin can wake another (a gear) after it was seen idle: a round of waits counts only when
    /// no step happened during it.
    private static func settleEverySpin(_ runtimes: [SpinRuntime<SpecState, SpecEvent>], progress: Locked<Progress>) async -> Int {
        while true {
            let before = progress.withLock(\.steps)
            for runtime in runtimes { await runtime.awaitIdle() }
            if progress.withLock(\.steps) == before { return before }
        }
    }

    /// Waits until nothing runs: no event is queued and every effect task has ended or sleeps.
    private func settle() async {
        if let clock {
            await clock.settled()
        } else {
            _ = await Self.settleEverySpin(runtimes, progress: progress)
        }
    }

    /// Ends the run from outside (Ctrl-C): stops every spin; `run()` then returns `interrupted`.
    public func interrupt() {
        finish(.interrupted)
        wake.yield()
    }

    /// Ends the run from outside as SIGTERM asks: stops every spin; `run()` then returns
    /// `terminated`.
    public func terminate() {
        finish(.terminated)
        wake.yield()
    }

    /// The summary as of now.
    public func summary() -> RunSummary {
        let (status, steps, fault, cycle, fullQueue, ignoredInputs, invariant) = progress.withLock {
            ($0.status ?? .idle, $0.steps, $0.fault, $0.cycle, $0.fullQueue, $0.ignoredInputs, $0.invariant)
        }
        let spins = runtimes.enumerated().map { index, runtime in SpinSummary(compiled.model.spins[index], runtime.state) }
        return RunSummary(
            status: status, steps: steps, time: elapsedMilliseconds, spins: spins, fault: fault, cycle: cycle, fullQueue: fullQueue,
            ignoredInputs: ignoredInputs, invariant: invariant)
    }

    private func finish(
        _ status: RunStatus, fault: SpecFault? = nil, cycle: [String]? = nil, fullQueue: String? = nil,
        invariant: InvariantFailure? = nil
    ) {
        let first: Bool = progress.withLock { progress in
            guard progress.status == nil else { return false }
            progress.status = status
            progress.fault = fault
            progress.cycle = cycle
            progress.fullQueue = fullQueue
            progress.invariant = invariant
            return true
        }
        guard first else { return }
        if status == .final {
            // Every spin is final: the inputs left come after their spin's final state.
            let left = inputs.withLock { Array($0.takeRemaining()) }
            let ignored = left.map(ignored)
            progress.withLock { $0.ignoredInputs += ignored }
        }
        for runtime in runtimes { runtime.stop() }
    }

    private func conclude(_ outcome: StepOutcome, index: Int) {
        switch outcome {
        case .finish(let status, let fault, let cycle, let invariant):
            finish(status, fault: fault, cycle: cycle.map { $0.map { describe($0) } }, invariant: invariant)
        case .stopSpin:
            runtimes[index].stop()
        case .stopSpinAtLimit:
            runtimes[index].stop()
            finish(runtimes.allSatisfy(\.isStopped) ? .final : .maxSteps)
        }
    }

    /// `Spin: event from → to` (or `Spin: event` for a data-only spin or an unchanged state).
    private func describe(_ step: LivelockDetector.Step) -> String {
        let model = compiled.model.spins[step.spin]
        let event = model.eventName(step.event)
        var text = "\(model.name.text): \(event.isEmpty ? "(eventless)" : event)"
        if let from = model.controlName(step.from), let to = model.controlName(step.to) {
            text += from == to ? " (\(from))" : " \(from) → \(to)"
        }
        return text
    }
}
