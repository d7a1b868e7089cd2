/// One entry of a spin's `properties`: a name and a temporal formula over the spin's states
/// (`always P`, `eventually P`, `P leadsTo Q`, `P until Q`, …), checked by `spinrun --check`.
public struct PropertyDeclaration: Hashable, Sendable {
    /// The property's name.
    public let name: Name
    /// The formula as written.
    public let formula: ExpressionText

    /// Creates a property declaration.
    public init(name: Name, formula: ExpressionText) {
        self.name = name
        self.formula = formula
    }
}
