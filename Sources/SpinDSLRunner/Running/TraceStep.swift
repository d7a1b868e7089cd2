import Spin
import SpinDSLFrontEnd

/// One reduced event of a run as the runner sees it: indices and values, no text yet.
///
/// Turning a step into text costs far more than reducing it, so a run hands out this cheap value
/// and each consumer formats only what it prints: `TraceEncoder` writes the JSON Lines form straight
/// into a byte buffer, `TraceRecord(_:in:)` builds the strings of the text trace.
public struct TraceStep: Sendable {
    /// 1 for the first reduced event of the run, across all spins.
    public let number: Int
    /// Virtual (or wall-clock) time since the start, in milliseconds.
    public let time: Int64
    /// The index of the spin in `SpecModel.spins`.
    public let spin: Int
    /// The event that was reduced.
    public let event: SpecEvent
    /// Where the event came from.
    public let origin: EventOrigin
    /// The control state before the step.
    public let from: Int
    /// The state after the step.
    public let state: SpecState
    /// Whether the step changed the state.
    public let changed: Bool
    /// The states the step exited and entered again, when it re-entered any.
    public let reentry: Reentry?

    /// Creates the value from its parts, one for each stored property.
    package init(number: Int, time: Int64, spin: Int, event: SpecEvent, origin: EventOrigin, from: Int, state: SpecState, changed: Bool, reentry: Reentry?) {
        self.number = number
        self.time = time
        self.spin = spin
        self.event = event
        self.origin = origin
        self.from = from
        self.state = state
        self.changed = changed
        self.reentry = reentry
    }

    /// The step without its state's raised events and outbox (its fault kept): what a trace
    /// shows of it. A step kept for later (a counterexample's) would otherwise keep the whole
    /// queue of raised events of its moment: a storm that fills the queue over 10,000 steps kept
    /// 10^8 events (1.6 GB).
    package var withoutQueues: TraceStep {
        guard !state.raisedQueue.isEmpty || !state.outbox.isEmpty else { return self }
        var shown = state
        shown.raised = []
        shown.outbox = []
        return TraceStep(number: number, time: time, spin: spin, event: event, origin: origin, from: from, state: shown, changed: changed, reentry: reentry)
    }
}
