/// The state machine of a spin: a pure function from a state and an event to the next state.
///
/// Reducers never perform side effects; feedbacks do. A reducer may be written in three ways, all
/// equivalent in meaning:
/// - `Reducer { state, event in … }` returns a new state (the Spin.Swift form);
/// - `Reducer(mutating: { state, event in … })` mutates the state in place, which avoids copying
///   large states;
/// - `Reducer(reportingChanges: { state, event in … })` mutates in place and returns whether the
///   state changed, so the runtime never has to compare states (used by compiled specs);
/// - `Reducer(effectful: { state, event in … })` mutates in place and may return a
///   `ReducerEffect`, which the loop runs as an effect and whose events it reduces (Swivel's
///   habit; the reducer stays pure: it describes the work, the loop does it).
public struct Reducer<State: Sendable, Event: Sendable>: Sendable {
    /// What a reduction tells the runtime about whether the state changed.
    enum Outcome {
        case changed
        case unchanged
        /// The reducer cannot tell; the runtime compares the states if it knows how.
        case unknown
    }

    let apply: @Sendable (inout State, Event) -> Outcome
    /// The function given to `init(reportingChanges:)`, which the runtime calls as is: wrapping it
    /// in `apply` and unwrapping the outcome again would cost two closure calls per step.
    let reportsChanges: (@Sendable (inout State, Event) -> Bool)?
    /// True when `apply` returns `.unknown`, so the runtime must keep the previous state to compare.
    let needsComparison: Bool
    /// For a reducer that returns effects (`init(effectful:)`, or a composition of one), the
    /// reduction with its effect; `apply` is the same reduction without it.
    let reduceWithEffect: (@Sendable (inout State, Event) -> (Outcome, ReducerEffect<Event>?))?

    /// Creates a reducer from a pure function returning the next state.
    public init(_ reduce: @escaping @Sendable (State, Event) -> State) {
        self.apply = { state, event in
            state = reduce(state, event)
            return .unknown
        }
        self.needsComparison = true
        self.reportsChanges = nil
        self.reduceWithEffect = nil
    }

    /// Creates a reducer that mutates the state in place.
    public init(mutating reduce: @escaping @Sendable (inout State, Event) -> Void) {
        self.apply = { state, event in
            reduce(&state, event)
            return .unknown
        }
        self.needsComparison = true
        self.reportsChanges = nil
        self.reduceWithEffect = nil
    }

    /// Creates a reducer that mutates the state in place and returns `true` when it changed it.
    ///
    /// The runtime trusts the answer: returning `false` means the state is not delivered again.
    public init(reportingChanges reduce: @escaping @Sendable (inout State, Event) -> Bool) {
        self.apply = { state, event in reduce(&state, event) ? .changed : .unchanged }
        self.needsComparison = false
        self.reportsChanges = reduce
        self.reduceWithEffect = nil
    }

    /// Creates a reducer that mutates the state in place and may return an effect to run: the loop
    /// runs it as its own effect, after delivering the new state, and reduces the events it emits
    /// (see `ReducerEffect`). Applied as a function (`callAsFunction`), the reducer only changes
    /// the state.
    public init(effectful reduce: @escaping @Sendable (inout State, Event) -> ReducerEffect<Event>?) {
        self.apply = { state, event in
            _ = reduce(&state, event)
            return .unknown
        }
        self.needsComparison = true
        self.reportsChanges = nil
        self.reduceWithEffect = { state, event in (.unknown, reduce(&state, event)) }
    }

    /// Applies the reducer to a state and an event, as a pure function.
    public func callAsFunction(_ state: State, _ event: Event) -> State {
        var next = state
        _ = apply(&next, event)
        return next
    }
}
