/// A statechart's raised and propagated events behind one reference, so that a state without any
/// (every flat spin's) holds an empty word. Immutable: a change makes a new box.
@usableFromInline
final class PendingQueues: Sendable {
    let raised: [SpecEvent]
    let outbox: [OutboxMessage]

    /// The queues, or nil when both are empty.
    init?(raised: [SpecEvent], outbox: [OutboxMessage]) {
        guard !raised.isEmpty || !outbox.isEmpty else { return nil }
        self.raised = raised
        self.outbox = outbox
    }
}
