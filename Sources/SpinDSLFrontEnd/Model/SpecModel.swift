/// A validated spec: every name resolved to an index, every expression type-checked, each
/// statechart's microsteps worked out.
/// This is what the compiler turns into spins on the core, and what the exporters draw.
public struct SpecModel: Sendable {
    /// The file's path.
    public let path: String
    /// The spins, in document order (set by the front end's steps after resolution:
    /// `StatechartLowering`).
    public internal(set) var spins: [SpinModel]
    /// The gears, in document order.
    public let gears: [GearModel]
    /// The types of `types:`, in document order.
    public let types: [EnumType]
    /// The constants of `constants:`, in document order.
    public let constants: [ConstantModel]

    /// The spin named `name`.
    public func spin(named name: String) -> SpinModel? {
        spins.first { $0.name.text == name }
    }
}
