/// A transition as the microstep planner sees it: a row taken from one of its source states.
package struct PlannedTransition: Hashable, Sendable {
    /// The row's position in the spin's rows.
    let row: Int
    /// The state the row is taken from; nil for a row of the whole spin.
    let source: Int?
    /// The target state (the state whose history is the target, with `targetsHistory`); nil for a
    /// targetless row.
    package let target: Int?
    package let targetsHistory: Bool
    /// The kind of history a history target enters; nil for the kind its state records.
    let historyKind: HistoryKind?
    let isInternal: Bool

    private init(row: Int, source: Int?, target: Int?, targetsHistory: Bool, historyKind: HistoryKind? = nil, isInternal: Bool) {
        self.row = row
        self.source = source
        self.target = target
        self.targetsHistory = targetsHistory
        self.historyKind = historyKind
        self.isInternal = isInternal
    }

    /// Row `row`, `model`, taken from `source`.
    package init(row: Int, source: Int?, of model: TransitionModel) {
        self.init(
            row: row, source: source, target: model.target, targetsHistory: model.targetsHistory, historyKind: model.historyKind,
            isInternal: model.isInternal)
    }
}
