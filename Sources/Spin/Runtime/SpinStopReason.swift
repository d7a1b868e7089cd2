/// Why a loop stopped.
public enum SpinStopReason: Sendable, Hashable, CustomStringConvertible {
    /// `stop()` was called (from outside, or by a feedback or an observer of the loop).
    case requested
    /// An event arrived while `limit` events were already waiting: the loop stopped itself rather
    /// than let its queue grow without bound (see `SpinRuntime.init(_:clock:maxQueueLength:)`).
    case queueFull(limit: Int)

    public var description: String {
        switch self {
        case .requested: return "stopped"
        case .queueFull(let limit): return "queue full (\(limit) events waiting)"
        }
    }
}
