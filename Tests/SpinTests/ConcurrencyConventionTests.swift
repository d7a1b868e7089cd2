import Testing
@testable import Spin

/// Swift Concurrency conventions of docs/semantics.md: `awaitIdle()` honours cancellation, and
/// errors thrown by effects' sequences are observable.
@Suite struct ConcurrencyConventionTests {
    struct Broken: Error, Equatable {
        let code: Int
    }

    /// A sequence that yields `first`, then throws.
    struct Failing: AsyncSequence, Sendable {
        let first: Int
        struct AsyncIterator: AsyncIteratorProtocol {
            var done = false
            let first: Int
            mutating func next() async throws -> Int? {
                if done { throw Broken(code: first) }
                done = true
                return first
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(first: first) }
    }

    enum Clock: CaseIterable { case virtual, real }

    static func runtime<State: Sendable, Event: Sendable>(_ spin: Spin<State, Event>, on clock: Clock) -> SpinRuntime<State, Event> {
        switch clock {
        case .virtual: return SpinRuntime(spin, clock: VirtualClock())
        case .real: return SpinRuntime(spin)
        }
    }

    /// An effect that waits on a `SpinInput` for a UI's events does not count as busy: the loop
    /// settles around it, and a `send` counts again until its event is reduced and the rest of
    /// the loop has answered — here a counter whose async effect steps to 3 after each input. The
    /// stream form reads a `SpinInput` the same way as `Feedback(input:)`.
    @Test(.timeLimit(.minutes(1)), arguments: Clock.allCases)
    func anEffectWaitingOnASpinInputIsNotBusy(clock: Clock) async {
        let taps = SpinInput<Int>()
        let tens = SpinInput<Int>()
        let spin = Spin<Int, Int>(initialState: 0) {
            Feedback(input: taps)
            Feedback(effect: { (_: SpinStates<Int>) in tens.map { $0 * 10 } })
            Feedback(effect: { (state: Int) async -> Int? in
                guard state % 10 < 3 else { return nil }
                try? await SpinClock.sleep(for: .milliseconds(1))
                return 1
            })
            Reducer { state, event in state + event }
        }
        let virtualClock = VirtualClock()
        let runtime = clock == .virtual ? SpinRuntime(spin, clock: virtualClock) : SpinRuntime(spin)
        // On the virtual clock time passes only when the loop has settled around its waiting inputs.
        let settle = { clock == .virtual ? await virtualClock.advance(by: .seconds(1)) : await runtime.awaitIdle() }
        runtime.start()
        await settle()
        #expect(runtime.state == 3)
        taps.send(7)
        await settle()
        #expect(runtime.state == 13)
        tens.send(2)
        taps.send(5)
        await settle()
        #expect(runtime.state == 38)
        taps.finish()
        tens.finish()
        await settle()
        #expect(runtime.tracker.busy == 0)
        runtime.stop()
    }

    /// A `SpinInput` has one reader at a time: a second one waiting beside it finds it ended.
    @Test(.timeLimit(.minutes(1)))
    func aSecondReaderOfASpinInputFindsItEnded() async {
        let input = SpinInput<Int>()
        let first = Task { await input.first { _ in true } }
        while !(await Self.isWaiting(input)) { await Task.yield() }
        #expect(await input.first { _ in true } == nil)
        input.send(4)
        #expect(await first.value == 4)
    }

    static func isWaiting(_ input: SpinInput<Int>) async -> Bool {
        input.channel.hasWaiter
    }

    /// An effect that waits for outside input keeps the loop busy; a task waiting for the loop to
    /// settle returns as soon as it is cancelled.
    @Test(.timeLimit(.minutes(1)), arguments: Clock.allCases)
    func awaitIdleReturnsWhenItsTaskIsCancelled(clock: Clock) async {
        let (input, _) = AsyncStream<Int>.makeStream()
        let spin = Spin<Int, Int>(initialState: 0) {
            Feedback(effect: { (state: Int) async -> Int? in
                for await value in input { return value }
                return nil
            })
            Reducer { _, event in event }
        }
        let runtime = Self.runtime(spin, on: clock)
        runtime.start()
        let waiter = Task {
            await runtime.awaitIdle()
            return Task.isCancelled
        }
        waiter.cancel()
        #expect(await waiter.value)
        // And a task cancelled before it waits does not wait either.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await runtime.awaitIdle()
            return true
        }
        #expect(await early.value)
        runtime.stop()
    }

    /// An effect's sequence that throws: the event before stands, the failure is reported with the
    /// feedback it came from; the stream form too.
    @Test(arguments: Clock.allCases)
    func errorsOfEffectSequencesAreReported(clock: Clock) async {
        let spin = Spin<Int, Int>(initialState: 0) {
            Feedback(effect: { (state: Int) -> Failing in Failing(first: 7) }, filteredBy: { $0 == 0 }).named("perState")
            Feedback(effect: { (_: SpinStates<Int>) -> Failing in Failing(first: 9) }).named("stream")
            Reducer { state, event in state + event }
        }
        let runtime = Self.runtime(spin, on: clock)
        let failures = Recorder<String>()
        runtime.onEffectFailure { failures.append("\($0.origin) \($0.error)") }
        runtime.start()
        await runtime.awaitIdle()
        #expect(runtime.state == 16)
        #expect(Set(failures.values) == ["perState Broken(code: 7)", "stream Broken(code: 9)"])
        #expect(failures.values.count == 2)
        runtime.stop()
    }

    /// An effect cancelled by a new state that then throws `CancellationError` has not failed.
    @Test func aCancelledEffectsErrorIsNotAFailure() async {
        let clock = VirtualClock()
        let spin = Spin<Int, Int>(initialState: 0) {
            Feedback(effect: { (state: Int) -> AsyncThrowingStream<Int, any Error> in
                AsyncThrowingStream { continuation in
                    guard state == 0 else { return continuation.finish() }
                    let task = Task {
                        do {
                            try await SpinClock.sleep(for: .seconds(10))
                            continuation.finish()
                        } catch {
                            continuation.finish(throwing: error)
                        }
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            })
            Reducer { _, event in event }
        }
        let runtime = SpinRuntime(spin, clock: clock)
        let failures = Recorder<SpinEffectFailure>()
        runtime.onEffectFailure { failures.append($0) }
        runtime.start()
        await runtime.awaitIdle()
        runtime.emit(1)
        await runtime.awaitIdle()
        await clock.advance(by: .seconds(20))
        await runtime.awaitIdle()
        #expect(failures.values.isEmpty)
        runtime.stop()
    }
}
