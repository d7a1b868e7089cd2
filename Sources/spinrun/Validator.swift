import SpinDSL

/// `spinrun --validate`: each file's rendered diagnostics on stderr, a one-line verdict per file on
/// stdout (`Specs/levels.yaml: ok`, `Specs/x.yaml: 2 errors, 1 warning`).
struct Validator {
    /// Whether warnings fail the file too.
    let strict: Bool
    /// The limits on reading each file.
    let limits: SpecLimits

    /// Validates every file; returns the exit status: 0 when none failed, else 1.
    func validate(_ paths: [String]) -> Int32 {
        var failed = false
        for path in paths {
            let spec = limits.load(path)
            let errors = spec.diagnostics.filter { $0.severity == .error }.count
            let warnings = spec.diagnostics.filter { $0.severity == .warning }.count
            OutputWriter.standardOutput.line("\(path): \(Validator.verdict(errors: errors, warnings: warnings))")
            if errors > 0 || (strict && warnings > 0) { failed = true }
        }
        return failed ? 1 : 0
    }

    /// `ok`, or the counts: `2 errors, 1 warning`.
    static func verdict(errors: Int, warnings: Int) -> String {
        var parts: [String] = []
        if errors > 0 { parts.append(CountedNoun.text(errors, "error")) }
        if warnings > 0 { parts.append(CountedNoun.text(warnings, "warning")) }
        return parts.isEmpty ? "ok" : parts.joined(separator: ", ")
    }
}
