/// The consumer of a plain read: it takes no items, so the whole tree is built.
struct YAMLTreeOnly: YAMLItemConsumer {
    /// Never read. It only keeps the type from being empty: every value of an empty type has the
    /// same address, so the thread sanitizer took the reads running at once on different threads,
    /// each changing its own consumer through `inout`, for one variable changed by all of them
    /// (a "Swift access race" with no shared data).
    private var notEmpty: UInt8 = 0

    var deepestSequence: Int { 0 }
    func takesItems(ofSequenceUnder keys: [String]) -> Bool { false }
    mutating func sequenceStarts(at location: SourceLocation) {}
    mutating func item(_ node: YAMLNode) {}
    mutating func mappingItem(_ entries: ArraySlice<YAMLMappingEntry>, at location: SourceLocation, tag: String?) {}
    var takesStreamedItems: Bool { false }
    mutating func streamedItem(_ events: [YAMLItemEvent]) -> Bool { false }
    mutating func sequenceEnds() {}
}
