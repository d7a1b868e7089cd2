/// A resolved row of the reducer table.
///
/// A class, because rows are large (the declaration as written, guard and assignments) and
/// every analysis, the reducer table and the diagrams pass them around: a copy is then one reference,
/// not a copy of every field. Rows are immutable once resolved.
package final class TransitionModel: Sendable {
    /// The row as written.
    package var declaration: TransitionDeclaration { written.rows[position] }
    /// The rows of the spin as written, and this one's position among them: a reference to the
    /// row, not a copy of it (a large table's rows were otherwise held twice, and copying each
    /// one's names and texts retained them).
    private let written: WrittenTransitions
    private let position: Int
    /// The states it is a row of (`from`); nil for a row of the whole spin (`any`).
    package let sources: [Int]?
    /// The event's index; `SpinModel.eventlessKind` for an eventless row.
    package let event: Int
    /// The descriptor of `on` that matched `event` (`door` for `door.open`, `*`) when it matches
    /// more than the one event of its name (`door.close` that also matches `door.close.now`); nil
    /// for a row on an event by its name alone. Diagrams draw it.
    package let descriptor: Name?
    /// The guard.
    package let guardExpression: RowExpression?
    /// The guard's checked tree, for analyses of its structure: shared with the other rows writing
    /// the same text, so its nodes are located at the first of them (`guardExpression?.expression`
    /// is located at this row).
    var guardTree: TypedExpression? { guardExpression?.shared.expression }
    /// The target state's index.
    package let target: Int?
    /// Assignments in order: the data slot and the value.
    package let assignments: TransitionAssignments
    /// The statechart parts of the row, when it has any: a history target, `internal`, the raised
    /// and propagated events.
    let statechart: RowStatechartModel?

    /// Whether the target is the history of `target` (`to: history(S)`).
    var targetsHistory: Bool { statechart?.targetsHistory ?? false }
    /// The kind of history a history target enters (see `RowStatechartModel.historyKind`).
    var historyKind: HistoryKind? { statechart?.historyKind }
    /// Whether a target inside the source leaves the source active (`internal: true`).
    var isInternal: Bool { statechart?.isInternal ?? false }
    /// The row's raised and propagated events.
    package var actions: ActionBlockModel? { statechart?.actions }

    /// Creates the row written at `position` of `written`, which must be a valid index.
    init(
        written: WrittenTransitions, position: Int, sources: [Int]?, event: Int, descriptor: Name? = nil,
        guardExpression: RowExpression?, target: Int?, assignments: TransitionAssignments, statechart: RowStatechartModel? = nil
    ) {
        self.written = written
        self.position = position
        self.sources = sources
        self.event = event
        self.descriptor = descriptor
        self.guardExpression = guardExpression
        self.target = target
        self.assignments = assignments
        self.statechart = statechart
    }

    /// Whether the row applies in control state `state`.
    package func applies(in state: Int) -> Bool {
        sources.map { $0.contains(state) } ?? true
    }
}
