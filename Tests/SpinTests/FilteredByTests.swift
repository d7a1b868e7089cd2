import Testing
@testable import Spin

/// Rule 3 for `filteredBy:` (docs/semantics.md): a state the filter rejects is a new state, so it
/// cancels the running effect under `.cancelOnNewState` (Spin.Swift); `.continueOnNewState` lets
/// it finish; SpinDSL's trigger form leaves it running.
@Suite struct FilteredByTests {
    enum Event: Sendable, Equatable {
        case set(Int)
        case answered(Int)
    }

    static func reduce(_ state: Int, _ event: Event) -> Int {
        switch event {
        case .set(let value): return value
        case .answered(let value): return 100 + value
        }
    }

    enum Form { case filtered, triggered }

    /// An effect on even states that answers after 1 s on the loop's clock; state 0 starts it, the
    /// odd state 1 comes while it sleeps.
    static func spin(_ strategy: ExecutionStrategy, _ form: Form, cancelled: Recorder<Int>) -> Spin<Int, Event> {
        let effect: @Sendable (Int) async -> Event? = { state in
            do {
                try await SpinClock.sleep(for: .seconds(1))
            } catch {
                cancelled.append(state)
                return nil
            }
            return .answered(state)
        }
        let isEven: @Sendable (Int) -> Bool = { $0 % 2 == 0 && $0 < 100 }
        let feedback = switch form {
        case .filtered: Feedback<Int, Event>(effect: effect, filteredBy: isEven, strategy: strategy)
        case .triggered: Feedback<Int, Event>(effect: effect, triggeredBy: isEven, strategy: strategy)
        }
        return Spin(initialState: 0, feedbacks: [feedback], reducer: Reducer(Self.reduce))
    }

    @Test(arguments: [ExecutionStrategy.cancelOnNewState, .continueOnNewState], [Form.filtered, .triggered])
    func aRejectedStateCancelsOnlyFilteredEffectsUnderCancel(strategy: ExecutionStrategy, form: Form) async {
        let clock = VirtualClock()
        let cancelled = Recorder<Int>()
        let runtime = SpinRuntime(Self.spin(strategy, form, cancelled: cancelled), clock: clock)
        runtime.start()
        await runtime.awaitIdle()
        runtime.emit(.set(1))
        await runtime.awaitIdle()
        await clock.advance(by: .seconds(2))
        await runtime.awaitIdle()
        if strategy == .cancelOnNewState, form == .filtered {
            #expect(cancelled.values == [0])
            #expect(runtime.state == 1)
        } else {
            #expect(cancelled.values == [])
            #expect(runtime.state == 100)
        }
        runtime.stop()
    }

    /// The same on the real clock: the rejected state cancels the sleeping effect at once.
    @Test func aRejectedStateCancelsTheRunningEffectOnTheRealClock() async {
        let cancelled = Recorder<Int>()
        let runtime = SpinRuntime(Self.spin(.cancelOnNewState, .filtered, cancelled: cancelled))
        runtime.start()
        runtime.emit(.set(1))
        // The cancelled effect ends by itself; nothing is left to wait for.
        await runtime.awaitIdle()
        #expect(cancelled.values == [0])
        #expect(runtime.state == 1)
        runtime.stop()
    }
}
