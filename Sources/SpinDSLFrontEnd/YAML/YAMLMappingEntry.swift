/// One `key: value` pair of a mapping.
public struct YAMLMappingEntry: Sendable, Hashable {
    /// The key. In documents produced by `YAMLReader` it is always a scalar (complex keys are
    /// rejected with a diagnostic); its location is what "unknown field" errors should point at.
    public let key: YAMLNode
    /// The value.
    public let value: YAMLNode

    /// Creates an entry.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
