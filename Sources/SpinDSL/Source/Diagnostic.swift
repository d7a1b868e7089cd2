/// One problem found in a spec: where, how bad, what, and what to do about it.
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

    /// Whether this is an error, a warning or a note.
    public var severity: Severity
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, in one sentence without a trailing period.
    public var message: String
    /// What to do about it ("did you mean 'decreaseLeft'?"), if there is a useful suggestion.
    public var hint: String?

    /// Creates a diagnostic.
    public init(_ severity: Severity, at location: SourceLocation, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
    }

    /// Shorthand for an error.
    public static func error(at location: SourceLocation, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, at: location, message, hint: hint)
    }

    /// Shorthand for a warning.
    public static func warning(at location: SourceLocation, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, at: location, message, hint: hint)
    }
}
