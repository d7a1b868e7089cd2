/// The text of a spec, kept so that diagnostics can quote the offending line.
public struct SourceFile: Sendable {
    /// The path shown in diagnostics.
    public let path: String
    /// The text, and where its lines start.
    private let contents: SourceContents

    /// The whole text, without a leading byte-order mark (not part of line 1 as an editor shows it).
    public var text: String { contents.text }

    /// Creates a source file from its path and text.
    public init(path: String, text: String) {
        self.path = path
        contents = SourceContents(text: text)
    }

    /// Creates a source file from its path and the bytes read from it, decoded (invalid UTF-8
    /// replaced) only if the text is asked for: most files are never quoted.
    init(path: String, bytes: [UInt8]) {
        self.path = path
        contents = SourceContents(bytes: bytes)
    }

    /// The text of a 1-based line without its terminator, or nil when out of range.
    public func line(_ number: Int) -> Substring? {
        let (text, lineStarts) = (contents.text, contents.lineStarts)
        guard number >= 1, number <= lineStarts.count else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[number &- 1])
        var end = number < lineStarts.count ? utf8.index(utf8.startIndex, offsetBy: lineStarts[number]) : text.endIndex
        while end > start, text[text.index(before: end)].isNewline {
            end = text.index(before: end)
        }
        return text[start..<end]
    }
}
