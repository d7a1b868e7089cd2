/// What the catalog (`DiagnosticGroup.entry`) says about one group of diagnostics: how bad it is,
/// the templates of its message and hint, and the explanation `spinrun --explain` prints.
///
/// Templates hold placeholders `{name}`, filled from the values a call site passes by name
/// (`["event": name]`). Only a `{name}` whose name is given is replaced, so other braces (`'{{'`,
/// `{ when: …, emit: … }`) are written as they are.
public struct DiagnosticEntry: Sendable {
    /// Where a diagnostic of the group comes from, which says what its examples are and how a test
    /// reproduces the wrong one.
    public enum Origin: Sendable, Equatable {
        /// Loading and checking a spec: the examples are specs, and loading the wrong one reports it.
        case spec
        /// Running a valid spec (with its script): the examples are specs, and running the wrong one
        /// ends with it (a fault, or the limit it names).
        case run
        /// `spinrun`'s command line: the examples are `spinrun …` command lines, run from the
        /// package's root (they may name the files of `Specs/`), or `printf 'TEXT' | spinrun …` to
        /// feed TEXT to its standard input.
        case command
        /// Nothing small reproduces it (running out of memory, a bug of SpinDSL itself, bytes a
        /// Swift string cannot hold); the examples describe the situation. Says why.
        case unreproducible(String)
    }

    /// Error, warning or note.
    public let severity: Diagnostic.Severity
    /// The message template: one sentence, lower case, no trailing period.
    public let message: String
    /// The hint template (what to do about it), used when the call site gives no suggestion of its
    /// own (`did you mean …`); nil for none.
    public let hint: String?
    /// What the diagnostic means and why it is a problem: a short paragraph.
    public let explanation: String
    /// An example that produces it.
    public let wrong: String
    /// The same example, put right.
    public let right: String
    /// Where it comes from, and so how its examples are read.
    public let origin: Origin

    /// An error found in a spec (unless `origin` says otherwise).
    static func error(
        _ message: String, hint: String? = nil, explanation: String, wrong: String, right: String, origin: Origin = .spec
    ) -> DiagnosticEntry {
        DiagnosticEntry(severity: .error, message: message, hint: hint, explanation: explanation, wrong: wrong, right: right, origin: origin)
    }

    /// A warning found in a spec.
    static func warning(
        _ message: String, hint: String? = nil, explanation: String, wrong: String, right: String, origin: Origin = .spec
    ) -> DiagnosticEntry {
        DiagnosticEntry(severity: .warning, message: message, hint: hint, explanation: explanation, wrong: wrong, right: right, origin: origin)
    }

    /// A note: not a problem of the spec, but something the reader should know.
    static func note(
        _ message: String, hint: String? = nil, explanation: String, wrong: String, right: String, origin: Origin = .spec
    ) -> DiagnosticEntry {
        DiagnosticEntry(severity: .note, message: message, hint: hint, explanation: explanation, wrong: wrong, right: right, origin: origin)
    }

    /// `template` with each `{name}` whose name is in `values` replaced by that value's text.
    static func fill(_ template: String, _ values: KeyValuePairs<String, any CustomStringConvertible>) -> String {
        guard !values.isEmpty, template.contains("{") else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
               let value = values.first(where: { $0.key == rest[afterOpen..<close] })?.value {
                out += value.description
                rest = rest[rest.index(after: close)...]
            } else {
                out += "{"
                rest = rest[afterOpen...]
            }
        }
        return out + rest
    }
}
