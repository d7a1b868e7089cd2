/// Where an event that was reduced came from.
public enum EventOrigin: Sendable, Hashable, CustomStringConvertible {
    /// Emitted from outside the loop through `SpinRuntime.emit(_:)` (the role a UI plays).
    case input
    /// Emitted by the feedback at this index in the spin's declaration order.
    case feedback(index: Int, name: String?)
    /// Raised by the spin's internal-event source (`Spin.withInternalEvents(_:)`), which named
    /// itself `source` (for instance "raised" or "eventless").
    case `internal`(source: String)

    /// `input`, the feedback's name or `feedback#N`, or the internal source's name.
    public var description: String {
        switch self {
        case .input: return "input"
        case let .feedback(index, name): return name ?? "feedback#\(index)"
        case let .internal(source): return source
        }
    }
}
