/// A 1-based position in a spec file.
///
/// Positions are converted once, at the libyaml boundary, from libyaml's 0-based marks; everything
/// after the reader speaks in these.
///
/// The file is held as a `SourceFileName`, so a location is plain data: copying one (which the
/// reader, the builder and the checker do millions of times for a large spec) involves no reference
/// counting.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file, by name.
    private var fileName: SourceFileName
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int

    /// The path of the file as the user gave it (used verbatim in diagnostics).
    public var file: String {
        get { fileName.path }
        set { fileName = SourceFileName(newValue) }
    }

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.init(file: SourceFileName(file), line: line, column: column)
    }

    /// Creates a location in a file already named, without looking the path up.
    init(file: SourceFileName, line: Int, column: Int) {
        self.fileName = file
        self.line = line
        self.column = column
    }

    /// The location at `line` and `column` in the same file.
    func moved(toLine line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: fileName, line: line, column: column)
    }

    /// `file:line:column`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileName != rhs.fileName { return lhs.file < rhs.file }
        return (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
