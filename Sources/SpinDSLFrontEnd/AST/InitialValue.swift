/// The initial value of a data field, as written.
public struct InitialValue: Hashable, Sendable {
    /// The scalar's text.
    public let text: String
    /// Whether the scalar was quoted (quoted scalars are always strings).
    public let isQuoted: Bool
    /// Where it is written.
    public let location: SourceLocation

    /// Creates an initial value.
    public init(text: String, isQuoted: Bool, at location: SourceLocation) {
        self.text = text
        self.isQuoted = isQuoted
        self.location = location
    }
}
