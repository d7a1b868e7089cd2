/// A resolved property: a temporal formula over a spin's states, its atoms checked as boolean
/// expressions of the spin (docs/checking.md, "Properties").
public struct PropertyModel: Sendable {
    /// The property's name, where it is declared.
    public let name: Name
    /// The formula as written.
    public let text: String
    /// The formula; `.atom(i)` is `atoms[i]`.
    public let formula: TemporalFormula
    /// The state expressions of the formula, checked.
    package let atoms: [TypedExpression]
    /// The automaton of the formula's negation, which `spinrun --check` runs against the states.
    package let negation: BuchiAutomaton
}
