/// The part of a source line quoted under a diagnostic, and the caret line under its column.
///
/// A line is quoted whole when it is short. A long one (a 150 KB flow list on one line, 64 MiB of
/// NUL bytes read from `/dev/zero`) is quoted as a window of `width` characters around the column,
/// its cut ends marked `…`, so that a diagnostic costs the same however long its line is.
/// Control characters other than tab are written as JSON escapes (`\u0000`, `\u001b`), so that a
/// quoted line cannot move the terminal's cursor or forge lines of output; tabs are kept so that
/// the caret lines up under the same column in a terminal.
struct SourceExcerpt {
    /// The quoted text.
    let text: String
    /// Spaces (and tabs) up to the caret, then the caret.
    let caret: String

    /// The most characters of a line quoted.
    static let width = 160

    init(line: Substring, column: Int) {
        let scalars = line.unicodeScalars
        let target = max(0, column - 1)
        // Only the window is walked; a line of 64 MiB is never copied or scanned past it.
        let half = Self.width / 2
        var start = scalars.startIndex
        var skipped = 0
        if target > half {
            start = scalars.index(start, offsetBy: target - half, limitedBy: scalars.endIndex) ?? scalars.endIndex
            skipped = scalars.distance(from: scalars.startIndex, to: start)
            // Near the end of the line the window reaches back, so that it still shows `width`.
            if scalars.index(start, offsetBy: Self.width, limitedBy: scalars.endIndex) == nil {
                let shift = min(skipped, Self.width - scalars.distance(from: start, to: scalars.endIndex))
                start = scalars.index(start, offsetBy: -shift)
                skipped -= shift
            }
        }
        var text = ""
        var caret = ""
        if skipped > 0 {
            text += "…"
            caret += " "
        }
        var index = start
        var offset = skipped
        var taken = 0
        while index < scalars.endIndex, taken < Self.width {
            let scalar = scalars[index]
            let shown = Self.shown(scalar)
            text += shown
            if offset < target {
                caret += scalar == "\t" ? "\t" : String(repeating: " ", count: shown.unicodeScalars.count)
            }
            scalars.formIndex(after: &index)
            offset += 1
            taken += 1
        }
        if index < scalars.endIndex {
            text += "…"
        }
        self.text = text
        self.caret = caret + "^"
    }

    /// A character as quoted: itself, or the JSON escape of a control character.
    static func shown(_ scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        guard value < 0x20 && scalar != "\t" || value == 0x7F || (0x80...0x9F).contains(value) else {
            return String(scalar)
        }
        let digits = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
