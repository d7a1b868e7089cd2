/// An event to emit with its payload expressions, in the event's field order.
struct EmitModel: Sendable {
    let event: Int
    let payload: [CompiledExpression]
}
