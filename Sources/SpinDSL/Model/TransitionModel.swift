/// A resolved row of the reducer table.
///
/// A class, because rows are large (the declaration as written, compiled guard and assignments) and
/// every analysis, the reducer table and the diagrams pass them around: a copy is then one reference,
/// not a copy of every field. Rows are immutable once resolved.
final class TransitionModel: Sendable {
    /// The row as written.
    var declaration: TransitionDeclaration { written.rows[position] }
    /// The rows of the spin as written, and this one's position among them: a reference to the
    /// row, not a copy of it (a large table's rows were otherwise held twice, and copying each
    /// one's names and texts retained them).
    private let written: WrittenTransitions
    private let position: Int
    /// The control states it applies in; nil for any.
    let sources: [Int]?
    /// The event's index.
    let event: Int
    /// The guard.
    var guardExpression: CompiledExpression? { guardStorage?.expression }
    /// The guard's checked tree, for analyses: read without copying the compiled guard out.
    var guardTree: TypedExpression? { guardStorage?.expression.expression }
    /// The target state's index.
    let target: Int?
    /// Assignments in order: the data slot and the value.
    let assignments: [(slot: Int, value: CompiledExpression)]
    /// The guard, kept out of line: a compiled expression is large (its checked tree and five
    /// entry points), most rows have no guard, and a large table has a great many rows.
    private let guardStorage: GuardStorage?

    /// Creates the row written at `position` of `written`, which must be a valid index.
    init(
        written: WrittenTransitions, position: Int, sources: [Int]?, event: Int, guardExpression: CompiledExpression?,
        target: Int?, assignments: [(slot: Int, value: CompiledExpression)]
    ) {
        self.written = written
        self.position = position
        self.sources = sources
        self.event = event
        guardStorage = guardExpression.map(GuardStorage.init)
        self.target = target
        self.assignments = assignments
    }

    /// `body`'s result on the guard, read where it lies rather than copied out; nil without a guard.
    func withGuard<Result>(_ body: (borrowing CompiledExpression) -> Result) -> Result? {
        guard let guardStorage else { return nil }
        return body(guardStorage.expression)
    }

    /// Whether the row applies in control state `state`.
    func applies(in state: Int) -> Bool {
        sources.map { $0.contains(state) } ?? true
    }
}

/// A row's guard, out of line (see `TransitionModel.guardStorage`).
private final class GuardStorage: Sendable {
    let expression: CompiledExpression

    init(_ expression: CompiledExpression) {
        self.expression = expression
    }
}

/// The transition rows of one spin as written, shared by the spin's `TransitionModel`s.
final class WrittenTransitions: Sendable {
    let rows: [TransitionDeclaration]

    init(_ rows: [TransitionDeclaration]) {
        self.rows = rows
    }
}
