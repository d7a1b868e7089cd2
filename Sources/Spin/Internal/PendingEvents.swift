/// The events synchronous feedbacks returned while the drainer delivered one state, in feedback
/// order.
///
/// Most states make at most one feedback answer, so the first event has a slot of its own: keeping
/// and taking it is a plain move, where a ring buffer would check that its storage is uniquely
/// referenced on every append. Further events wait in a queue behind it.
@usableFromInline
struct PendingEvents<Event: Sendable> {
    @usableFromInline var first: QueuedEvent<Event>?
    @usableFromInline var rest = EventQueue<QueuedEvent<Event>>()

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { first == nil }

    @inlinable
    mutating func append(_ item: QueuedEvent<Event>) {
        if first == nil {
            first = item
        } else {
            rest.append(item)
        }
    }

    @inlinable
    mutating func popFirst() -> QueuedEvent<Event>? {
        guard let item = first.take() else { return nil }
        // The slot is refilled from the queue, so that `first` is empty only when all are.
        if !rest.isEmpty { first = rest.popFirst() }
        return item
    }

    @usableFromInline
    mutating func removeAll() {
        first = nil
        rest.removeAll()
    }
}
