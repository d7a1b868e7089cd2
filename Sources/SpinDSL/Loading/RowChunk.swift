/// A fixed-size buffer of rows that can hand them all over by moving them.
final class RowChunk {
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
