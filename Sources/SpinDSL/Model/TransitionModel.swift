/// A resolved row of the reducer table.
struct TransitionModel: Sendable {
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

    /// Whether the row applies in control state `state`.
    func applies(in state: Int) -> Bool {
        sources.map { $0.contains(state) } ?? true
    }
}
