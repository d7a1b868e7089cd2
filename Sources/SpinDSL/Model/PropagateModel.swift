/// A resolved `propagate: gear.event` with its payload expressions, in the event's field order.
struct PropagateModel: Sendable {
    /// The gear's index in the spec.
    let gear: Int
    /// The event's index in the gear's events.
    let event: Int
    let payload: [CompiledExpression]
}
