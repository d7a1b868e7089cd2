/// One reduced event: what was reduced, where it came from, and the states around it.
public struct SpinStep<State: Sendable, Event: Sendable>: Sendable {
    /// 1 for the first reduced event of a run, then counting up.
    public let number: Int
    /// The event that was reduced.
    public let event: Event
    /// Where the event came from.
    public let origin: EventOrigin
    /// The state after the reduction.
    public let state: State
    /// Whether the reduction changed the state. Unchanged states are not delivered to feedbacks.
    public let changed: Bool

    /// Creates a step; `@inlinable` so that the runtime's specialized drain makes it without
    /// generic metadata lookups.
    @inlinable
    init(number: Int, event: Event, origin: EventOrigin, state: State, changed: Bool) {
        self.number = number
        self.event = event
        self.origin = origin
        self.state = state
        self.changed = changed
    }
}
