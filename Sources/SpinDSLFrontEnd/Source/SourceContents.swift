import Spin

/// The text of a `SourceFile` and where its lines start, each made the first time it is needed:
/// every spec is read into a source file, and most are never quoted, so a large one is then never
/// decoded from its bytes nor scanned for line breaks.
final class SourceContents: Sendable {
    private struct State {
        /// The bytes read, until the text is made from them.
        var bytes: [UInt8]?
        var text: String?
        /// UTF-8 offsets of the line starts.
        var lineStarts: [Int]?
    }

    private let state: Locked<State>

    /// Contents that are `text`.
    init(text: String) {
        state = Locked(State(bytes: nil, text: Self.normalized(text), lineStarts: nil))
    }

    /// Contents that are `bytes` decoded, invalid UTF-8 replaced.
    init(bytes: [UInt8]) {
        state = Locked(State(bytes: bytes, text: nil, lineStarts: nil))
    }

    /// The text, without a leading byte-order mark.
    var text: String {
        state.withLock(Self.text)
    }

    /// Where each line of `text` starts.
    var lineStarts: [Int] {
        state.withLock { state in
            if let lineStarts = state.lineStarts { return lineStarts }
            let lineStarts = Self.lineStarts(Self.text(&state).utf8)
            state.lineStarts = lineStarts
            return lineStarts
        }
    }

    private static func text(_ state: inout State) -> String {
        if let text = state.text { return text }
        let text = normalized(String(decoding: state.bytes ?? [], as: UTF8.self))
        state.text = text
        state.bytes = nil
        return text
    }

    /// The text as kept: a byte-order mark is not part of line 1 as an editor shows it, and dropping
    /// it keeps carets under the right column; offsets are only O(1) to turn into indices in native
    /// UTF-8, so bridged text is copied once.
    private static func normalized(_ text: String) -> String {
        var text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        text.makeContiguousUTF8()
        return text
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

}
