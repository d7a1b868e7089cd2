/// A batch of events on their way from the parser's thread to the reader (see `ReadAheadEvents`).
///
/// Filled by one thread, then handed over (through `ReadAheadChannel`, whose lock orders the two)
/// and emptied by the other. Events are moved in and moved out, never copied: a copy would retain
/// every string of an event only for the batch's release to let it go again.
final class ReadAheadBatch: @unchecked Sendable {
    // @unchecked: only one thread uses a batch at a time, and the channel's lock hands it over.
    private let storage: UnsafeMutablePointer<YAMLParseEvent>
    private let capacity: Int
    /// The events still held are those at `taken..<count`.
    private var count = 0
    private var taken = 0

    /// An empty batch of room for `capacity` events.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage = UnsafeMutablePointer<YAMLParseEvent>.allocate(capacity: self.capacity)
    }

    deinit {
        (storage + taken).deinitialize(count: count &- taken)
        storage.deallocate()
    }

    /// Whether no more events fit.
    var isFull: Bool { count >= capacity }

    /// Adds an event after the others; false, and the event is dropped, when the batch is full.
    func append(_ event: consuming YAMLParseEvent) -> Bool {
        guard count < capacity else { return false }
        (storage + count).initialize(to: event)
        count &+= 1
        return true
    }

    /// The first event not yet taken, moved out; nil when all have been.
    func take() -> YAMLParseEvent? {
        guard taken < count else { return nil }
        let event = (storage + taken).move()
        taken &+= 1
        return event
    }
}
