import SpinDSLFrontEnd

/// What a state rarely has, behind one reference, so that a state without any (nearly every
/// state of a flat spin) holds an empty word: a fault, a statechart's raised events waiting to be
/// reduced and the gear events its last step propagated. Immutable: a change makes a new box.
@usableFromInline
package final class StateExtras: Sendable {
    @usableFromInline let hasFault: Bool
    let fault: SpecFault?
    let raised: RaisedQueue
    let outbox: [OutboxMessage]

    /// The extras, or nil when there are none.
    static func make(fault: SpecFault?, raised: RaisedQueue, outbox: [OutboxMessage]) -> StateExtras? {
        guard fault != nil || !raised.isEmpty || !outbox.isEmpty else { return nil }
        return StateExtras(fault: fault, raised: raised, outbox: outbox)
    }

    private init(fault: SpecFault?, raised: RaisedQueue, outbox: [OutboxMessage]) {
        self.hasFault = fault != nil
        self.fault = fault
        self.raised = raised
        self.outbox = outbox
    }
}
