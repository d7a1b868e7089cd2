/// A transition as the microstep planner sees it: a row taken from one of its source states.
struct PlannedTransition: Hashable, Sendable {
    /// The row's position in the spin's rows.
    let row: Int
    /// The state the row is taken from; nil for a row of the whole spin.
    let source: Int?
    /// The target state (the state whose history is the target, with `targetsHistory`); nil for a
    /// targetless row.
    let target: Int?
    let targetsHistory: Bool
    let isInternal: Bool
}
