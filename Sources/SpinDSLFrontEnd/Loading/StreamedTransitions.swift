/// The rows of one `transitions` list, mapped as the reader read them.
struct StreamedTransitions {
    /// The problems of the rows, in the order mapping them found them.
    private(set) var diagnostics: [Diagnostic] = []
    /// The rows that could be mapped, in order; complete once the list has ended.
    private(set) var declarations: [TransitionDeclaration] = []
    /// Rows mapped since `declarations` was last extended. How many rows a list has is not known
    /// until it ends, and an array grown row by row would be moved (and its fresh memory faulted
    /// in) at every doubling; rows are gathered in buffers of fixed size instead, and moved once at
    /// the list's end into an array of exactly its size. Moved, not copied: a copy would retain
    /// every row's arrays only for the buffers to release them again.
    private var chunks: [MovingBuffer<TransitionDeclaration>] = []

    /// Rows per chunk: 64 KiB of them. Under malloc's threshold for mapping memory of its own
    /// (128 KiB at first), so that a chunk is taken from the heap and its memory, once the rows
    /// have moved on, serves what is allocated next instead of going back to the system and
    /// being faulted in again.
    private static let rowsPerChunk = 65536 / MemoryLayout<TransitionDeclaration>.stride

    /// Adds a row mapped from its node, if it could be mapped, and its problems.
    mutating func add(_ mapped: (declaration: TransitionDeclaration?, diagnostics: [Diagnostic])) {
        diagnostics += mapped.diagnostics
        if let row = mapped.declaration { add(row) }
    }

    /// Adds a row.
    mutating func add(_ row: TransitionDeclaration) {
        if let last = chunks.last, last.append(row) { return }
        let chunk = MovingBuffer<TransitionDeclaration>(capacity: Self.rowsPerChunk)
        _ = chunk.append(row)
        chunks.append(chunk)
    }

    /// Moves the rows into `declarations`.
    mutating func finish() {
        let total = chunks.reduce(0) { $0 &+ $1.count }
        let chunks = self.chunks
        self.chunks = []
        // Capacity 0 would be the shared empty storage, whose count the initializer writes (see
        // `FileBytes.contents(of:expected:limit:)`).
        guard total > 0 else {
            declarations = []
            return
        }
        declarations = [TransitionDeclaration](unsafeUninitializedCapacity: total) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            for chunk in chunks {
                initialized &+= chunk.moveAll(to: base + initialized)
            }
        }
    }
}
