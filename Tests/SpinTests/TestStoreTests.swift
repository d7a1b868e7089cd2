import Testing
@testable import Spin

@Suite struct TestStoreTests {
    enum Event: Equatable, Sendable {
        case start
        case tick
        case done
    }

    /// Counts ticks every second once started, until 3.
    static let timer = Spin<Int, Event>(initialState: 0) {
        Feedback(effect: { (count: Int) async -> Event? in
            guard count > 0, count < 3 else { return nil }
            do { try await SpinClock.sleep(for: .seconds(1)) } catch { return nil }
            return .tick
        })
        Feedback(effect: { (count: Int) -> Event? in count == 3 ? .done : nil })
        Reducer { count, event in
            switch event {
            case .start: return count == 0 ? 1 : count
            case .tick: return count + 1
            case .done: return count
            }
        }
    }

    @Test func exhaustiveRunPasses() async throws {
        let store = await SpinTestStore(spin: Self.timer)
        try await store.send(.start) { $0 = 1 }
        await store.advance(by: .seconds(1))
        try store.receive(.tick) { $0 = 2 }
        await store.advance(by: .seconds(1))
        try store.receive(.tick) { $0 = 3 }
        try store.receive(.done)
        try await store.finish()
    }

    @Test func wrongStateFailsWithBothStates() async throws {
        let store = await SpinTestStore(spin: Self.timer)
        let failure = await #expect(throws: SpinTestFailure.self) {
            try await store.send(.start) { $0 = 5 }
        }
        #expect(failure?.message == "state after start differs: expected 5, actual 1")
    }

    @Test func unassertedEventsFailSendAndFinish() async throws {
        let store = await SpinTestStore(spin: Self.timer)
        try await store.send(.start) { $0 = 1 }
        await store.advance(by: .seconds(2))
        let sendFailure = await #expect(throws: SpinTestFailure.self) { try await store.send(.start) }
        #expect(sendFailure?.message == "3 received event(s) must be asserted before sending start: tick, tick, done")
        let finishFailure = await #expect(throws: SpinTestFailure.self) { try await store.finish() }
        #expect(finishFailure?.message == "3 received event(s) were not asserted: tick, tick, done")
    }

    @Test func pendingTimersFailFinish() async throws {
        let store = await SpinTestStore(spin: Self.timer)
        try await store.send(.start) { $0 = 1 }
        let failure = await #expect(throws: SpinTestFailure.self) { try await store.finish() }
        #expect(failure?.message == "effects are still waiting on the clock (next deadline at 1.0 seconds); advance the clock or cancel them")
    }

    @Test func receivingTheWrongEventOrOriginFails() async throws {
        let store = await SpinTestStore(spin: Self.timer)
        try await store.send(.start) { $0 = 1 }
        await store.advance(by: .seconds(1))
        let wrongEvent = #expect(throws: SpinTestFailure.self) { try store.receive(.done) }
        #expect(wrongEvent?.message == "expected done, but tick was reduced (from feedback#0)")
        // A mismatch does not consume the step: the right assertion still succeeds.
        try store.receive(.tick) { $0 = 2 }
        let nothing = #expect(throws: SpinTestFailure.self) { try store.receive(.tick) }
        #expect(nothing?.message == "expected tick to be reduced, but no event was")
        await store.advance(by: .seconds(1))
        store.skipReceivedEvents()
        #expect(store.state == 3)
    }
}
