import Spin

/// The spins of one run of a spec, and the gears between them.
public struct SpecInstance: Sendable {
    /// The model the spins come from.
    public let model: SpecModel
    /// One core spin per spin of the spec, in document order.
    public let spins: [Spin<SpecState, SpecEvent>]
    /// One gear per gear of the spec, in document order.
    public let gears: [Gear<GearMessage>]
}
