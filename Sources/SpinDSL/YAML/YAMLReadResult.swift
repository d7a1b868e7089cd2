/// What `YAMLReader` produced from one file.
public struct YAMLReadResult: Sendable {
    /// The document's root node; nil when the file holds no document (empty, or only comments)
    /// and whenever `diagnostics` contains an error.
    public let document: YAMLNode?
    /// Problems found, in source order of discovery. Empty when the file was read cleanly.
    public let diagnostics: [Diagnostic]

    /// Creates a result.
    public init(document: YAMLNode?, diagnostics: [Diagnostic]) {
        self.document = document
        self.diagnostics = diagnostics
    }
}
