/// The statechart parts of a resolved row, behind one reference: most rows have none.
final class RowStatechartModel: Sendable {
    /// `to: history(S)`.
    let targetsHistory: Bool
    /// `internal: true`.
    let isInternal: Bool
    /// `emit` and `propagate` (no assignments: the row's `set` stays in the row).
    let actions: ActionBlockModel?

    init(targetsHistory: Bool, isInternal: Bool, actions: ActionBlockModel?) {
        self.targetsHistory = targetsHistory
        self.isInternal = isInternal
        self.actions = actions
    }
}
