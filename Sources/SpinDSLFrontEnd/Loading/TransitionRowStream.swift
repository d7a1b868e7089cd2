/// Maps the rows of `transitions` lists to declarations while the reader reads them, so that a
/// table of many thousand rows never exists as a YAML tree next to its declarations: each row's
/// nodes are dropped as soon as it is mapped, and their memory serves the next row.
///
/// The lists taken are those where a spin body can have them: `transitions` at the top level and
/// `spins.<name>.transitions`. Whether a list is really a spin's rows is only known once the whole
/// document is read (a file may turn out to have both `spin` and `spins`), so each list's rows and
/// diagnostics are kept by its location and used by `SpecBuilder.spinBody` only when it gets
/// there, which then records exactly what mapping the rows itself would have: mapping a row
/// depends on nothing but the row.
struct TransitionRowStream: YAMLItemConsumer {
    /// The rows of every list read so far, by the location of the list.
    private(set) var lists: [SourceLocation: StreamedTransitions] = [:]
    /// The list being read and where it starts.
    private var current = StreamedTransitions()
    private var currentLocation: SourceLocation?

    var deepestSequence: Int { 3 }

    func takesItems(ofSequenceUnder keys: [String]) -> Bool {
        guard keys.last == "transitions" else { return false }
        return keys.count == 1 || (keys.count == 3 && keys[0] == "spins")
    }

    mutating func sequenceStarts(at location: SourceLocation) {
        current = StreamedTransitions()
        currentLocation = location
    }

    mutating func item(_ node: YAMLNode) {
        current.add(TransitionRowMapper.declaration(of: node))
    }

    mutating func mappingItem(_ entries: ArraySlice<YAMLMappingEntry>, at location: SourceLocation, tag: String?) {
        current.add(TransitionRowMapper.declaration(of: YAMLNode(.mapping(Array(entries)), at: location, tag: tag)))
    }

    var takesStreamedItems: Bool { true }

    mutating func streamedItem(_ events: [YAMLItemEvent]) -> Bool {
        guard let row = TransitionRowMapper.declaration(streamed: events) else { return false }
        current.add(row)
        return true
    }

    mutating func sequenceEnds() {
        guard let location = currentLocation else { return }
        current.finish()
        lists[location] = current
        current = StreamedTransitions()
        currentLocation = nil
    }
}
