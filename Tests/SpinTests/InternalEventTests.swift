import Testing
@testable import Spin

/// The internal-event rule of docs/semantics.md (`Spin.withInternalEvents(_:)`): after every step,
/// and after the start, the loop reduces what the source raises before any queued event.
@Suite struct InternalEventTests {
    enum Event: Sendable, Equatable {
        case set(Int)
        case next
        case fromFeedback
        case fromOutside
    }

    struct Step: Equatable, CustomStringConvertible {
        let event: Event
        let origin: EventOrigin
        let state: Int
        var description: String { "\(event)@\(origin)->\(state)" }
    }

    static func reduce(_ state: Int, _ event: Event) -> Int {
        switch event {
        case .set(let value): return value
        case .next: return state + 1
        case .fromFeedback: return state + 100
        case .fromOutside: return state + 1000
        }
    }

    /// A source that raises `next` while the state is in 1..<4.
    @Sendable static func raiseUntilFour(_ state: Int) -> (event: Event, source: String)? {
        (1..<4).contains(state) ? (.next, "raised") : nil
    }

    static func record(_ runtime: SpinRuntime<Int, Event>) -> Recorder<Step> {
        let steps = Recorder<Step>()
        runtime.onStep { steps.append(Step(event: $0.event, origin: $0.origin, state: $0.state)) }
        return steps
    }

    /// Raised events run to completion: an event a feedback returned and an event emitted from
    /// outside during the chain both wait until the source answers nil, in their queue order.
    @Test func raisedEventsAreReducedBeforeQueuedAndFeedbackEvents() async {
        let runtimeBox = LateBox<SpinRuntime<Int, Event>>()
        let spin = Spin<Int, Event>(initialState: 0) {
            Feedback(effect: { (state: Int) -> Event? in
                if state == 2 { runtimeBox.value?.emit(.fromOutside) }
                return state == 1 ? .fromFeedback : nil
            })
            Reducer(Self.reduce)
        }.withInternalEvents(Self.raiseUntilFour)
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtimeBox.set(runtime)
        let steps = Self.record(runtime)
        runtime.start()
        runtime.emit(.set(1))
        await runtime.awaitIdle()
        let raised = EventOrigin.internal(source: "raised")
        #expect(steps.values == [
            Step(event: .set(1), origin: .input, state: 1),
            Step(event: .next, origin: raised, state: 2),
            Step(event: .next, origin: raised, state: 3),
            Step(event: .next, origin: raised, state: 4),
            // State 1's feedback answer, then the emit made while state 2 was delivered.
            Step(event: .fromFeedback, origin: .feedback(index: 0, name: nil), state: 104),
            Step(event: .fromOutside, origin: .input, state: 1104),
        ])
    }

    /// The source is asked once the initial state is delivered, before events emitted before the
    /// start and before what the feedbacks answered to the initial state.
    @Test func theSourceIsAskedAfterTheStartBeforeAnyQueuedEvent() async {
        let spin = Spin<Int, Event>(initialState: 2) {
            Feedback(effect: { (state: Int) -> Event? in state == 2 ? .fromFeedback : nil })
            Reducer(Self.reduce)
        }.withInternalEvents(Self.raiseUntilFour)
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        let steps = Self.record(runtime)
        runtime.emit(.fromOutside)
        runtime.start()
        await runtime.awaitIdle()
        #expect(steps.values.map(\.description) == [
            "next@raised->3", "next@raised->4", "fromOutside@input->1004", "fromFeedback@feedback#0->1104",
        ])
    }

    /// An unchanged step is followed by a question too; a raised event that changes nothing is a
    /// step like any other (and the feedbacks are not asked again).
    @Test func theSourceIsAskedAfterUnchangedStepsToo() async {
        let asked = Recorder<Int>()
        let spin = Spin<Int, Event>(initialState: 0) {
            Feedback(effect: { (state: Int) -> Event? in nil })
            Reducer(Self.reduce)
        }.withInternalEvents { state in
            asked.append(state)
            return state == 5 && asked.values.count < 4 ? (.set(5), "eventless") : nil
        }
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        let steps = Self.record(runtime)
        runtime.start()
        runtime.emit(.set(5))
        await runtime.awaitIdle()
        #expect(asked.values == [0, 5, 5, 5])
        #expect(steps.values.map(\.description) == ["set(5)@input->5", "set(5)@eventless->5", "set(5)@eventless->5"])
    }

    /// `stop()` from an observer ends an endless chain of raised events.
    @Test func stopEndsAnEndlessChain() async {
        let runtimeBox = LateBox<SpinRuntime<Int, Event>>()
        let spin = Spin<Int, Event>(initialState: 0, feedbacks: [], reducer: Reducer(Self.reduce))
            .withInternalEvents { _ in (.next, "forever") }
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtimeBox.set(runtime)
        runtime.onStep { step in
            if step.number == 1000 { runtimeBox.value?.stop() }
        }
        runtime.start()
        await runtime.awaitIdle()
        #expect(runtime.isStopped)
        #expect(runtime.stepCount == 1000)
        #expect(runtime.state == 1000)
    }

    /// The origin of a raised event names its source.
    @Test func theOriginNamesTheSource() {
        #expect(EventOrigin.internal(source: "eventless").description == "eventless")
        #expect(EventOrigin.internal(source: "raised") != .internal(source: "eventless"))
    }

    /// The same rule when the state cannot be aliased and with more feedbacks than a chain holds:
    /// the drain's other delivery path asks the source the same way.
    @Test func theRuleHoldsOnTheSlotBySlotPath() async {
        let feedbacks = (0...SpinRuntime<[Int], Int>.maximumChainedFeedbacks).map { index in
            Feedback<[Int], Int>(effect: { (log: [Int]) -> Int? in index == 0 && log == [1] ? 100 : nil })
        }
        let spin = Spin<[Int], Int>(initialState: [], feedbacks: feedbacks, reducer: Reducer { log, event in log + [event] })
            .withInternalEvents { log in log.count < 3 && log.first == 1 ? (log.count + 1, "raised") : nil }
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtime.start()
        runtime.emit(1)
        await runtime.awaitIdle()
        #expect(runtime.state == [1, 2, 3, 100])
    }
}
