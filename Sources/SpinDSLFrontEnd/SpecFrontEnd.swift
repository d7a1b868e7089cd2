/// The language's front end as one call: a read document resolved (`SpecResolver`), its
/// statecharts lowered (`StatechartLowering`) and the model analysed (`SpecAnalyzer`), in that
/// order, each step only on what the previous one made without error.
///
/// `SpinSpec.load` and the tests' `TestSpec` both go through it, so that what a test loads is what
/// a host and `spinrun` load.
package enum SpecFrontEnd {
    /// The model of `loaded` when no step found an error (nil otherwise), and every diagnostic of
    /// every step, the reader's first, in the order found.
    package static func check(
        _ loaded: SpecLoadResult, maxConfigurations: Int = Configurations.limit
    ) -> (model: SpecModel?, diagnostics: [Diagnostic]) {
        guard let document = loaded.document else { return (nil, loaded.diagnostics) }
        let (model, diagnostics) = check(document, maxConfigurations: maxConfigurations)
        return (model, loaded.diagnostics + diagnostics)
    }

    /// The model of `document` when no step found an error (nil otherwise), and every diagnostic
    /// of the steps after reading, in the order found.
    package static func check(
        _ document: SpecDocument, maxConfigurations: Int = Configurations.limit
    ) -> (model: SpecModel?, diagnostics: [Diagnostic]) {
        let (resolved, resolution) = SpecResolver.resolve(document, maxConfigurations: maxConfigurations)
        var diagnostics = resolution
        guard var model = resolved else { return (nil, diagnostics) }
        diagnostics += StatechartLowering.lower(&model)
        if diagnostics.contains(where: { $0.severity == .error }) { return (nil, diagnostics) }
        diagnostics += SpecAnalyzer.analyze(model)
        let hasErrors = diagnostics.contains { $0.severity == .error }
        return (hasErrors ? nil : model, diagnostics)
    }
}
