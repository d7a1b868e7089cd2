import SpinDSLFrontEnd

/// One reduced event of a run, with its names, payload and data as text: what the text trace
/// prints (the JSON Lines trace is `TraceEncoder`'s, from the step itself).
public struct TraceRecord: Sendable, Equatable {
    /// 1 for the first reduced event of the run, across all spins.
    public let step: Int
    /// Virtual (or wall-clock) time since the start, in milliseconds.
    public let time: Int64
    /// The spin that reduced the event.
    public let spin: String
    /// The event's name.
    public let event: String
    /// The payload as JSON (`{"amount":25}`).
    public let payloadJSON: String
    /// The feedback rule that emitted the event, or `input`.
    public let source: String
    /// The control state before and after (the active state, or `[a, b]` with parallel regions),
    /// or nil for a data-only spin.
    public let from: String?
    public let to: String?
    /// The data after the step as `name=value` pairs for the text trace.
    public let dataText: String
    /// Whether the step changed the state.
    public let changed: Bool
    /// When the step exited states and entered some of them again: the states exited, in exit
    /// order, and entered, in entry order; both empty otherwise.
    public var exited: [String] = []
    public var entered: [String] = []
    /// Whether the event was deferred (`defer:`): kept for later, not reduced.
    public var isDeferred = false

    /// The states the step left and entered again (exited and entered), in entry order, for the
    /// text trace.
    public var reentered: [String] {
        entered.filter(exited.contains)
    }
}
