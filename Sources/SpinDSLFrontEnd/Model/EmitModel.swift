/// An event to emit with its payload expressions, in the event's field order.
package struct EmitModel: Sendable {
    package let event: Int
    package let payload: [TypedExpression]
}
