import SpinDSL

/// The limits on reading a spec (`--max-alias-nodes`, `--max-depth`, `--max-spec-bytes`) and on
/// printing its diagnostics (`--max-diagnostics`, `--diagnostic-style`).
struct SpecLimits {
    let yaml: YAMLLimits
    /// `--max-configurations`: the most configurations of a nested or parallel spin.
    let maxConfigurations: Int
    /// The most diagnostics printed per spec (0: all).
    let maxDiagnostics: Int
    /// `--diagnostic-style`.
    let diagnosticStyle: DiagnosticRenderer.Style

    /// Loads `path` within the limits and writes its diagnostics to stderr, one at a time. (The
    /// hints of the limits' diagnostics name both the flag and the API field that raise them.)
    func load(_ path: String) -> SpinSpec {
        let spec = SpinSpec.load(contentsOf: path, rawPath: RawArguments.bytes(of: path), limits: yaml, maxConfigurations: maxConfigurations)
        renderer(for: spec).render(spec.diagnostics) { OutputWriter.standardError.write($0) }
        return spec
    }

    /// A renderer of `spec`'s diagnostics within `--max-diagnostics`.
    func renderer(for spec: SpinSpec) -> DiagnosticRenderer {
        DiagnosticRenderer(sources: spec.source.map { [$0] } ?? [], limit: maxDiagnostics, style: diagnosticStyle)
    }
}
