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

    /// The prefix of the names the language gives what it makes for itself (a send's fields:
    /// `Sends`); no name a spec declares has it (`NameRule.reservedMeaning`).
    static let languagePrefix = "__"

    /// Whether the language made this name for itself.
    var isLanguages: Bool { text.hasPrefix(Self.languagePrefix) }
}
