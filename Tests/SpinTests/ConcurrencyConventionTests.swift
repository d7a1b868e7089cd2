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
