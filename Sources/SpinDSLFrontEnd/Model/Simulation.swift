/// What an unbound named effect does, over the type of its expressions: checked trees in the
/// model (`SimulationModel`), code once compiled (`SimulationCode`).
package struct Simulation<Expression: Sendable>: Sendable {
    /// `after`: the latency of outcomes without their own.
    package let delay: Timing<Expression>?
    /// The outcomes: one for `emit`, one per choice for `choose`, each with its own `after`.
    package let outcome: [(weight: Int, delay: Timing<Expression>?, emit: Emit<Expression>)]

    /// The same simulation with each expression transformed (compiled).
    package func map<Other>(_ transform: (Expression) -> Other) -> Simulation<Other> {
        Simulation<Other>(
            delay: delay?.map(transform),
            outcome: outcome.map { (weight: $0.weight, delay: $0.delay?.map(transform), emit: $0.emit.map(transform)) })
    }
}

/// What an unbound named effect does, resolved.
package typealias SimulationModel = Simulation<TypedExpression>
