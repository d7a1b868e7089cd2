import SpinDSLFrontEnd

/// A spec's validation in a word, as `spinrun --validate` gives it for each file.
extension SpinSpec {
    /// Whether the spec fails validation: it has an error, or, when `strict`, a warning.
    public func fails(strict: Bool) -> Bool {
        hasErrors || (strict && diagnostics.contains { $0.severity == .warning })
    }

    /// `ok` when there is no diagnostic, else the counts: `2 errors, 1 warning`.
    public var verdict: String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        var parts: [String] = []
        if errors > 0 { parts.append(CountedNoun.text(errors, "error")) }
        if warnings > 0 { parts.append(CountedNoun.text(warnings, "warning")) }
        return parts.isEmpty ? "ok" : parts.joined(separator: ", ")
    }
}
