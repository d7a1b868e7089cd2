/// An input event given on the command line (`--event`), in an events file (`--events`) or typed
/// on stdin (`--interactive`), before it is sent into the run.
struct InputEvent: Sendable, Equatable {
    /// When to emit it, in milliseconds of run time (0 for `--event` and typed events).
    var atMilliseconds: Int64
    /// The event's name.
    var name: String
    /// The payload's JSON object text (`{"amount":25}`), or nil for none.
    var payloadJSON: String?
    /// Where it came from, for messages: `--event`, `events.txt:3`, `stdin:2`.
    var origin: String
}
