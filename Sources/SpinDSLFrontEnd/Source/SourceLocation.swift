/// A 1-based position in a spec file.
///
/// Positions are converted once, at the libyaml boundary, from libyaml's 0-based marks; everything
/// after the reader speaks in these.
///
/// A location is small plain data, because the reader, the builder and the checker copy millions
/// of them for a large spec (every YAML node holds one or two): the file is held as a
/// `SourceFileName`, so copies involve no reference counting, and the line and column are kept in
/// 32 bits, which makes a location 12 bytes instead of 32. A line or column past `Int32.max`
/// (a file of more than 2 GiB, 32 times `YAMLLimits.maxBytes`' default) reads back as `Int32.max`.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file, by name.
    private var fileName: SourceFileName
    private var storedLine: Int32
    private var storedColumn: Int32

    /// 1-based line number.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    /// 1-based column, counted in Unicode scalars.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

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
        self.storedLine = Int32(clamping: line)
        self.storedColumn = Int32(clamping: column)
    }

    /// The location at `line` and `column` in the same file.
    func moved(toLine line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: fileName, line: line, column: column)
    }

    /// Whether this location is in the file and on the line of `other` (any column).
    func isOnLine(of other: SourceLocation) -> Bool {
        fileName == other.fileName && storedLine == other.storedLine
    }

    /// `file:line:column`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileName != rhs.fileName { return lhs.file < rhs.file }
        return (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }
}
