/// One entry of a spin's `invariants`: a name and a boolean expression that holds after every step.
public struct InvariantDeclaration: Hashable, Sendable {
    /// The invariant's name.
    public let name: Name
    /// The condition.
    public let condition: ExpressionText

    /// Creates an invariant declaration.
    public init(name: Name, condition: ExpressionText) {
        self.name = name
        self.condition = condition
    }
}
