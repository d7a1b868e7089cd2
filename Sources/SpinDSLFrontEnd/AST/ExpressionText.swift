/// The source text of an expression or template, with the location of its first character.
public struct ExpressionText: Hashable, Sendable {
    /// The text as written (without YAML quotes).
    public let text: String
    /// The location of the first character of `text`.
    public let location: SourceLocation
    /// Where each character of `text` is in the source, when it is not laid out as written from
    /// `location` on (escapes, folded lines, block indentation: see `SourceLayout`).
    public let layout: SourceLayout?

    /// Creates an expression text.
    public init(_ text: String, at location: SourceLocation, layout: SourceLayout? = nil) {
        self.text = text
        self.location = location
        self.layout = layout
    }
}
