/// Why libyaml stopped, copied out of its parser (see `YAMLParseEvent.failed`), so that the
/// diagnostic can be worded where the source text is, after the parser is gone.
struct YAMLParseFailure: Sendable {
    /// What kind of failure libyaml reports.
    package enum Kind: Sendable {
        /// The parser could not even be set up.
        case parserNotStarted
        /// libyaml ran out of memory.
        case memory
        /// The bytes are not text libyaml reads (bad encoding, control characters): located by
        /// byte offset, not by mark.
        case reader
        /// The YAML itself is malformed (scanner or parser error): located by `problemMark`.
        case syntax
    }

    let kind: Kind
    /// libyaml's description of the problem.
    let problem: String
    /// For `reader`: the byte offset of the problem, and the offending value (-1 when none).
    let problemOffset: Int
    let problemValue: Int32
    /// For `syntax`: libyaml's 0-based line and column of the problem.
    let problemLine: Int
    let problemColumn: Int
    /// For `syntax`: what libyaml was reading, and where that started (0-based), if it says.
    let context: String?
    let contextLine: Int
    let contextColumn: Int

    /// A failure with nothing but its kind (`parserNotStarted`).
    init(kind: Kind) {
        self.init(kind: kind, problem: "", problemOffset: 0, problemValue: -1, problemLine: 0, problemColumn: 0,
                  context: nil, contextLine: 0, contextColumn: 0)
    }

    init(kind: Kind, problem: String, problemOffset: Int, problemValue: Int32, problemLine: Int, problemColumn: Int,
         context: String?, contextLine: Int, contextColumn: Int) {
        self.kind = kind
        self.problem = problem
        self.problemOffset = problemOffset
        self.problemValue = problemValue
        self.problemLine = problemLine
        self.problemColumn = problemColumn
        self.context = context
        self.contextLine = contextLine
        self.contextColumn = contextColumn
    }
}
