/// An event to emit with its payload, one expression per field in the event's field order, over
/// the type of its expressions: checked trees in the model (`EmitModel`), code once compiled
/// (`EmitCode`).
package struct Emit<Expression: Sendable>: Sendable {
    package let event: Int
    package let payload: [Expression]

    /// The same event with each payload expression transformed (compiled).
    package func map<Other>(_ transform: (Expression) -> Other) -> Emit<Other> {
        Emit<Other>(event: event, payload: payload.map(transform))
    }
}

/// An event to emit, resolved.
package typealias EmitModel = Emit<TypedExpression>
