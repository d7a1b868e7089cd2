/// The text of a spec, kept so that diagnostics can quote the offending line.
public struct SourceFile: Sendable {
    /// The path shown in diagnostics.
    public let path: String
    /// The whole text.
    public let text: String
    private let lineStarts: [String.Index]

    /// Creates a source file from its path and text.
    public init(path: String, text: String) {
        self.path = path
        // A byte-order mark is not part of line 1 as an editor shows it; dropping it keeps carets
        // under the right column.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        self.text = text
        var starts = [text.startIndex]
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            // "\r\n" is one Character in Swift, so this counts CRLF once.
            if character.isNewline {
                starts.append(index)
            }
        }
        self.lineStarts = starts
    }

    /// The text of a 1-based line without its terminator, or nil when out of range.
    public func line(_ number: Int) -> Substring? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] : text.endIndex
        while end > start, text[text.index(before: end)].isNewline {
            end = text.index(before: end)
        }
        return text[start..<end]
    }
}
