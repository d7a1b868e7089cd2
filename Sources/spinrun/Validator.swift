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
            OutputWriter.standardOutput.line("\(path): \(spec.verdict)")
            if spec.fails(strict: strict) { failed = true }
        }
        return failed ? 1 : 0
    }
}
