import SpinDSLFrontEnd

/// An event carried by a gear between compiled spins.
public struct GearMessage: Hashable, Sendable {
    /// The event's index in the gear's events.
    public let kind: Int
    /// Its payload in field order.
    public let payload: [SpinValue]

    /// Creates the value from its parts, one for each stored property.
    package init(kind: Int, payload: [SpinValue]) {
        self.kind = kind
        self.payload = payload
    }
}
