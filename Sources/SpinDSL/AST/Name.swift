/// A name written in a spec, with where it was written.
public struct Name: Hashable, Sendable, CustomStringConvertible {
    /// The name.
    public let text: String
    /// Where it is written.
    public let location: SourceLocation

    /// Creates a located name.
    public init(_ text: String, at location: SourceLocation) {
        self.text = text
        self.location = location
    }

    public var description: String { text }
}
