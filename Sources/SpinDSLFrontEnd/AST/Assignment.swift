/// `field: expression` in a `set` or a `with`.
public struct Assignment: Hashable, Sendable {
    /// The field assigned.
    public let field: Name
    /// The value.
    public let value: ExpressionText

    /// Creates an assignment.
    public init(field: Name, value: ExpressionText) {
        self.field = field
        self.value = value
    }
}
