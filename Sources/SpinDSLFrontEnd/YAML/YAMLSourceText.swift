/// The raw bytes of a YAML input, split into lines the way libyaml splits them, so that the
/// reader can look at the text around a position libyaml reported.
///
/// libyaml's marks count lines and characters (Unicode scalars), and it does not count a
/// leading UTF-8 byte-order mark; this type follows the same conventions so that a position
/// found here agrees with libyaml's.
struct YAMLSourceText {
    private let bytes: [UInt8]
    /// Byte offset of the start of each line; computed on first use because most reads never
    /// need it (it is only used for block scalars and error positions).
    private var lineStarts: [Int]?

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The Unicode scalars of a 0-based line, without its line break (and without a leading
    /// byte-order mark on the first line), or nil when out of range. Invalid UTF-8 becomes U+FFFD.
    mutating func scalars(ofLine line: Int) -> [Unicode.Scalar]? {
        let starts = lineStartOffsets()
        guard line >= 0, line < starts.count else { return nil }
        var start = starts[line]
        if line == 0, Self.hasByteOrderMark(bytes) { start = 3 }
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        // Trim the break itself (the last line may have none).
        while end > start {
            let last = bytes[end - 1]
            if last == 0x0A || last == 0x0D { end -= 1; continue }
            if last == 0x85, end - 2 >= start, bytes[end - 2] == 0xC2 { end -= 2; continue }
            if last == 0xA8 || last == 0xA9, end - 3 >= start, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80 {
                end -= 3
                continue
            }
            break
        }
        return Array(String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
    }

    /// The number of lines (a final line without a break counts).
    mutating func lineCount() -> Int {
        lineStartOffsets().count
    }

    /// The 0-based line and column (in Unicode scalars) of a byte offset, for errors libyaml
    /// reports only as an offset (invalid UTF-8). Bytes before the offset are decoded leniently.
    mutating func position(ofByteOffset offset: Int) -> (line: Int, column: Int) {
        let starts = lineStartOffsets()
        let clamped = min(max(offset, 0), bytes.count)
        // The last line start at or before the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = low + (high - low + 1) / 2
            if starts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        var start = starts[low]
        if low == 0, Self.hasByteOrderMark(bytes), clamped >= 3 { start = 3 }
        let column = String(decoding: bytes[start..<max(start, clamped)], as: UTF8.self).unicodeScalars.count
        return (low, column)
    }

    /// The 0-based position of a node's own text given libyaml's start mark for it, which points
    /// at the node's anchor or tag when it has any (`&a !!str value`). Skips those properties and
    /// any spaces, line breaks and comments after them. Returns nil when the result would pass
    /// `limit` (an empty node after its properties) or something unexpected is found.
    mutating func skippingNodeProperties(line: Int, column: Int, limit: (line: Int, column: Int)?) -> (line: Int, column: Int)? {
        var line = line
        var column = column
        let lastLine = min(limit?.line ?? Int.max, lineCount() - 1)
        var sawProperty = false
        while line <= lastLine {
            guard let scalars = scalars(ofLine: line) else { return nil }
            if column >= scalars.count || scalars[column] == "#" {
                // End of line, or a comment running to it.
                line += 1
                column = 0
                continue
            }
            let character = scalars[column]
            if character == " " || character == "\t" {
                column += 1
            } else if character == "&" || character == "!" {
                sawProperty = true
                column += 1
                // Anchors and tags run to the next space or flow indicator.
                while column < scalars.count, !" \t,[]{}".unicodeScalars.contains(scalars[column]) {
                    column += 1
                }
            } else {
                guard sawProperty else { return nil }
                if let limit, (line, column) >= limit { return nil }
                return (line, column)
            }
        }
        return nil
    }

    /// For a byte libyaml rejected as a bad UTF-8 trailing octet, the offset of the lead byte
    /// that started the broken character, so the error points at that character rather than
    /// one column past it. Other offsets are returned unchanged.
    func startOfBrokenCharacter(at offset: Int) -> Int {
        guard offset >= 0, offset <= bytes.count else { return offset }
        var back = 1
        while back <= 3, offset - back >= 0 {
            let byte = bytes[offset - back]
            if byte & 0xC0 == 0x80 { back += 1; continue }
            // A lead byte whose sequence would reach `offset` started the broken character.
            let width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return width > back ? offset - back : offset
        }
        return offset
    }

    static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// Line starts after CRLF, CR, LF, NEL (U+0085), LS (U+2028) and PS (U+2029): libyaml's
    /// line breaks, so line numbers agree with its marks.
    private mutating func lineStartOffsets() -> [Int] {
        if let lineStarts { return lineStarts }
        var starts = [0]
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0D {
                index += (index + 1 < count && bytes[index + 1] == 0x0A) ? 2 : 1
                starts.append(index)
            } else if byte == 0x0A {
                index += 1
                starts.append(index)
            } else if byte == 0xC2, index + 1 < count, bytes[index + 1] == 0x85 {
                index += 2
                starts.append(index)
            } else if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80,
                      bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                index += 3
                starts.append(index)
            } else {
                index += 1
            }
        }
        lineStarts = starts
        return starts
    }
}
