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
    /// in) at every doubling; rows are gathered in a buffer of fixed size instead, and the whole
    /// list is copied once at its end, into an array of exactly its size.
    private var chunks: [[TransitionDeclaration]] = []
    private var chunk: [TransitionDeclaration] = []
    private static let chunkSize = 1024

    fileprivate init(path: String) {
        builder = SpecBuilder(path: path)
    }

    fileprivate mutating func add(_ row: TransitionDeclaration) {
        if chunk.isEmpty { chunk.reserveCapacity(Self.chunkSize) }
        chunk.append(row)
        if chunk.count >= Self.chunkSize {
            chunks.append(chunk)
            chunk = []
        }
    }

    /// Joins the rows into `declarations`.
    fileprivate mutating func finish() {
        var rows: [TransitionDeclaration] = []
        rows.reserveCapacity(chunks.reduce(chunk.count) { $0 &+ $1.count })
        for full in chunks { rows += full }
        rows += chunk
        declarations = rows
        chunks = []
        chunk = []
    }

    /// The problems of the rows, in the order mapping them found them.
    var diagnostics: [Diagnostic] { builder.diagnostics }
}
