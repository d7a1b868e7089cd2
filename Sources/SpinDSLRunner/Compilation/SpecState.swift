import SpinDSLFrontEnd

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
///   differs and the rule fires again), then the queue of deferred events (`Deferral`);
/// - `raised`: the events raised by rows, entry and exit actions and completions, not yet reduced,
///   oldest first (the spin's internal queue);
/// - `outbox`: the gear events the last step propagated, sent when its state is delivered and
///   cleared by the next step;
/// - `fault`: a run-time error, after which the spin changes no more.
///
/// Three words: the fault and the queues, rare, are boxed together (`StateExtras`), so that the
/// loop copies and compares a small value on every step.
public struct SpecState: Hashable, Sendable {
    /// The number of the configuration of active states (for a flat spin, the state's index; 0 for
    /// a data-only spin).
    public var control: Int
    /// The data fields in slot order, then the hidden slots.
    public var data: [SpinValue]
    /// The fault, the raised events and the outbox; nil when there are none.
    @usableFromInline package var extras: StateExtras?

    /// Set when evaluating an expression failed (overflow, division by zero, an effect that
    /// failed): the spin stops changing and the runner reports the error.
    public var fault: SpecFault? {
        get { extras?.fault }
        set { extras = StateExtras.make(fault: newValue, raised: raisedQueue, outbox: outbox) }
    }

    /// Whether a fault is recorded; cheaper than reading `fault`.
    @inlinable public var hasFault: Bool {
        guard let extras else { return false }
        return extras.hasFault
    }

    /// The raised events waiting to be reduced, oldest first.
    public var raised: [SpecEvent] {
        get { extras.map { Array($0.raised.events) } ?? [] }
        set { extras = StateExtras.make(fault: fault, raised: RaisedQueue(events: newValue[...]), outbox: outbox) }
    }

    /// The raised events waiting, as the state holds them (no copy).
    var raisedQueue: RaisedQueue {
        get { extras?.raised ?? .empty }
        set { extras = StateExtras.make(fault: fault, raised: newValue, outbox: outbox) }
    }

    /// The raised events waiting, taken out of the state (which then has none): the caller holds
    /// the only reference to them when the state did, so appending to them does not copy.
    mutating func takeRaised() -> RaisedQueue {
        guard let extras, !extras.raised.isEmpty else { return .empty }
        let queue = extras.raised
        self.extras = StateExtras.make(fault: extras.fault, raised: .empty, outbox: extras.outbox)
        return queue
    }

    /// The gear events propagated by the step that made this state.
    public var outbox: [OutboxMessage] {
        get { extras?.outbox ?? [] }
        set { extras = StateExtras.make(fault: fault, raised: raisedQueue, outbox: newValue) }
    }

    /// Creates a state.
    public init(control: Int, data: [SpinValue], fault: SpecFault? = nil, raised: [SpecEvent] = [], outbox: [OutboxMessage] = []) {
        self.control = control
        self.data = data
        self.extras = StateExtras.make(fault: fault, raised: RaisedQueue(events: raised[...]), outbox: outbox)
    }

    public static func == (lhs: SpecState, rhs: SpecState) -> Bool {
        lhs.control == rhs.control && lhs.data == rhs.data && lhs.fault == rhs.fault
            && lhs.raisedQueue == rhs.raisedQueue && lhs.outbox == rhs.outbox
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(control)
        hasher.combine(data)
        hasher.combine(fault)
        if let extras {
            hasher.combine(extras.raised)
            hasher.combine(extras.outbox)
        }
    }
}
