/// Takes the items of chosen sequences as the reader finishes them, so that a long list (the rows
/// of a generated table) never exists as a tree: each item is handed over, then dropped.
///
/// A sequence whose items are handed over stays in the tree, empty, at the location it would have
/// had; the consumer is told where it starts and keeps what it made of the items under that
/// location. Only sequences inside mappings all the way up from the root, without an anchor, are
/// offered (an anchored one could be copied by an alias, which needs its items).
protocol YAMLItemConsumer {
    /// The deepest sequence that may be offered, counting the mappings around it: the reader asks
    /// `takesItems` only for sequences at most this deep, so deeper lists cost nothing.
    var deepestSequence: Int { get }
    /// Whether the items of the sequence written as the value of `keys` (the keys of the mappings
    /// around it, outermost first) are to be handed over.
    func takesItems(ofSequenceUnder keys: [String]) -> Bool
    /// A sequence whose items are handed over starts at `location`.
    mutating func sequenceStarts(at location: SourceLocation)
    /// An item of that sequence: anything but a mapping without an anchor.
    mutating func item(_ node: YAMLNode)
    /// A mapping item without an anchor, given as the entries it would have had (in source order,
    /// keys checked) and the location and tag of the mapping, without building its node.
    mutating func mappingItem(_ entries: ArraySlice<YAMLMappingEntry>, at location: SourceLocation, tag: String?)
    /// Whether mapping items without anchors, tags or aliases anywhere in them are offered to
    /// `streamedItem` first, as their events, before any node of them is built.
    var takesStreamedItems: Bool { get }
    /// A mapping item as its events (see `YAMLItemEvent`), duplicate keys not checked. True when
    /// the consumer took it; false when it did not, which must leave the consumer as it was: the
    /// item is then built and handed to `mappingItem` (or `item`) as if it had not been offered,
    /// with every diagnostic the reader has for it.
    ///
    /// Building a node for every scalar and collection of a row is most of the reader's own time
    /// on a large table; a consumer that recognizes the usual rows directly skips all of it.
    mutating func streamedItem(_ events: [YAMLItemEvent]) -> Bool
    /// The sequence ends.
    mutating func sequenceEnds()
}
