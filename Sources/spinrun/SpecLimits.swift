import SpinDSL

/// The limits on reading a spec (`--max-alias-nodes`, `--max-depth`, `--max-spec-bytes`), and the
/// diagnostics rewritten so that hitting one names the flag that raises it.
struct SpecLimits {
    let yaml: YAMLLimits

    /// Loads `path` within the limits; the rendered diagnostics name spinrun's flags.
    func load(_ path: String) -> (spec: SpinSpec, rendered: String) {
        let spec = SpinSpec.load(contentsOf: path, limits: yaml)
        let diagnostics = spec.diagnostics.map(Self.namingFlags)
        return (spec, DiagnosticRenderer(sources: spec.source.map { [$0] } ?? []).render(diagnostics))
    }

    /// The library's hints say which `YAMLLimits` field to raise; spinrun's say which flag.
    static func namingFlags(_ diagnostic: Diagnostic) -> Diagnostic {
        guard let hint = diagnostic.hint else { return diagnostic }
        let flags = [
            ("YAMLLimits.maxNodes", "--max-alias-nodes"),
            ("YAMLLimits.maxDepth", "--max-depth"),
            ("YAMLLimits.maxBytes", "--max-spec-bytes"),
        ]
        for (field, flag) in flags where hint.contains(field) {
            var rewritten = diagnostic
            rewritten.hint = "the limit is set by \(flag) N; raise it if the spec really is this large"
            return rewritten
        }
        return diagnostic
    }
}
