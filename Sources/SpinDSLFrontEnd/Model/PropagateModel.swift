/// A resolved `propagate: gear.event` with its payload expressions, in the event's field order.
package struct PropagateModel: Sendable {
    /// The gear's index in the spec.
    package let gear: Int
    /// The event's index in the gear's events.
    package let event: Int
    package let payload: [TypedExpression]
}
