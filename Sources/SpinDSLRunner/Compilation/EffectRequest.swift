import SpinDSLFrontEnd

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
