/// An event and its payload fields.
public struct EventModel: Sendable {
    /// The event's name.
    public let name: Name
    /// Payload fields in slot order.
    public let fields: [(name: Name, type: ValueType)]
    /// Whether the outside may emit it (`inputs`).
    public let isInput: Bool
    /// For a completion event (`done.S`), the state it completes; nil for a declared event.
    public internal(set) var completedState: Int? = nil
    /// Per payload field, the values `spinrun --check` tries when declared (`values`); nil for a
    /// field without them (a bool or enumeration field then tries every value).
    public let payloadValues: [[SpinValue]?]
}
