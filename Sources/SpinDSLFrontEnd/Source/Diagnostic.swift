/// One problem found in a spec: which kind (its group in the catalog), where, how bad, what, and
/// what to do about it.
public struct Diagnostic: Hashable, Sendable {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable, Comparable {
        case error
        case warning
        case note

        private var rank: Int {
            switch self {
            case .error: return 0
            case .warning: return 1
            case .note: return 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Which diagnostic this is: its stable name (`[#UnknownEvent]`) and its catalog entry.
    public var group: DiagnosticGroup
    /// Whether this is an error, a warning or a note.
    public var severity: Severity
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, in one sentence without a trailing period.
    public var message: String
    /// What to do about it ("did you mean 'decreaseLeft'?"), if there is a useful suggestion.
    public var hint: String?

    /// Creates the diagnostic of `group` at `location`, its message and hint written from the
    /// catalog's templates with `values` (`["event": name]` fills `{event}`).
    /// - Parameter suggestion: a hint worked out here (`did you mean 'decreaseLeft'?`); it replaces
    ///   the catalog's hint. When both are nil there is no hint.
    public init(
        _ group: DiagnosticGroup, at location: SourceLocation,
        _ values: KeyValuePairs<String, any CustomStringConvertible> = [:], suggestion: String? = nil
    ) {
        let entry = group.entry
        self.group = group
        self.severity = entry.severity
        self.location = location
        self.message = DiagnosticEntry.fill(entry.message, values)
        self.hint = suggestion ?? entry.hint.map { DiagnosticEntry.fill($0, values) }
    }

    /// A diagnostic whose message was written from the catalog elsewhere (a run-time error shown
    /// with its source line; the exact text a test expects).
    package init(_ group: DiagnosticGroup, at location: SourceLocation, message: String, hint: String? = nil) {
        self.group = group
        self.severity = group.entry.severity
        self.location = location
        self.message = message
        self.hint = hint
    }
}
