/// When a rule acts.
public enum FeedbackTrigger: Hashable, Sendable {
    /// Every new state.
    case everyState
    /// `when: expr` — every new state where it holds.
    case when(ExpressionText)
    /// `becomes: expr` — on the rising edge, including the initial state.
    case becomes(ExpressionText)
    /// `changes: expr` — when the value changes, including the initial state.
    case changes(ExpressionText)
    /// `enter: S` — on entering one of the states (or starting in one).
    case enter([Name])
    /// `in: S` — every new state while in one of the states.
    case inStates([Name])
    /// `catch: gear.event` — when the gear carries the event.
    case gearEvent(gear: Name, event: Name)
}
