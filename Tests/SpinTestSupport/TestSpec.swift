import Foundation
import SpinDSLFrontEnd

/// A spec read and checked by the front end (`SpecFrontEnd`): what `SpinSpec.load(text:)` does,
/// short of compiling.
///
/// `SpinSpec` belongs to the `SpinDSL` module, above the checker, so the tests of the front end,
/// the runner and the checker cannot use it; they load their specs with this instead, and the
/// runner's and the checker's tests add `compiled` (`CompiledSpec(model)`). `SpinSpec` itself is
/// tested in `SpinDSLTests`.
package struct TestSpec: Sendable {
    /// The spec's text.
    package let source: SourceFile?
    /// The validated model, when there is no error.
    package let model: SpecModel?
    /// Every problem found, errors and warnings, in the order they were found.
    package let diagnostics: [Diagnostic]

    /// Validates and resolves a spec given as text; `path` is what diagnostics call it.
    package static func load(
        text: String, path: String = "<spec>", limits: YAMLLimits = YAMLLimits(), maxConfigurations: Int = Configurations.limit
    ) -> TestSpec {
        let loaded = SpecLoader(limits: limits).load(SourceFile(path: path, text: text))
        let (model, diagnostics) = SpecFrontEnd.check(loaded, maxConfigurations: maxConfigurations)
        return TestSpec(source: loaded.source, model: model, diagnostics: diagnostics)
    }

    /// Whether any diagnostic is an error.
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The diagnostics rendered with source lines and carets.
    package var renderedDiagnostics: String {
        DiagnosticRenderer(sources: source.map { [$0] } ?? []).render(diagnostics)
    }
}

/// Loads `Specs/<name>` relative to the package root, with the path shown as `Specs/<name>`.
package func loadSpec(_ name: String) -> TestSpec {
    let path = "\(packageRoot)/Specs/\(name)"
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return TestSpec.load(text: text, path: "Specs/\(name)")
}
