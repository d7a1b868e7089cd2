/// A resolved block of actions of a state's `entry` or `exit`, or the statechart actions of a row
/// (its `emit` and `propagate`; a row's `set` stays in its `TransitionModel`): assignments, then
/// a raised event, then a gear event; or a conditional action.
package struct ActionBlockModel: Sendable {
    /// Where the block is written.
    package let location: SourceLocation
    /// Assignments in order: the data slot and the value.
    package let assignments: TransitionAssignments
    /// The event raised on the spin's internal queue.
    package let emit: EmitModel?
    /// The event sent into a gear.
    package let propagate: PropagateModel?
    /// A conditional action (the block then has no assignments or events of its own).
    package var conditional: ConditionalActionModel? = nil

    /// This block and every block nested in its conditional actions, at any depth, in document
    /// order: what analyses look at (the events a block may raise or propagate, the expressions
    /// it may evaluate), whichever branch a run takes.
    package var nested: [ActionBlockModel] {
        var found: [ActionBlockModel] = []
        var pending = [self]
        while let block = pending.popLast() {
            found.append(block)
            if let conditional = block.conditional { pending += (conditional.then + conditional.otherwise).reversed() }
        }
        return found
    }

    /// The expressions this block evaluates, those of nested blocks included: assignments' values,
    /// payloads, conditions.
    var expressions: [TypedExpression] {
        var found: [TypedExpression] = []
        for block in nested {
            found += block.assignments.map(\.value.expression)
            if let emit = block.emit { found += emit.payload }
            if let propagate = block.propagate { found += propagate.payload }
            if let conditional = block.conditional { found.append(conditional.condition.expression) }
        }
        return found
    }
}
