import SpinDSLFrontEnd

/// An input event given on the command line (`--event`), in an events file (`--events`) or typed
/// on stdin (`--interactive`), before it is sent into the run.
public struct InputEvent: Sendable, Equatable {
    /// When to emit it, in milliseconds of run time (0 for `--event` and typed events).
    public var atMilliseconds: Int64
    /// The event's name.
    public var name: String
    /// The payload's JSON object text (`{"amount":25}`), or nil for none.
    public var payloadJSON: String?
    /// Where it came from, for messages: `--event`, `events.txt:3`, `stdin:2`.
    public var origin: String

    /// The event `name` with `payloadJSON`, to be emitted at `atMilliseconds`, from `origin`.
    public init(atMilliseconds: Int64, name: String, payloadJSON: String?, origin: String) {
        self.atMilliseconds = atMilliseconds
        self.name = name
        self.payloadJSON = payloadJSON
        self.origin = origin
    }
}
