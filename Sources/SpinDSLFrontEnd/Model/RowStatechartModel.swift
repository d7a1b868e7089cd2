/// The statechart parts of a resolved row, behind one reference: most rows have none.
final class RowStatechartModel: Sendable {
    /// `to: history(S)`.
    let targetsHistory: Bool
    /// The kind of history the row enters: the one it names (`history(S, deep)`), else S's own;
    /// nil for a row that does not target a history (or names S's, which S does not have).
    let historyKind: HistoryKind?
    /// `internal: true`.
    let isInternal: Bool
    /// `emit` and `propagate` (no assignments: the row's `set` stays in the row).
    let actions: ActionBlockModel?

    init(targetsHistory: Bool, historyKind: HistoryKind?, isInternal: Bool, actions: ActionBlockModel?) {
        self.targetsHistory = targetsHistory
        self.historyKind = historyKind
        self.isInternal = isInternal
        self.actions = actions
    }
}
