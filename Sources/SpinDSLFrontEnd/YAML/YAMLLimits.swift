/// Resource limits for `YAMLReader`.
///
/// A spec file is untrusted input: a few hundred bytes of anchors and aliases can describe
/// billions of nodes, and deep nesting can exhaust the stack of any code that later walks the
/// tree recursively. These limits turn such input into diagnostics instead of hangs or crashes.
public struct YAMLLimits: Sendable, Hashable {
    /// The most nodes aliases may expand to in one document, counting every node of every copy
    /// (an alias to a 10-node sequence counts 10, whether those nodes were written or are
    /// themselves copies). Default 1,000,000.
    ///
    /// The nodes written in the document itself are not counted: `maxBytes` already bounds them.
    /// Exceeding it is reported as a possible alias bomb and no document is returned.
    public var maxNodes: Int
    /// The deepest nesting of mappings and sequences allowed; a top-level mapping is depth 1.
    /// Default 512.
    ///
    /// Besides protecting later consumers, this bounds the recursion Swift itself performs when
    /// it compares or destroys a `YAMLNode` tree, so keep it in the hundreds or low thousands.
    public var maxDepth: Int
    /// The largest input accepted, in bytes; larger input is rejected before parsing.
    /// Default 64 MiB.
    public var maxBytes: Int

    /// Creates limits; the defaults suit hand-written spec files with a wide margin.
    public init(maxNodes: Int = 1_000_000, maxDepth: Int = 512, maxBytes: Int = 64 * 1024 * 1024) {
        self.maxNodes = maxNodes
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }
}
