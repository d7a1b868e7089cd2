/// Maps offsets in a piece of spec text (counted in Unicode scalars) to source locations.
///
/// Expressions and templates are embedded in YAML scalars; the reader tells us where the scalar's
/// text begins, and every diagnostic inside it is reported relative to that. Lines are tracked too,
/// because block scalars can span several lines.
///
/// Counters here and in the lexer, parser and template scanner use wrapping `&+`: they are bounded by
/// the text's length so they cannot overflow, and the project rule is that no arithmetic may trap.
package struct TextPositions: Sendable {
    private let base: SourceLocation
    private let lines: [Int]
    private let columns: [Int]
    /// Where each scalar was written, for a text not laid out as written (see `SourceLayout`).
    private let layout: SourceLayout?

    /// Positions for `scalars`, whose first scalar is at `base`, or as `layout` places them.
    package init(_ scalars: [Unicode.Scalar], base: SourceLocation, layout: SourceLayout? = nil) {
        self.base = base
        if let layout, layout.count == scalars.count {
            self.layout = layout
            lines = []
            columns = []
            return
        }
        self.layout = nil
        var lines: [Int] = []
        var columns: [Int] = []
        lines.reserveCapacity(scalars.count &+ 1)
        columns.reserveCapacity(scalars.count &+ 1)
        var line = base.line
        var column = base.column
        for (offset, scalar) in scalars.enumerated() {
            lines.append(line)
            columns.append(column)
            // "\r\n" counts as one line break, as in SourceFile; a lone "\r" is a break on its own.
            let nextIsNewline = offset &+ 1 < scalars.count && scalars[offset &+ 1] == "\n"
            if scalar == "\n" || (scalar == "\r" && !nextIsNewline) {
                line &+= 1
                column = 1
            } else {
                column &+= 1
            }
        }
        lines.append(line)
        columns.append(column)
        self.lines = lines
        self.columns = columns
    }

    /// The location of the scalar at `offset`; offsets past the end map to just after the text.
    package func location(at offset: Int) -> SourceLocation {
        if let layout {
            let position = layout.position(at: offset)
            return base.moved(toLine: position.line, column: position.column)
        }
        let index = min(max(offset, 0), lines.count &- 1)
        return base.moved(toLine: lines[index], column: columns[index])
    }

    /// The layout of the scalars in `range` (a template's hole), when the text has one.
    func layout(of range: Range<Int>) -> SourceLayout? {
        layout?.slice(range)
    }
}

extension Array where Element == Unicode.Scalar {
    /// The scalars in `range` as a String.
    func text(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: self[range.clamped(to: indices)])
        return String(view)
    }
}
