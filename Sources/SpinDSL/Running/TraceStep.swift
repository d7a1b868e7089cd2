import Spin

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
}

/// Receives each step of a run (from the loop's drainer, one at a time).
///
/// A wrapper rather than a bare closure, so that `SpecRun`'s initializer taking it cannot be
/// confused with the one taking a `TraceRecord` closure.
public struct StepObserver: Sendable {
    let observe: @Sendable (TraceStep) -> Void

    /// Wraps `observe`.
    public init(_ observe: @escaping @Sendable (TraceStep) -> Void) {
        self.observe = observe
    }
}

extension TraceRecord {
    /// The record of `step`, with its names, payload and data as text.
    public init(_ step: TraceStep, in model: SpecModel) {
        guard model.spins.indices.contains(step.spin) else {
            self = .foreign(step)
            return
        }
        let spin = model.spins[step.spin]
        self.init(
            step: step.number, time: step.time, spin: spin.name.text, event: spin.eventName(step.event),
            payloadJSON: spin.payloadJSON(step.event), source: step.origin.description,
            from: spin.controlName(step.from), to: spin.controlName(step.state.control),
            dataJSON: spin.dataJSON(step.state.data), dataText: spin.dataText(step.state.data),
            changed: step.changed)
    }

    /// The record of a step whose spin is not in the model at hand (a step of another run):
    /// indices instead of names.
    static func foreign(_ step: TraceStep) -> TraceRecord {
        TraceRecord(
            step: step.number, time: step.time, spin: "#\(step.spin)", event: "#\(step.event.kind)",
            payloadJSON: "{}", source: step.origin.description, from: nil, to: nil, dataJSON: "{}",
            dataText: "", changed: step.changed)
    }
}
