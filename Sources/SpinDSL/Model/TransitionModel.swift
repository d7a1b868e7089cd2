/// A resolved row of the reducer table.
///
/// A class, because rows are large (the declaration as written, compiled guard and assignments) and
/// every analysis, the reducer table and the diagrams pass them around: a copy is then one reference,
/// not a copy of every field. Rows are immutable once resolved.
final class TransitionModel: Sendable {
    /// The row as written.
    let declaration: TransitionDeclaration
    /// The control states it applies in; nil for any.
    let sources: [Int]?
    /// The event's index.
    let event: Int
    /// The guard.
    let guardExpression: CompiledExpression?
    /// The target state's index.
    let target: Int?
    /// Assignments in order: the data slot and the value.
    let assignments: [(slot: Int, value: CompiledExpression)]

    /// Creates a row.
    init(
        declaration: TransitionDeclaration, sources: [Int]?, event: Int, guardExpression: CompiledExpression?,
        target: Int?, assignments: [(slot: Int, value: CompiledExpression)]
    ) {
        self.declaration = declaration
        self.sources = sources
        self.event = event
        self.guardExpression = guardExpression
        self.target = target
        self.assignments = assignments
    }

    /// Whether the row applies in control state `state`.
    func applies(in state: Int) -> Bool {
        sources.map { $0.contains(state) } ?? true
    }
}
