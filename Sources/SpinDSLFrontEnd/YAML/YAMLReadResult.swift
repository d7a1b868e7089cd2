/// What `YAMLReader` produced from one file.
public struct YAMLReadResult: Sendable {
    /// The document's root node; nil when the file holds no document (empty, or only comments)
    /// and whenever `diagnostics` contains an error.
    public let document: YAMLNode?
    /// Problems found, in source order of discovery. Empty when the file was read cleanly.
    public let diagnostics: [Diagnostic]
    /// Plain scalars in the document spelling decimal integers too large for 64 bits, once each in
    /// document order: errors for a spec, which `SpecLoader` reports, but not YAML errors.
    let oversizedIntegers: [Diagnostic]

    /// Creates a result.
    public init(document: YAMLNode?, diagnostics: [Diagnostic]) {
        self.document = document
        self.diagnostics = diagnostics
        oversizedIntegers = []
    }

    /// Creates a result that also lists oversized integer literals.
    init(document: YAMLNode?, diagnostics: [Diagnostic], oversizedIntegers: [Diagnostic]) {
        self.document = document
        self.diagnostics = diagnostics
        self.oversizedIntegers = oversizedIntegers
    }
}
