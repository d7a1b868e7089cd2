/// A resolved invariant: a condition on a spin's state that holds after every step.
public struct InvariantModel: Sendable {
    /// The invariant's name, where it is declared.
    public let name: Name
    /// The condition, checked.
    package let condition: TypedExpression
    /// The condition as written.
    public var text: String { condition.text }
}
