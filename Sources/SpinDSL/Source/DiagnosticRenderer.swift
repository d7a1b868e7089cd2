/// Renders diagnostics the way compilers do:
///
/// ```
/// Specs/levels.yaml:12:9: error: unknown event 'increseLeft' [#UnknownEvent]
///     on: increseLeft
///         ^
/// hint: did you mean 'increaseLeft'?
/// ```
public struct DiagnosticRenderer: Sendable {
    private let sources: [String: SourceFile]

    /// Creates a renderer that can quote lines from the given files.
    public init(sources: [SourceFile]) {
        var byPath: [String: SourceFile] = [:]
        for source in sources { byPath[source.path] = source }
        self.sources = byPath
    }

    /// The full text of one diagnostic, ending with a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        var out = "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) \(diagnostic.group.tag)\n"
        if let source = sources[diagnostic.location.file], let line = source.line(diagnostic.location.line) {
            // Tabs are kept so that the caret lines up under the same column in a terminal.
            let prefix = line.unicodeScalars.prefix(max(0, diagnostic.location.column - 1))
            let padding = String(prefix.map { $0 == "\t" ? "\t" : " " })
            out += "    \(line)\n    \(padding)^\n"
        }
        if let hint = diagnostic.hint {
            out += "hint: \(hint)\n"
        }
        return out
    }

    /// All diagnostics, in the order given, concatenated.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }
}
