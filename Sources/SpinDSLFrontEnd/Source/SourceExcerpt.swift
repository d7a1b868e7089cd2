/// The part of a source line quoted under a diagnostic, and the caret line under its column.
///
/// A line is quoted whole when it is short. A long one (a 150 KB flow list on one line, 64 MiB of
/// NUL bytes read from `/dev/zero`) is quoted as a window of `width` characters around the column,
/// its cut ends marked `…`, so that a diagnostic costs the same however long its line is.
/// Control characters other than tab are escaped (`TerminalText`: `\u0000`, `\u001b`), so that a
/// quoted line cannot move the terminal's cursor or forge lines of output; tabs are kept so that
/// the caret lines up under the same column in a terminal.
struct SourceExcerpt {
    /// The quoted text.
    let text: String
    /// Spaces (and tabs) up to the caret, then the caret.
    let caret: String

    /// The most characters of a line quoted.
    static let width = 160

    /// Where an excerpt of a line started: excerpts of one line taken in column order (as a
    /// renderer takes a list of diagnostics) walk the line once in all, not once each.
    struct Cursor {
        /// The file and line.
        let location: SourceLocation
        /// The scalar offset in the line, and its index.
        var offset: Int
        var index: String.Index
    }

    /// The excerpt of `line` around `column`.
    init(line: Substring, column: Int) {
        var cursor: Cursor?
        self.init(line: line, column: column, at: SourceLocation(file: "", line: 0, column: 0), cursor: &cursor)
    }

    /// The excerpt of `line` (at `location`) around its column, walking on from `cursor` when it
    /// is on the same line and not past the window; `cursor` is left at the window's start.
    init(line: Substring, column: Int, at location: SourceLocation, cursor: inout Cursor?) {
        let scalars = line.unicodeScalars
        let target = max(0, column - 1)
        // Only the window is walked (from the line's start or the cursor); a line of 64 MiB is
        // never copied or scanned past it.
        let wanted = max(0, target - Self.width / 2)
        var start = scalars.startIndex
        var skipped = 0
        if let previous = cursor, previous.location.isOnLine(of: location), previous.offset <= wanted {
            start = previous.index
            skipped = previous.offset
        }
        while skipped < wanted, start < scalars.endIndex {
            scalars.formIndex(after: &start)
            skipped += 1
        }
        if skipped > 0 {
            // Near the end of the line the window reaches back, so that it still shows `width`.
            var probe = start
            var available = 0
            while available < Self.width, probe < scalars.endIndex {
                scalars.formIndex(after: &probe)
                available += 1
            }
            var shift = min(skipped, Self.width - available)
            while shift > 0 {
                scalars.formIndex(before: &start)
                skipped -= 1
                shift -= 1
            }
        }
        cursor = Cursor(location: location, offset: skipped, index: start)
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

    /// A character as quoted: itself, or the escape of a control character (tabs are kept).
    static func shown(_ scalar: Unicode.Scalar) -> String {
        guard scalar != "\t", TerminalText.isControl(scalar) else { return String(scalar) }
        return TerminalText.escape(scalar)
    }
}
