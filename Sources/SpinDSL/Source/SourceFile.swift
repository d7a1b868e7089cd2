/// The text of a spec, kept so that diagnostics can quote the offending line.
public struct SourceFile: Sendable {
    /// The path shown in diagnostics.
    public let path: String
    /// The whole text.
    public let text: String
    /// UTF-8 offsets of the line starts: found with one pass over the bytes, since every file is
    /// read into one of these and most are never quoted.
    private let lineStarts: [Int]

    /// Creates a source file from its path and text.
    public init(path: String, text: String) {
        self.path = path
        // A byte-order mark is not part of line 1 as an editor shows it; dropping it keeps carets
        // under the right column.
        var text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        // Offsets are only O(1) to turn into indices in native UTF-8; bridged text is copied once.
        text.makeContiguousUTF8()
        self.text = text
        lineStarts = Self.lineStarts(text.utf8)
    }

    /// Where each line starts. The breaks are those `Character.isNewline` accepts, each of which is
    /// a character of its own ("\r\n" counting once): LF, VT, FF, CR, NEL, LS and PS.
    private static func lineStarts(_ utf8: String.UTF8View) -> [Int] {
        utf8.withContiguousStorageIfAvailable(lineStarts) ?? lineStarts(Array(utf8))
    }

    private static func lineStarts<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> [Int] where Bytes.Index == Int {
        var starts = [0]
        let first = bytes.startIndex
        var offset = first
        let end = bytes.endIndex
        while offset < end {
            let byte = bytes[offset]
            offset &+= 1
            // Nearly every byte is text: ASCII after the line breaks, or a UTF-8 continuation byte
            // below 0x85. One comparison lets those by; the bytes before this one are looked at
            // only for the few that can end a line.
            if byte &- 0x0E < 0x85 &- 0x0E { continue }
            let previous: UInt8 = offset &- 2 >= first ? bytes[offset &- 2] : 0
            switch byte {
            case 0x0A:
                // The LF of a CRLF ends the line the CR already ended.
                if previous == 0x0D { starts[starts.count &- 1] = offset } else { starts.append(offset) }
            case 0x0B, 0x0C, 0x0D:
                starts.append(offset)
            case 0x85 where previous == 0xC2:
                starts.append(offset)
            case 0xA8, 0xA9:
                let beforePrevious: UInt8 = offset &- 3 >= first ? bytes[offset &- 3] : 0
                if previous == 0x80, beforePrevious == 0xE2 { starts.append(offset) }
            default:
                break
            }
        }
        return starts
    }

    /// The text of a 1-based line without its terminator, or nil when out of range.
    public func line(_ number: Int) -> Substring? {
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
