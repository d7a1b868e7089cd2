/// A whole spec file, as written: its spins and gears, before validation.
public struct SpecDocument: Hashable, Sendable {
    /// The path of the file, as given.
    public let path: String
    /// The spins, in document order.
    public let spins: [SpinDeclaration]
    /// The gears, in document order.
    public let gears: [GearDeclaration]
    /// `description`.
    public let summary: String?
    /// `types`: the enumerations the spins share, in document order.
    public let types: [TypeDeclaration]
    /// `constants`, in document order.
    public let constants: [ConstantDeclaration]

    /// Creates a document.
    public init(
        path: String, spins: [SpinDeclaration], gears: [GearDeclaration], summary: String?,
        types: [TypeDeclaration] = [], constants: [ConstantDeclaration] = []
    ) {
        self.path = path
        self.spins = spins
        self.gears = gears
        self.summary = summary
        self.types = types
        self.constants = constants
    }
}
