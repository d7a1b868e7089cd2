/// What a host program's effect receives: which spin and effect, and the state that triggered it.
public struct EffectRequest: Sendable {
    /// The spin's name.
    public let spin: String
    /// The effect's name in the spec.
    public let effect: String
    /// The control state's name, or nil for a data-only spin.
    public let controlState: String?
    /// The data fields by name.
    public let data: [String: SpinValue]
}

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

/// A host program's implementation of a named effect of a spec.
public typealias HostEffect = @Sendable (EffectRequest) async throws -> HostEvent?
