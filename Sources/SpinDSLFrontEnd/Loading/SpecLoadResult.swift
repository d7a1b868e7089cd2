/// What `SpecLoader` produced from one spec file.
public struct SpecLoadResult: Sendable {
    /// The file's text, for quoting lines in diagnostics; nil when the file could not be read.
    public let source: SourceFile?
    /// The spec as written; nil whenever `diagnostics` contains an error (a partly understood
    /// spec is not handed on, so later stages never see placeholders).
    public let document: SpecDocument?
    /// Every problem found while reading and mapping the file, in source order.
    public let diagnostics: [Diagnostic]

    /// Creates a result.
    public init(source: SourceFile?, document: SpecDocument?, diagnostics: [Diagnostic]) {
        self.source = source
        self.document = document
        self.diagnostics = diagnostics
    }
}
