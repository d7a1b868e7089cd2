import SpinDSLFrontEnd

/// An event a host effect feeds back, by name, with its payload by field name.
public struct HostEvent: Sendable, Equatable {
    /// The event's name in the spec.
    public let name: String
    /// The payload values by field name.
    public let payload: [String: SpinValue]

    /// Creates an event.
    public init(_ name: String, _ payload: [String: SpinValue] = [:]) {
        self.name = name
        self.payload = payload
    }
}
