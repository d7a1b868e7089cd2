/// Which unguarded rows of a spin are fallbacks where they are drawn: rows tried after a guarded
/// row on the same event (the same eventless kind), so that they fire only when those guards do
/// not hold. Diagrams mark them `[else]`; without the mark such a row looks unconditional.
///
/// The order is the reducer's (docs/spec-format.md, docs/statecharts.md rule 3): in a state, the
/// rows of the states below it come first, then its own rows in document order, then those of
/// the whole spin in document order.
///
/// The guarded rows are indexed once (per event: the first guarded row of each state, the states
/// with a guarded row below them, the first guarded row of the whole spin), so that a question is
/// a few look-ups and a table of many rows on one event is not quadratic.
struct FallbackRows {
    private let spin: SpinModel

    /// What is known of the guarded rows on one event.
    private struct Guarded {
        /// Per state, the position of its first guarded row.
        var firstOfState: [Int: Int] = [:]
        /// The states with a guarded row at a proper descendant.
        var aboveGuarded = Set<Int>()
        /// The position of the first guarded row of the whole spin.
        var firstOfSpin: Int?
    }

    /// Per event (`TransitionModel.event`), its guarded rows.
    private let guarded: [Int: Guarded]

    init(spin: SpinModel) {
        self.spin = spin
        var guarded: [Int: Guarded] = [:]
        for (index, row) in spin.transitions.enumerated() where row.guardExpression != nil {
            var entry = guarded[row.event] ?? Guarded()
            if let sources = row.sources {
                for source in sources where spin.tree.nodes.indices.contains(source) {
                    guard entry.firstOfState[source] == nil else { continue }
                    entry.firstOfState[source] = index
                    // Mark the ancestors, stopping at one marked already (its own are too).
                    var ancestor = spin.tree.nodes[source].parent
                    while let current = ancestor, entry.aboveGuarded.insert(current).inserted {
                        ancestor = spin.tree.nodes[current].parent
                    }
                }
            } else if entry.firstOfSpin == nil {
                entry.firstOfSpin = index
            }
            guarded[row.event] = entry
        }
        self.guarded = guarded
    }

    /// Whether row `index`, drawn from `state` (nil: a data-only spin, which has none), is
    /// unguarded and tried after a guarded row on its event in `state` or in a state below it.
    func isFallback(_ index: Int, at state: Int?) -> Bool {
        guard spin.transitions.indices.contains(index) else { return false }
        let row = spin.transitions[index]
        guard row.guardExpression == nil, let entry = guarded[row.event] else { return false }
        // A row of the whole spin comes after the whole spin's rows written before it.
        let afterSpinRow = entry.firstOfSpin.map { $0 < index } ?? false
        guard let state else { return afterSpinRow }
        let belowGuarded = entry.aboveGuarded.contains(state)
        if row.sources == nil {
            // ... and after every state's rows, at `state` and below it.
            return afterSpinRow || belowGuarded || entry.firstOfState[state] != nil
        }
        // A state's row comes after the rows below it and its own rows written before it.
        return belowGuarded || (entry.firstOfState[state].map { $0 < index } ?? false)
    }
}
