/// An event to emit, with its payload.
public struct EmitDeclaration: Hashable, Sendable {
    /// The event.
    public let event: Name
    /// `with`: payload field values.
    public let payload: [Assignment]

    /// Creates an emission.
    public init(event: Name, payload: [Assignment]) {
        self.event = event
        self.payload = payload
    }
}
