/// Which unguarded rows of a spin are fallbacks where they are drawn: rows tried after a guarded
/// row on the same event (the same eventless kind), so that they fire only when those guards do
/// not hold. Diagrams mark them `[else]`; without the mark such a row looks unconditional.
///
/// The order is the reducer's (docs/spec-format.md, docs/statecharts.md rule 3): in a state, the
/// rows of the states below it come first, then its own rows in document order, then those of
/// the whole spin in document order.
struct FallbackRows {
    private let spin: SpinModel
    /// Per event (`TransitionModel.event`), the positions of its rows in document order.
    private let rowsByEvent: [Int: [Int]]

    init(spin: SpinModel) {
        self.spin = spin
        var rowsByEvent: [Int: [Int]] = [:]
        for (index, row) in spin.transitions.enumerated() {
            rowsByEvent[row.event, default: []].append(index)
        }
        self.rowsByEvent = rowsByEvent
    }

    /// Whether row `index`, drawn from `state` (nil: a data-only spin, which has none), is
    /// unguarded and tried after a guarded row on its event in `state` or in a state below it.
    func isFallback(_ index: Int, at state: Int?) -> Bool {
        guard spin.transitions.indices.contains(index) else { return false }
        let row = spin.transitions[index]
        guard row.guardExpression == nil else { return false }
        for other in rowsByEvent[row.event] ?? [] where other != index {
            let earlier = spin.transitions[other]
            if earlier.guardExpression != nil, isTried(earlier, before: row, otherFirst: other < index, at: state) { return true }
        }
        return false
    }

    /// Whether `earlier` is tried before `row` in `state` or in some state below it.
    private func isTried(_ earlier: TransitionModel, before row: TransitionModel, otherFirst: Bool, at state: Int?) -> Bool {
        guard let state else {
            // A data-only spin: every row is the whole spin's.
            return otherFirst
        }
        guard let earlierSources = earlier.sources else {
            // A row of the whole spin comes after every state's row, and after the whole
            // spin's rows written before it.
            return row.sources == nil && otherFirst
        }
        if row.sources == nil {
            // Any state's row at or below `state` comes before a row of the whole spin.
            return earlierSources.contains { spin.tree.isDescendant($0, ofOrSelf: state) }
        }
        return earlierSources.contains { source in
            spin.tree.isProperDescendant(source, of: state) || (source == state && otherFirst)
        }
    }
}
