/// A buffer of a fixed number of elements, moved in and moved out, never copied: a copy would
/// retain every reference an element holds only for the buffer's release to let it go again.
///
/// Elements are taken in the order they were appended, one at a time (`take`) or all at once
/// (`moveAll`). Used where many values are gathered before it is known how many there are (the rows
/// of a table, `StreamedTransitions`) or handed from one thread to another (libyaml's events,
/// `ReadAheadEvents`).
final class MovingBuffer<Element> {
    private let storage: UnsafeMutablePointer<Element>
    private let capacity: Int
    /// The elements held are those at `taken..<end`.
    private var taken = 0
    private var end = 0

    /// An empty buffer with room for `capacity` elements (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    deinit {
        (storage + taken).deinitialize(count: end &- taken)
        storage.deallocate()
    }

    /// The elements held.
    var count: Int { end &- taken }

    /// Whether no more elements fit.
    var isFull: Bool { end >= capacity }

    /// Adds an element after the others; false, and the element is dropped, when the buffer is full.
    func append(_ element: consuming Element) -> Bool {
        guard end < capacity else { return false }
        (storage + end).initialize(to: element)
        end &+= 1
        return true
    }

    /// The first element held, moved out; nil when none is.
    func take() -> Element? {
        guard taken < end else { return nil }
        let element = (storage + taken).move()
        taken &+= 1
        return element
    }

    /// Moves the elements held to `destination`, which must have room for `count` uninitialized
    /// elements, leaving the buffer empty; the number moved.
    func moveAll(to destination: UnsafeMutablePointer<Element>) -> Int {
        let moved = count
        destination.moveInitialize(from: storage + taken, count: moved)
        taken = end
        return moved
    }
}

// @unchecked: a buffer is used by one thread at a time; whoever hands it to another thread orders
// the two (`ReadAheadChannel` does so with its lock).
extension MovingBuffer: @unchecked Sendable where Element: Sendable {}
