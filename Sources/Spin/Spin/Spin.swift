/// A feedback loop: an initial state, feedbacks that turn states into events, and a reducer that
/// turns events into states.
///
/// Build one with the builder, `Spinner.initialState(s).feedback(f1).feedback(f2).reducer(r)`, or
/// declaratively: `Spin(initialState: s) { Feedback(effect: f1); Feedback(effect: f2); Reducer(r) }`.
/// Run it with a `SpinRuntime`.
public struct Spin<State: Sendable, Event: Sendable>: Sendable, EffectPlacing {
    /// The state the loop starts in; every feedback sees it before any event is reduced.
    public let initialState: State
    /// The feedbacks, in declaration order: every state reaches them in this order.
    public let feedbacks: [Feedback<State, Event>]
    /// The state machine.
    public let reducer: Reducer<State, Event>
    /// How to tell that an event changed nothing. Nil when `State` is not `Equatable` and none was
    /// given: then every reduction counts as a change.
    let isSameState: (@Sendable (State, State) -> Bool)?
    /// The internal-event source, if any (see `withInternalEvents(_:)`).
    let internalEvents: InternalEventSource?
    /// Where the effects of feedbacks without a place of their own run (`execute(on:)`).
    public private(set) var effectPlace: EffectPlace?

    /// Asked by the loop, after every step, for an event to reduce before any queued one: an event
    /// and the name of its source, or nil when there is none.
    public typealias InternalEventSource = @Sendable (State) -> (event: Event, source: String)?

    /// Creates a spin whose states are compared with `isSameState` to detect events that change
    /// nothing (those states are not delivered again).
    public init(
        initialState: State,
        feedbacks: [Feedback<State, Event>],
        reducer: Reducer<State, Event>,
        isSameState: (@Sendable (State, State) -> Bool)?
    ) {
        self.initialState = initialState
        self.feedbacks = feedbacks
        self.reducer = reducer
        self.isSameState = isSameState
        self.internalEvents = nil
    }

    private init(_ spin: Spin, internalEvents: InternalEventSource?) {
        self.initialState = spin.initialState
        self.feedbacks = spin.feedbacks
        self.reducer = spin.reducer
        self.isSameState = spin.isSameState
        self.internalEvents = internalEvents
        self.effectPlace = spin.effectPlace
    }

    /// The same spin with the effects of every feedback that has no place of its own run at
    /// `place` (Spin.Swift's `executeOn:`; see `Feedback.execute(on:)`). `execute(on:
    /// MainActor.shared)` runs them on the main actor.
    public func execute(on place: EffectPlace) -> Spin {
        var copy = self
        copy.effectPlace = place
        return copy
    }

    /// The same spin with an internal-event source: events the spin raises itself and reduces to
    /// completion before it takes any other (SCXML's internal queue; a statechart's raised and
    /// eventless transitions).
    ///
    /// After every reduced step (changed or not), once its observers and feedbacks have seen it,
    /// and after `start()` has delivered the initial state, the loop asks `source` with the current
    /// state. An answer is reduced next, as a normal step (observers, then feedbacks if the state
    /// changed), with origin `.internal(source:)`; then the loop asks again, until `source`
    /// answers nil. Only then does it take the next queued event: events queued meanwhile, by
    /// feedbacks or from outside, wait. `stop()` ends the loop even if `source` never answers nil.
    ///
    /// `source` runs on the loop's drainer, without the lock, like a synchronous feedback; it
    /// should be a pure function of the state. A spin without a source pays nothing for it.
    public func withInternalEvents(_ source: @escaping InternalEventSource) -> Spin {
        Spin(self, internalEvents: source)
    }

    /// Creates a spin. `State` is not `Equatable`, so every reduction counts as a change.
    public init(initialState: State, feedbacks: [Feedback<State, Event>], reducer: Reducer<State, Event>) {
        self.init(initialState: initialState, feedbacks: feedbacks, reducer: reducer, isSameState: nil)
    }

    /// Creates a spin declaratively: feedbacks first, in order, then the reducer.
    public init(initialState: State, @SpinBuilder<State, Event> _ content: () -> SpinBuilder<State, Event>.Definition) {
        let definition = content()
        self.init(initialState: initialState, feedbacks: definition.feedbacks, reducer: definition.reducer, isSameState: nil)
    }
}

extension Spin where State: Equatable {
    /// Creates a spin; a reduction that leaves the state equal changes nothing.
    public init(initialState: State, feedbacks: [Feedback<State, Event>], reducer: Reducer<State, Event>) {
        self.init(initialState: initialState, feedbacks: feedbacks, reducer: reducer, isSameState: { $0 == $1 })
    }

    /// Creates a spin declaratively; a reduction that leaves the state equal changes nothing.
    public init(initialState: State, @SpinBuilder<State, Event> _ content: () -> SpinBuilder<State, Event>.Definition) {
        let definition = content()
        self.init(initialState: initialState, feedbacks: definition.feedbacks, reducer: definition.reducer, isSameState: { $0 == $1 })
    }
}
