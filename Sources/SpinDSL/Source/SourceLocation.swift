/// A 1-based position in a spec file.
///
/// Positions are converted once, at the libyaml boundary, from libyaml's 0-based marks; everything
/// after the reader speaks in these.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path of the file as the user gave it (used verbatim in diagnostics).
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
