/// The state of a compiled spin: the control state, the data slots, and, for a statechart, the
/// events raised and propagated that are still to be handled.
///
/// Every run-time fact of a spin is here, so that the reducer and the internal-event source are
/// pure functions of a state (and an event), and a checker can enumerate states:
///
/// - `control`: the configuration's number (`SpinModel.configurations`; for a flat spin, the
///   state's index);
/// - `data`: the spin's fields in slot order, then its hidden slots: one history record per state
///   with `history` (0 before the state was first exited, else the recorded child's position plus
///   one for shallow history, the recorded configuration's number below the state plus one for
///   deep), then the entry parities of the states `enter` rules watch and rows re-enter, 64 to an
///   `.int` slot (a state's bit flips each time it is exited and entered again, so that the state
///   differs and the rule fires again);
/// - `raised`: the events raised by rows, entry and exit actions and completions, not yet reduced,
///   oldest first (the spin's internal queue);
/// - `outbox`: the gear events the last step propagated, sent when its state is delivered and
///   cleared by the next step;
/// - `fault`: a run-time error, after which the spin changes no more.
///
/// A flat spin's state is four words, three of them empty references: the loop copies and
/// compares a small value on every step.
public struct SpecState: Hashable, Sendable {
    /// The number of the configuration of active states (for a flat spin, the state's index; 0 for
    /// a data-only spin).
    public var control: Int
    /// The data fields in slot order, then the hidden slots.
    public var data: [SpinValue]
    @usableFromInline var faultBox: FaultBox?
    /// The raised and propagated events, nil when there are none.
    @usableFromInline var queues: PendingQueues?

    /// Set when evaluating an expression failed (overflow, division by zero, an effect that
    /// failed): the spin stops changing and the runner reports the error.
    public var fault: SpecFault? {
        get { faultBox?.fault }
        set { faultBox = newValue.map { FaultBox($0) } }
    }

    /// Whether a fault is recorded; cheaper than reading `fault`.
    @inlinable public var hasFault: Bool { faultBox != nil }

    /// The raised events waiting to be reduced, oldest first.
    public var raised: [SpecEvent] {
        get { queues?.raised ?? [] }
        set { queues = PendingQueues(raised: newValue, outbox: queues?.outbox ?? []) }
    }

    /// The gear events propagated by the step that made this state.
    public var outbox: [OutboxMessage] {
        get { queues?.outbox ?? [] }
        set { queues = PendingQueues(raised: queues?.raised ?? [], outbox: newValue) }
    }

    /// Creates a state.
    public init(control: Int, data: [SpinValue], fault: SpecFault? = nil, raised: [SpecEvent] = [], outbox: [OutboxMessage] = []) {
        self.control = control
        self.data = data
        self.faultBox = fault.map { FaultBox($0) }
        self.queues = PendingQueues(raised: raised, outbox: outbox)
    }

    public static func == (lhs: SpecState, rhs: SpecState) -> Bool {
        lhs.control == rhs.control && lhs.data == rhs.data && lhs.fault == rhs.fault
            && lhs.queues?.raised ?? [] == rhs.queues?.raised ?? [] && lhs.queues?.outbox ?? [] == rhs.queues?.outbox ?? []
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(control)
        hasher.combine(data)
        hasher.combine(fault)
        if let queues {
            hasher.combine(queues.raised)
            hasher.combine(queues.outbox)
        }
    }
}
