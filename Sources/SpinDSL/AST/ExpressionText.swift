/// The source text of an expression or template, with the location of its first character.
public struct ExpressionText: Hashable, Sendable {
    /// The text as written (without YAML quotes).
    public let text: String
    /// The location of the first character of `text`.
    public let location: SourceLocation

    /// Creates an expression text.
    public init(_ text: String, at location: SourceLocation) {
        self.text = text
        self.location = location
    }
}
