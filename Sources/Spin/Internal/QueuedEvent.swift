/// An event waiting to be reduced.
@usableFromInline
struct QueuedEvent<Event: Sendable>: Sendable {
    @usableFromInline let event: Event
    /// -1 for input from outside, `internalOrigin` for an internal event, else the index of the
    /// feedback that emitted it.
    @usableFromInline let origin: Int
    /// The effect run that emitted it, or 0 when it cannot be cancelled.
    @usableFromInline let token: UInt64

    @inlinable
    init(event: Event, origin: Int, token: UInt64) {
        self.event = event
        self.origin = origin
        self.token = token
    }

    /// The origin of an event raised by the spin's internal-event source.
    @inlinable static var internalOrigin: Int { -2 }
}
