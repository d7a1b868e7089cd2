/// Where each Unicode scalar of a text was written in a source file, for a text that is not laid
/// out as written: a YAML scalar with escapes (`"\u0020n + zz"`), `''` in single quotes, lines
/// folded into one, or a block scalar whose indentation was taken off. A diagnostic inside such a
/// text (an unknown name in a guard) is located through it, at the character the user wrote.
///
/// One entry per scalar of the text plus one for the position just after it. Texts laid out as
/// written (one line, no escapes: nearly all) have no layout: their positions follow from where
/// they start.
public struct SourceLayout: Hashable, Sendable {
    /// 1-based lines and columns.
    private let lines: [Int32]
    private let columns: [Int32]

    /// A layout from the positions of each scalar and of the end.
    init(lines: [Int32], columns: [Int32]) {
        self.lines = lines
        self.columns = columns
    }

    /// How many scalars it places (one less than its positions).
    var count: Int { lines.count - 1 }

    /// The line and column of scalar `offset` (the end for `count`).
    func position(at offset: Int) -> (line: Int, column: Int) {
        let index = min(max(offset, 0), lines.count - 1)
        return (Int(lines[index]), Int(columns[index]))
    }

    /// The layout of the scalars `range` of the text (a template's hole).
    func slice(_ range: Range<Int>) -> SourceLayout? {
        guard range.lowerBound >= 0, range.upperBound < lines.count else { return nil }
        return SourceLayout(lines: Array(lines[range.lowerBound...range.upperBound]), columns: Array(columns[range.lowerBound...range.upperBound]))
    }
}
