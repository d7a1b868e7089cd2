/// Text written where people read it: the text trace, quoted source lines. Control characters in
/// it (a spec's strings, names or source bytes) could move a terminal's cursor, recolor it, or
/// forge whole lines of output, so they are written as the escapes JSON uses: `\n`, `\r`, `\t`,
/// `\b`, `\f`, and `\u00XX` for the others (ESC is `\u001b`). C0 controls, DEL and the C1 controls
/// (U+0080 to U+009F, which some terminals obey too) are escaped; everything else is kept.
package enum TerminalText {
    /// `text` with its control characters escaped (tabs kept when `keepingTabs`); `text` itself,
    /// without a copy, when it has none (nearly always: one pass over its bytes).
    package static func escaped(_ text: String, keepingTabs: Bool = false) -> String {
        guard needsEscapes(text, keepingTabs: keepingTabs) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isControl(scalar), !(keepingTabs && scalar == "\t") {
                out += escape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `scalar` is a control character.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The escape of a control character.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{8}": return "\\b"
        case "\u{C}": return "\\f"
        default:
            let digits = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }

    /// Whether any byte of `text` starts a control character: one below 0x20 or DEL, or the C2
    /// lead byte of a C1 control. On the text trace this runs on every line: a plain loop over
    /// the bytes in place.
    private static func needsEscapes(_ text: String, keepingTabs: Bool) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ needsEscapes($0, keepingTabs: keepingTabs) }) {
            return found
        }
        return Array(text.utf8).withUnsafeBufferPointer { needsEscapes($0, keepingTabs: keepingTabs) }
    }

    private static func needsEscapes(_ bytes: UnsafeBufferPointer<UInt8>, keepingTabs: Bool) -> Bool {
        // Most text is printable ASCII throughout: found by a branch-free pass the compiler
        // vectorizes, before the exact pass below.
        var outside: UInt8 = 0
        for byte in bytes { outside |= byte &- 0x20 >= 0x5F ? 1 : 0 }
        guard outside != 0 else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            // One comparison lets printable ASCII (0x20 to 0x7E) by.
            if byte &- 0x20 < 0x5F {
                previous = byte
                continue
            }
            if byte < 0x20 {
                if !(keepingTabs && byte == 0x09) { return true }
            } else if byte == 0x7F || (previous == 0xC2 && byte <= 0x9F && byte >= 0x80) {
                return true
            }
            previous = byte
        }
        return false
    }
}
