/// Renders diagnostics the way compilers do:
///
/// ```
/// Specs/levels.yaml:12:9: error: unknown event 'increseLeft' [#UnknownEvent]
///     on: increseLeft
///         ^
/// hint: did you mean 'increaseLeft'?
/// ```
///
/// What is written is bounded whatever the spec: a source line is quoted as a window around the
/// column (`SourceExcerpt`), and a list of diagnostics is cut after `limit` of them, errors first,
/// with a note saying how many more there are and where the first of them is.
///
/// In the `compiler` style each diagnostic is one line and its hint a `note:` line at the same
/// place, without the quoted source: what SwiftPM, Xcode and editors read from a build tool
/// (`spinrun --diagnostic-style compiler`, used by the `SpinCodegen` plugin).
public struct DiagnosticRenderer: Sendable {
    /// How a diagnostic is written.
    public enum Style: String, Sendable, CaseIterable {
        /// The message line, the source line with a caret under the column, the hint.
        case full
        /// `file:line:column: error: message [#Group]`, and `file:line:column: note: hint`.
        case compiler
    }

    private let sources: [String: SourceFile]
    /// How each diagnostic is written.
    public var style: Style
    /// The most diagnostics one list renders (0: all). When a list is longer, its errors are
    /// rendered first, then as many warnings and notes as fit, in the list's order, followed by a
    /// `[#DiagnosticsNotShown]` note. `spinrun --max-diagnostics`.
    public var limit: Int

    /// The default `limit`.
    public static let defaultLimit = 100

    /// Creates a renderer that can quote lines from the given files.
    public init(sources: [SourceFile], limit: Int = DiagnosticRenderer.defaultLimit, style: Style = .full) {
        var byPath: [String: SourceFile] = [:]
        for source in sources { byPath[source.path] = source }
        self.sources = byPath
        self.limit = limit
        self.style = style
    }

    /// The full text of one diagnostic, ending with a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        var cursor: SourceExcerpt.Cursor?
        return render(diagnostic, cursor: &cursor)
    }

    /// One diagnostic, its line quoted from `cursor` on (see `SourceExcerpt.Cursor`).
    private func render(_ diagnostic: Diagnostic, cursor: inout SourceExcerpt.Cursor?) -> String {
        var out = "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) \(diagnostic.group.tag)\n"
        if style == .compiler {
            if let hint = diagnostic.hint { out += "\(diagnostic.location): note: \(hint)\n" }
            return out
        }
        if let source = sources[diagnostic.location.file], let line = source.line(diagnostic.location.line) {
            let excerpt = SourceExcerpt(line: line, column: diagnostic.location.column, at: diagnostic.location, cursor: &cursor)
            out += "    \(excerpt.text)\n    \(excerpt.caret)\n"
        }
        if let hint = diagnostic.hint {
            out += "hint: \(hint)\n"
        }
        return out
    }

    /// The diagnostics (at most `limit` of them, then a note), concatenated.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        render(diagnostics) { out += $0 }
        return out
    }

    /// Renders the diagnostics (at most `limit` of them, then a note) one at a time into `write`,
    /// so that a long list is never held as one text.
    public func render(_ diagnostics: [Diagnostic], to write: (String) -> Void) {
        var cursor: SourceExcerpt.Cursor?
        guard limit > 0, diagnostics.count > limit else {
            for diagnostic in diagnostics { write(render(diagnostic, cursor: &cursor)) }
            return
        }
        // Errors first: a spec with thousands of warnings still shows what keeps it from running.
        let errors = diagnostics.count { $0.severity == .error }
        var otherRoom = max(0, limit - errors)
        var errorRoom = limit
        var firstHidden: Diagnostic?
        var hidden = (errors: 0, warnings: 0, notes: 0)
        for diagnostic in diagnostics {
            let shown: Bool
            if diagnostic.severity == .error {
                shown = errorRoom > 0
                if shown { errorRoom -= 1 }
            } else {
                shown = otherRoom > 0
                if shown { otherRoom -= 1 }
            }
            if shown {
                write(render(diagnostic, cursor: &cursor))
                continue
            }
            if firstHidden == nil { firstHidden = diagnostic }
            switch diagnostic.severity {
            case .error: hidden.errors += 1
            case .warning: hidden.warnings += 1
            case .note: hidden.notes += 1
            }
        }
        guard let firstHidden else { return }
        let count = hidden.errors + hidden.warnings + hidden.notes
        let kinds = [
            Self.counted(hidden.errors, "error"), Self.counted(hidden.warnings, "warning"), Self.counted(hidden.notes, "note"),
        ].compactMap { $0 }.joined(separator: ", ")
        let note = Diagnostic(
            .diagnosticsNotShown, at: firstHidden.location, ["count": count, "kinds": kinds, "limit": limit])
        var out = "\(note.location): \(note.severity.rawValue): \(note.message) \(note.group.tag)\n"
        if let hint = note.hint { out += "hint: \(hint)\n" }
        write(out)
    }

    /// `1 error`, `3 warnings`; nil for none.
    private static func counted(_ count: Int, _ noun: String) -> String? {
        switch count {
        case 0: return nil
        case 1: return "1 \(noun)"
        default: return "\(count) \(noun)s"
        }
    }
}
