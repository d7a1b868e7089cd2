/// What a rule does.
public enum FeedbackAction: Hashable, Sendable {
    /// `emit: event`, `with: {…}`.
    case emit(EmitDeclaration)
    /// `choose: [...]`.
    case choose([WeightedEmit])
    /// `propagate: gear.event`, `with: {…}`.
    case propagate(gear: Name, event: Name, payload: [Assignment])
    /// `effect: name`, `simulate: {…}`.
    case effect(name: Name, simulate: SimulatedEffect?)
    /// `render: "template"`.
    case render(ExpressionText)
}
