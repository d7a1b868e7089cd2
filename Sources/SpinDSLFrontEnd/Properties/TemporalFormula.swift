/// A formula of a spin's `properties` (docs/checking.md, "Properties"): state formulas (atoms, each
/// a boolean state expression) combined with the temporal operators of the fragment the language
/// takes.
public indirect enum TemporalFormula: Hashable, Sendable {
    /// The property's atom at this index: a boolean expression over one state.
    case atom(Int)
    case not(TemporalFormula)
    case and(TemporalFormula, TemporalFormula)
    case or(TemporalFormula, TemporalFormula)
    /// `P implies Q` (also `P => Q`): `not P or Q`.
    case implies(TemporalFormula, TemporalFormula)
    /// `always P`: P holds at every state from here on.
    case always(TemporalFormula)
    /// `eventually P`: P holds at some state from here on.
    case eventually(TemporalFormula)
    /// `P until Q`: Q holds at some state from here on, and P at every state before it.
    case until(TemporalFormula, TemporalFormula)
    /// `P leadsTo Q`: `always (P implies eventually Q)`.
    case leadsTo(TemporalFormula, TemporalFormula)

    /// Whether the formula says something about more than one state (it has a temporal operator).
    public var isTemporal: Bool {
        switch self {
        case .atom: return false
        case .not(let p): return p.isTemporal
        case .and(let p, let q), .or(let p, let q), .implies(let p, let q): return p.isTemporal || q.isTemporal
        case .always, .eventually, .until, .leadsTo: return true
        }
    }
}
