import SpinDSLFrontEnd

/// A statechart's microsteps with their action blocks compiled: what `ReducerTable` runs for a
/// spin that has a `Statechart`.
package final class StatechartCode: Sendable {
    /// An action block as the reducer runs it: assignment entries of the table, then at most one
    /// raised event (`emit` or a completion) and one gear event; or a conditional action, which
    /// runs the blocks of one branch.
    struct Block: Sendable {
        let assignments: Range<Int>
        /// An index into `emits`, or -1.
        let emit: Int32
        /// An index into `propagates`, or -1.
        let propagate: Int32
        /// The kind of the completion event raised, or -1.
        let raise: Int32
        /// A conditional action's condition (nil for other blocks), and the blocks (indices into
        /// `blocks`, after those of the chart's block sources) of each branch.
        var condition: BoolCode?
        var then: [Int32] = []
        var otherwise: [Int32] = []
    }

    /// The payload code of an event raised or propagated by a block.
    struct EventCode: Sendable {
        /// The event's kind (for a gear event, its index in the gear).
        let kind: Int
        /// The gear, for a propagated event.
        let gear: Int
        let payload: [ValueCode]
    }

    package let chart: Statechart
    let blocks: [Block]
    let emits: [EventCode]
    let propagates: [EventCode]
    /// Where each block is written, for its errors.
    let locations: [SourceLocation]
    /// Where each block's assignments' values are written, in order: a value out of its field's
    /// range is reported there.
    let valueLocations: [[SourceLocation]]
    /// The kind of the eventless pseudo-event.
    let eventlessKind: Int
    /// Whether a step may raise events (an `emit` or a completion event) or propagate any: only
    /// then has a state queues to look at, and only then does the spin need its internal-event
    /// source (with its eventless rows).
    package let mayRaise: Bool
    let mayPropagate: Bool

    /// The most raised events that may wait in a state: a row or action that raises faster than
    /// events are reduced would otherwise grow the queue without bound.
    static let raisedLimit = 10_000

    /// Compiles the blocks of `chart`: each row's block has the assignments of its row's code,
    /// entry and exit blocks entries of their own, all made by `compiler`. The blocks inside
    /// conditional actions follow those of the chart's block sources, which keep their ids.
    init(_ chart: Statechart, spin: SpinModel, compiler: inout ReducerTable.RowCompiler) {
        var made = BlockList(spin: spin)
        for source in chart.blockSources { made.add(source, compiler: &compiler) }
        made.compileBranches(compiler: &compiler)
        self.chart = chart
        self.blocks = made.blocks
        self.emits = made.emits
        self.propagates = made.propagates
        self.locations = made.locations
        self.valueLocations = made.valueLocations
        self.eventlessKind = spin.eventlessKind
        self.mayRaise = made.blocks.contains { $0.emit >= 0 || $0.raise >= 0 }
        self.mayPropagate = !made.propagates.isEmpty
    }

    /// The blocks compiled so far, with the events they raise or propagate and where they are
    /// written.
    private struct BlockList {
        let spin: SpinModel
        var blocks: [Block] = []
        var emits: [EventCode] = []
        var propagates: [EventCode] = []
        var locations: [SourceLocation] = []
        var valueLocations: [[SourceLocation]] = []
        /// Conditional blocks whose branches are still to compile: (their index, their model).
        var pending: [(index: Int, model: ActionBlockModel)] = []

        /// The code of the events `actions` emits and propagates: their indices in `emits` and
        /// `propagates`, or -1.
        mutating func events(of actions: ActionBlockModel?) -> (emit: Int32, propagate: Int32) {
            var emit: Int32 = -1
            var propagate: Int32 = -1
            if let model = actions?.emit, spin.events.indices.contains(model.event) {
                let types = spin.events[model.event].fields.map(\.type)
                emit = Int32(emits.count)
                emits.append(EventCode(kind: model.event, gear: -1, payload: zip(model.payload, types).map { CompiledExpression($0).valueClosure(as: $1) }))
            }
            if let model = actions?.propagate {
                propagate = Int32(propagates.count)
                propagates.append(EventCode(kind: model.event, gear: model.gear, payload: model.payload.map { CompiledExpression($0).valueClosure(as: $0.type) }))
            }
            return (emit, propagate)
        }

        mutating func append(_ block: Block, at location: SourceLocation, values: [SourceLocation]) {
            blocks.append(block)
            locations.append(location)
            valueLocations.append(values)
        }

        /// The block of one of the chart's block sources.
        mutating func add(_ source: ActionBlockSource, compiler: inout ReducerTable.RowCompiler) {
            switch source {
            case .row(let position):
                let transition = spin.transitions[position]
                let (emit, propagate) = events(of: transition.actions)
                if let actions = transition.actions, actions.conditional != nil { pending.append((blocks.count, actions)) }
                let row = compiler.row(of: transition)
                append(
                    Block(assignments: row.assignments, emit: emit, propagate: propagate, raise: -1),
                    at: transition.declaration.location, values: transition.assignments.map(\.value.location))
            case .entry, .exit, .initial:
                guard let model = spin.tree.actions(of: source) else {
                    append(Block(assignments: 0..<0, emit: -1, propagate: -1, raise: -1), at: spin.name.location, values: [])
                    return
                }
                if model.conditional != nil { pending.append((blocks.count, model)) }
                let (emit, propagate) = events(of: model)
                append(
                    Block(assignments: compiler.entries(of: model.assignments), emit: emit, propagate: propagate, raise: -1),
                    at: model.location, values: model.assignments.map(\.value.location))
            case .raise(let event):
                append(
                    Block(assignments: 0..<0, emit: -1, propagate: -1, raise: Int32(event)),
                    at: spin.events.indices.contains(event) ? spin.events[event].name.location : spin.name.location, values: [])
            }
        }

        /// The blocks of the branches of each conditional block, after the chart's block sources'
        /// (a branch's own conditional blocks' after them).
        mutating func compileBranches(compiler: inout ReducerTable.RowCompiler) {
            var next = 0
            while next < pending.count {
                let (index, model) = pending[next]
                next &+= 1
                guard let conditional = model.conditional else { continue }
                let then = compiled(conditional.then, compiler: &compiler)
                let otherwise = compiled(conditional.otherwise, compiler: &compiler)
                blocks[index].condition = ExpressionCompiler.bool(conditional.condition.expression)
                blocks[index].then = then
                blocks[index].otherwise = otherwise
            }
        }

        /// The blocks of a branch, appended in order.
        private mutating func compiled(_ branch: [ActionBlockModel], compiler: inout ReducerTable.RowCompiler) -> [Int32] {
            branch.map { child in
                if child.conditional != nil { pending.append((blocks.count, child)) }
                let (emit, propagate) = events(of: child)
                append(
                    Block(assignments: compiler.entries(of: child.assignments), emit: emit, propagate: propagate, raise: -1),
                    at: child.location, values: child.assignments.map(\.value.location))
                return Int32(blocks.count &- 1)
            }
        }
    }

    /// Whether the candidate's microstep is what a flat table's row does: no history record, no
    /// entry parity, and only its row's own block, with assignments alone that do not read the
    /// configuration. Then the flat table's code takes it, with the configuration after it as the
    /// row's target.
    func isFlat(_ candidate: StatechartCandidate) -> Bool {
        guard candidate.historySlot < 0, chart.plans.indices.contains(Int(candidate.plan)) else { return false }
        let plan = chart.plans[Int(candidate.plan)]
        guard plan.writeStart == plan.writeEnd, plan.flipStart == plan.flipEnd, plan.blockEnd &- plan.blockStart == 1 else { return false }
        let block = Int(chart.sequence[Int(plan.blockStart)])
        guard blocks.indices.contains(block), case .row = chart.blockSources[block] else { return false }
        // A row's actions that read the configuration run after the exits, not in the source.
        if chart.blockReadsActive.indices.contains(block), chart.blockReadsActive[block] { return false }
        return blocks[block].emit < 0 && blocks[block].propagate < 0 && blocks[block].raise < 0 && blocks[block].condition == nil
    }
}
