import Testing
@testable import Spin

/// The fairness rule of docs/semantics.md: a new state reaches every feedback, and the effects that
/// answer without suspending have answered, before the next event is reduced. Spin.Swift's levels
/// example with effects that are `async` or return streams (its "effects return AnyPublishers"
/// version) ends at (15, 15), as the synchronous one does.
@Suite struct FairnessTests {
    enum Form: String, CaseIterable, Sendable {
        case async, stream
    }

    static func effect(_ form: Form, _ decide: @escaping @Sendable (Levels) -> LevelsEvent?) -> Feedback<Levels, LevelsEvent> {
        switch form {
        case .async:
            return Feedback(effect: { (levels: Levels) async -> LevelsEvent? in decide(levels) })
        case .stream:
            return Feedback(effect: { (levels: Levels) -> AsyncStream<LevelsEvent> in
                AsyncStream { continuation in
                    if let event = decide(levels) { continuation.yield(event) }
                    continuation.finish()
                }
            })
        }
    }

    static func levels(_ form: Form) -> Spin<Levels, LevelsEvent> {
        Spin(initialState: Levels(left: 10, right: 20)) {
            Self.effect(form, leftEffect)
            Self.effect(form, rightEffect)
            Reducer(levelsReducer)
        }
    }

    /// The events of the synchronous levels, the reference: what every form must reduce.
    static let synchronousTrace: [LevelsEvent] = {
        var trace: [LevelsEvent] = []
        var levels = Levels(left: 10, right: 20)
        var queue = [leftEffect(levels: levels), rightEffect(levels: levels)].compactMap { $0 }
        while !queue.isEmpty {
            let event = queue.removeFirst()
            trace.append(event)
            let next = levelsReducer(levels: levels, event: event)
            if next != levels {
                levels = next
                queue += [leftEffect(levels: levels), rightEffect(levels: levels)].compactMap { $0 }
            }
        }
        return trace
    }()

    @Test(arguments: Form.allCases)
    func levelsEndAtFifteenOnTheVirtualClock(form: Form) async {
        let runtime = SpinRuntime(Self.levels(form), clock: VirtualClock())
        let events = Recorder<LevelsEvent>()
        runtime.onStep { events.append($0.event) }
        runtime.start()
        await runtime.awaitIdle()
        #expect(runtime.state == Levels(left: 15, right: 15))
        #expect(events.values == Self.synchronousTrace)
        runtime.stop()
    }

    @Test(arguments: Form.allCases)
    func levelsEndAtFifteenInEveryRunOnTheRealClock(form: Form) async {
        var outcomes: [Levels] = []
        for _ in 0..<100 {
            let runtime = SpinRuntime(Self.levels(form))
            runtime.start()
            await runtime.awaitIdle()
            outcomes.append(runtime.state)
            runtime.stop()
        }
        #expect(outcomes == Array(repeating: Levels(left: 15, right: 15), count: 100))
    }

    /// An effect is started at once without the loop's lock, but not once the loop is stopped: a
    /// step observer that stops the loop on a state keeps that state's effects from running
    /// (the feedbacks still see the state; their effects do nothing).
    @Test(arguments: [false, true])
    func noEffectStartsAfterAStopDuringTheStep(virtual: Bool) async {
        let ran = Recorder<Int>()
        let spin = Spin<Int, Int>(initialState: 0) {
            Feedback(effect: { (state: Int) async -> Int? in
                ran.append(state)
                return state < 3 ? 1 : nil
            })
            Reducer { state, event in state + event }
        }
        let runtime = virtual ? SpinRuntime(spin, clock: VirtualClock()) : SpinRuntime(spin)
        runtime.onStep { [weak runtime] step in if step.state == 2 { runtime?.stop() } }
        runtime.start()
        await runtime.awaitIdle()
        #expect(ran.values == [0, 1])
        #expect(runtime.state == 2 && runtime.stopReason == .requested)
    }

    /// An effect that suspends (here on the loop's clock) has not answered when the next event is
    /// reduced: the rule is about effects that answer without suspending. Its answer comes later
    /// and is reduced as any finished effect's.
    @Test func anEffectThatSuspendsAnswersLater() async {
        let clock = VirtualClock()
        let spin = Spin<Int, Int>(initialState: 0) {
            Feedback(effect: { (state: Int) async -> Int? in
                guard state == 0 else { return nil }
                try? await SpinClock.sleep(for: .seconds(1))
                return 100
            }, strategy: .continueOnNewState)
            Feedback(effect: { (state: Int) async -> Int? in state == 0 ? 1 : nil })
            Reducer { state, event in state + event }
        }
        let runtime = SpinRuntime(spin, clock: clock)
        let events = Recorder<Int>()
        runtime.onStep { events.append($0.event) }
        runtime.start()
        await runtime.awaitIdle()
        #expect(events.values == [1])
        await clock.advance(by: .seconds(1))
        await runtime.awaitIdle()
        #expect(events.values == [1, 100])
        runtime.stop()
    }
}
