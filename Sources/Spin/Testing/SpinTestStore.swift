import Synchronization

/// An exhaustive test harness for spins, in the spirit of TCA's `TestStore`.
///
/// The store runs the spin on a `VirtualClock` and records every reduced event. A test then says
/// what it sends and, in order, every event it expects to be fed back with the exact state after
/// it; any step left unasserted, or any effect still running or sleeping at `finish()`, fails.
///
/// ```swift
/// let store = await SpinTestStore(spin: counter)
/// try store.receive(.increase) { $0 = 1 }
/// …
/// try await store.finish()
/// ```
///
/// Assertions throw `SpinTestFailure`, so a failing test stops at the first surprise.
public final class SpinTestStore<State: Sendable & Equatable, Event: Sendable & Equatable>: Sendable {
    /// The loop under test.
    public let runtime: SpinRuntime<State, Event>
    /// The virtual clock the loop runs on.
    public let clock: VirtualClock

    private struct Log {
        var steps: [SpinStep<State, Event>] = []
        /// The state as of the last asserted step.
        var asserted: State
    }

    private let log: Locked<Log>

    /// Starts `spin` on a fresh virtual clock and waits for it to settle.
    public init(spin: Spin<State, Event>, clock: VirtualClock = VirtualClock()) async {
        self.clock = clock
        self.runtime = SpinRuntime(spin, clock: clock)
        let log = Locked(Log(asserted: spin.initialState))
        self.log = log
        runtime.onStep { step in log.withLock { $0.steps.append(step) } }
        runtime.start()
        await runtime.awaitIdle()
    }

    /// The state as of the last assertion.
    public var state: State { log.withLock { $0.asserted } }

    /// Sends an event from outside, waits for the loop to settle, and asserts that the event was
    /// reduced next with the state `update` makes of the previous one (unchanged when nil).
    public func send(
        _ event: Event,
        _ update: ((inout State) -> Void)? = nil,
        file: String = #filePath,
        line: Int = #line
    ) async throws {
        let pending = log.withLock { $0.steps.count }
        if pending > 0 {
            throw failure("\(pending) received event(s) must be asserted before sending \(event): \(describePending())", file, line)
        }
        runtime.emit(event)
        await runtime.awaitIdle()
        try assertNext(event, expectedOrigin: .input, update, file: file, line: line)
    }

    /// Asserts that the next reduced event is `event`, fed back by a feedback, with the state
    /// `update` makes of the previous one (unchanged when nil).
    public func receive(
        _ event: Event,
        _ update: ((inout State) -> Void)? = nil,
        file: String = #filePath,
        line: Int = #line
    ) throws {
        try assertNext(event, expectedOrigin: nil, update, file: file, line: line)
    }

    /// Advances the virtual clock, letting delayed effects run, and waits for the loop to settle.
    public func advance(by duration: Duration) async {
        await clock.advance(by: duration)
        await runtime.awaitIdle()
    }

    /// Skips the received events not asserted yet, taking the state after the last of them.
    public func skipReceivedEvents() {
        log.withLock { log in
            if let last = log.steps.last { log.asserted = last.state }
            log.steps = []
        }
    }

    /// Asserts that nothing is left: every reduced event was asserted, no effect runs and no timer
    /// is pending. Then stops the loop.
    public func finish(file: String = #filePath, line: Int = #line) async throws {
        await runtime.awaitIdle()
        defer { runtime.stop() }
        let pending = log.withLock { $0.steps.count }
        if pending > 0 {
            throw failure("\(pending) received event(s) were not asserted: \(describePending())", file, line)
        }
        if clock.hasPendingTimers {
            throw failure("effects are still waiting on the clock (next deadline at \(clock.nextDeadline?.offset ?? .zero)); advance the clock or cancel them", file, line)
        }
    }

    private func assertNext(
        _ event: Event,
        expectedOrigin: EventOrigin?,
        _ update: ((inout State) -> Void)?,
        file: String,
        line: Int
    ) throws {
        let (step, previous): (SpinStep<State, Event>?, State) = log.withLock { log in
            guard let first = log.steps.first else { return (nil, log.asserted) }
            // A step is consumed only when it is the expected event from the expected origin, so a
            // failed assertion can be followed by the right one.
            let originMatches = expectedOrigin.map { first.origin == $0 } ?? (first.origin != .input)
            if first.event == event, originMatches { log.steps.removeFirst() }
            return (first, log.asserted)
        }
        guard let step else {
            throw failure("expected \(event) to be reduced, but no event was", file, line)
        }
        guard step.event == event else {
            throw failure("expected \(event), but \(step.event) was reduced (from \(step.origin))", file, line)
        }
        if let expectedOrigin, step.origin != expectedOrigin {
            throw failure("expected \(event) from \(expectedOrigin), but it came from \(step.origin)", file, line)
        }
        if expectedOrigin == nil, step.origin == .input {
            throw failure("expected \(event) to be fed back by a feedback, but it came from input", file, line)
        }
        var expected = previous
        update?(&expected)
        log.withLock { $0.asserted = step.state }
        guard expected == step.state else {
            throw failure("state after \(event) differs: expected \(expected), actual \(step.state)", file, line)
        }
    }

    private func describePending() -> String {
        log.withLock { log in log.steps.map { "\($0.event)" }.joined(separator: ", ") }
    }

    private func failure(_ message: String, _ file: String, _ line: Int) -> SpinTestFailure {
        SpinTestFailure(message: message, file: file, line: line)
    }
}
