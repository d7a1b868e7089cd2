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
    /// The path of the spec, for the builders.
    let path: String
    /// The rows of every list read so far, by the location of the list.
    private(set) var lists: [SourceLocation: StreamedTransitions] = [:]
    /// The list being read and where it starts.
    private var current = StreamedTransitions(path: "")
    private var currentLocation: SourceLocation?

    init(path: String) {
        self.path = path
    }

    var deepestSequence: Int { 3 }

    func takesItems(ofSequenceUnder keys: [String]) -> Bool {
        guard keys.last == "transitions" else { return false }
        return keys.count == 1 || (keys.count == 3 && keys[0] == "spins")
    }

    mutating func sequenceStarts(at location: SourceLocation) {
        current = StreamedTransitions(path: path)
        currentLocation = location
    }

    mutating func item(_ node: YAMLNode) {
        if let row = current.builder.transition(node) { current.add(row) }
    }

    mutating func mappingItem(_ entries: ArraySlice<YAMLMappingEntry>, at location: SourceLocation, tag: String?) {
        if let row = current.builder.transition(entries, at: location) { current.add(row) }
    }

    var takesStreamedItems: Bool { true }

    mutating func streamedItem(_ events: [YAMLItemEvent]) -> Bool {
        guard let row = StreamedTransitionRow.declaration(from: events) else { return false }
        current.add(row)
        return true
    }

    mutating func sequenceEnds() {
        guard let location = currentLocation else { return }
        current.finish()
        lists[location] = current
        current = StreamedTransitions(path: "")
        currentLocation = nil
    }
}

/// The rows of one `transitions` list, mapped as the reader read them.
struct StreamedTransitions {
    /// Maps the rows and records their problems, in order.
    fileprivate var builder: SpecBuilder
    /// The rows that could be mapped, in order; complete once the list has ended.
    private(set) var declarations: [TransitionDeclaration] = []
    /// Rows mapped since `declarations` was last extended. How many rows a list has is not known
    /// until it ends, and an array grown row by row would be moved (and its fresh memory faulted
    /// in) at every doubling; rows are gathered in buffers of fixed size instead, and moved once at
    /// the list's end into an array of exactly its size. Moved, not copied: a copy retained every
    /// row's arrays and the buffers then released them again (4% of loading a large spec).
    private var chunks: [RowChunk] = []

    fileprivate init(path: String) {
        builder = SpecBuilder(path: path)
    }

    fileprivate mutating func add(_ row: TransitionDeclaration) {
        if let last = chunks.last, last.append(row) { return }
        let chunk = RowChunk()
        _ = chunk.append(row)
        chunks.append(chunk)
    }

    /// Moves the rows into `declarations`.
    fileprivate mutating func finish() {
        let total = chunks.reduce(0) { $0 &+ $1.count }
        let chunks = self.chunks
        self.chunks = []
        declarations = [TransitionDeclaration](unsafeUninitializedCapacity: total) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            for chunk in chunks {
                initialized &+= chunk.moveAll(to: base + initialized)
            }
        }
    }

    /// The problems of the rows, in the order mapping them found them.
    var diagnostics: [Diagnostic] { builder.diagnostics }
}

/// A fixed-size buffer of rows that can hand them all over by moving them.
private final class RowChunk {
    /// Rows per chunk: 64 KiB of them. Under malloc's threshold for mapping memory of its own
    /// (128 KiB at first), so that a chunk is taken from the heap and its memory, once the rows
    /// have moved on, serves what is allocated next instead of going back to the system and
    /// being faulted in again.
    static let capacity = max(1, 65536 / MemoryLayout<TransitionDeclaration>.stride)
    private let rows = UnsafeMutablePointer<TransitionDeclaration>.allocate(capacity: RowChunk.capacity)
    /// The rows initialized at the start of `rows`.
    private(set) var count = 0

    /// Adds a row; false when the chunk is full.
    func append(_ row: TransitionDeclaration) -> Bool {
        guard count < Self.capacity else { return false }
        (rows + count).initialize(to: row)
        count &+= 1
        return true
    }

    /// Moves the rows to `destination`, which must have room for `count` uninitialized rows,
    /// leaving the chunk empty; the number moved.
    func moveAll(to destination: UnsafeMutablePointer<TransitionDeclaration>) -> Int {
        let moved = count
        destination.moveInitialize(from: rows, count: moved)
        count = 0
        return moved
    }

    deinit {
        rows.deinitialize(count: count)
        rows.deallocate()
    }
}
