import SpinDSLFrontEnd
import SpinDSLRunner
import SpinDSLChecker

/// The entry point for host programs: load a spec, check it, and compile it for the Spin core.
///
/// ```swift
/// let spec = SpinSpec.load(contentsOf: "Specs/movies.yaml")
/// guard let compiled = spec.compiled else { print(spec.renderedDiagnostics); return }
/// let instance = compiled.instantiate(SpecRunOptions(effects: ["fetchPage": { request in … }]))
/// let runtime = SpinRuntime(instance.spins[0])
/// runtime.start()
/// ```
public struct SpinSpec: Sendable {
    /// The spec's text, when it could be read.
    public let source: SourceFile?
    /// The validated model, when there is no error.
    public let model: SpecModel?
    /// Every problem found, errors and warnings, in the order they were found.
    public let diagnostics: [Diagnostic]
    private let compilation: SpecCompilation

    private init(source: SourceFile?, model: SpecModel?, diagnostics: [Diagnostic]) {
        self.source = source
        self.model = model
        self.diagnostics = diagnostics
        compilation = SpecCompilation(model)
    }

    /// Reads, validates and resolves the spec at `path`.
    /// - Parameter rawPath: the path's bytes as the file system spells them, NUL-terminated, when
    ///   `path` is only how it is shown (see `SpecLoader.load(contentsOf:rawPath:)`).
    /// - Parameter maxConfigurations: the most configurations a nested or parallel spin may have
    ///   (`Configurations.limit` unless raised; `spinrun --max-configurations`).
    public static func load(
        contentsOf path: String, rawPath: [CChar]? = nil, limits: YAMLLimits = YAMLLimits(),
        maxConfigurations: Int = Configurations.limit
    ) -> SpinSpec {
        check(SpecLoader(limits: limits).load(contentsOf: path, rawPath: rawPath), maxConfigurations: maxConfigurations)
    }

    /// Validates and resolves a spec given as text; `path` is what diagnostics call it.
    public static func load(
        text: String, path: String = "<spec>", limits: YAMLLimits = YAMLLimits(), maxConfigurations: Int = Configurations.limit
    ) -> SpinSpec {
        check(SpecLoader(limits: limits).load(SourceFile(path: path, text: text)), maxConfigurations: maxConfigurations)
    }

    private static func check(_ loaded: SpecLoadResult, maxConfigurations: Int) -> SpinSpec {
        let (model, diagnostics) = SpecFrontEnd.check(loaded, maxConfigurations: maxConfigurations)
        return SpinSpec(source: loaded.source, model: model, diagnostics: diagnostics)
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The spec compiled for the core, when it has no error: compiled at the first use, then the
    /// same value every time (copies of this spec share it).
    public var compiled: CompiledSpec? { compilation.compiled }

    /// The diagnostics rendered with source lines and carets.
    public var renderedDiagnostics: String {
        DiagnosticRenderer(sources: source.map { [$0] } ?? []).render(diagnostics)
    }
}
