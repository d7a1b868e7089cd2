/// The sleepers of a `VirtualClock` in wake order: a binary min-heap of (deadline, sequence), so
/// that the next sleeper is found in O(log n) and 20,000 sleepers take no quadratic time.
///
/// Order: earlier deadline first; equal deadlines in the order the sleepers went to sleep (their
/// sequence numbers, given in increasing order). A cancelled sleeper is removed from `waiting`
/// at once and its heap entry skipped when it comes up (lazy deletion).
struct SleeperQueue<Sleeper> {
    private struct Entry {
        let deadline: VirtualClock.Instant
        let sequence: UInt64

        func wakesBefore(_ other: Entry) -> Bool {
            (deadline, sequence) < (other.deadline, other.sequence)
        }
    }

    private var heap: [Entry] = []
    /// The sleepers still waiting, by sequence.
    private var waiting: [UInt64: Sleeper] = [:]

    /// Whether no sleeper waits.
    var isEmpty: Bool { waiting.isEmpty }

    /// How many sleepers wait.
    var count: Int { waiting.count }

    /// Adds a sleeper with its deadline and its sequence number.
    mutating func insert(_ sleeper: Sleeper, deadline: VirtualClock.Instant, sequence: UInt64) {
        waiting[sequence] = sleeper
        heap.append(Entry(deadline: deadline, sequence: sequence))
        siftUp(heap.count - 1)
    }

    /// Removes the sleeper `sequence` (cancelled), if it still waits.
    mutating func remove(_ sequence: UInt64) -> Sleeper? {
        let removed = waiting.removeValue(forKey: sequence)
        // Stale entries are dropped as they come up; rebuild when they are most of the heap, so
        // that a clock whose sleepers are mostly cancelled does not keep them all.
        if removed != nil, heap.count > 64, heap.count > 2 * waiting.count { rebuild() }
        return removed
    }

    /// The earliest deadline of a waiting sleeper.
    mutating func nextDeadline() -> VirtualClock.Instant? {
        dropStaleTop()
        return heap.first?.deadline
    }

    /// Removes and returns the next sleeper to wake, if its deadline is not after `target`.
    mutating func popFirst(notAfter target: VirtualClock.Instant) -> (sleeper: Sleeper, deadline: VirtualClock.Instant)? {
        dropStaleTop()
        guard let top = heap.first, top.deadline <= target else { return nil }
        removeTop()
        guard let sleeper = waiting.removeValue(forKey: top.sequence) else { return nil }
        return (sleeper, top.deadline)
    }

    private mutating func dropStaleTop() {
        while let top = heap.first, waiting[top.sequence] == nil { removeTop() }
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func rebuild() {
        heap.removeAll { waiting[$0.sequence] == nil }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].wakesBefore(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            let right = left + 1
            let first = right < heap.count && heap[right].wakesBefore(heap[left]) ? right : left
            guard heap[first].wakesBefore(heap[parent]) else { return }
            heap.swapAt(first, parent)
            parent = first
        }
    }
}
