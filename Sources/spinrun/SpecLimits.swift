import SpinDSL

/// The limits on reading a spec (`--max-alias-nodes`, `--max-depth`, `--max-spec-bytes`).
struct SpecLimits {
    let yaml: YAMLLimits

    /// Loads `path` within the limits, with its diagnostics rendered. (The hints of the limits'
    /// diagnostics name both the flag and the `YAMLLimits` field that raise them.)
    func load(_ path: String) -> (spec: SpinSpec, rendered: String) {
        let spec = SpinSpec.load(contentsOf: path, limits: yaml)
        return (spec, DiagnosticRenderer(sources: spec.source.map { [$0] } ?? []).render(spec.diagnostics))
    }
}
