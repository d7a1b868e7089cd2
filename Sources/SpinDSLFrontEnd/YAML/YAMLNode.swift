/// One node of a YAML document, with the position it was written at.
///
/// Nodes are values: an alias in the source becomes a copy of the anchored node (which Swift
/// shares rather than duplicates, so copies are cheap).
public struct YAMLNode: Sendable, Hashable {
    /// What a node holds.
    public enum Kind: Sendable, Hashable {
        /// A scalar: raw text plus its style.
        case scalar(YAMLScalar)
        /// A mapping, its entries in source order. Keys are unique scalars.
        case mapping([YAMLMappingEntry])
        /// A sequence, in source order.
        case sequence([YAMLNode])
    }

    /// What the node holds.
    public let kind: Kind
    /// Where the node starts: the first character of a plain scalar, the opening quote of a
    /// quoted scalar, the `|`/`>` indicator of a block scalar, the `{`/`[` of a flow collection,
    /// the first key of a block mapping, the first `-` of a block sequence. An anchor or tag
    /// written before the node (`&base`, `!!str`) is not part of it: the location is that of the
    /// text after them (an empty node, having no text, is located at its first property).
    ///
    /// For a node produced by an alias this is the location of the `*alias` itself; the nodes
    /// inside it (and a scalar's `contentLocation`) keep the locations of the anchored original,
    /// because that is where their text is.
    public let location: SourceLocation
    /// The node's explicit tag as libyaml resolved it (`!!str` becomes `tag:yaml.org,2002:str`,
    /// `!custom` stays `!custom`), or nil when the node has none.
    public let tag: String?

    /// Creates a node.
    public init(_ kind: Kind, at location: SourceLocation, tag: String? = nil) {
        self.kind = kind
        self.location = location
        self.tag = tag
    }

    /// The scalar, if this node is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = kind { return scalar }
        return nil
    }

    /// The mapping's entries in source order, if this node is a mapping.
    public var mapping: [YAMLMappingEntry]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    /// The sequence's items, if this node is a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// The value for a scalar key whose text is `key`, if this node is a mapping that has one.
    ///
    /// Keys are compared by their text regardless of quoting (`a` and `"a"` are the same key).
    public subscript(key: String) -> YAMLNode? {
        entry(for: key)?.value
    }

    /// The whole entry (key node with its location, and value) for `key`, if this node is a
    /// mapping that has one.
    public func entry(for key: String) -> YAMLMappingEntry? {
        mapping?.first { $0.key.scalar?.value == key }
    }
}
