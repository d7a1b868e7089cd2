/// The compiled reducer of a spin: for each (control state, event) the candidate rows, in document
/// order, with compiled guards and assignments. No name is looked up and nothing is allocated per
/// step: the state's data array is mutated in place.
struct ReducerTable: Sendable {
    struct Row: Sendable {
        let guardExpression: CompiledExpression?
        let target: Int?
        let assignments: [(slot: Int, value: CompiledExpression, type: ValueType)]
    }

    private let eventCount: Int
    /// `cells[control * eventCount + event]` is the range of `candidates` to try.
    private let cells: [Range<Int>]
    private let candidates: [Row]

    init(spin: SpinModel) {
        let eventCount = spin.events.count
        let cellCount = spin.controlCount * eventCount
        // Row indices bucketed once: per cell for rows with listed sources, per event for `any`
        // rows. Each cell then merges its two lists in document order, so building the table is
        // linear in rows plus cells, not rows × cells.
        var listed = [[Int]](repeating: [], count: cellCount)
        var anywhere = [[Int]](repeating: [], count: eventCount)
        for (index, transition) in spin.transitions.enumerated() where transition.event >= 0 && transition.event < eventCount {
            if let sources = transition.sources {
                for source in Set(sources) where source >= 0 && source < spin.controlCount {
                    listed[source * eventCount + transition.event].append(index)
                }
            } else {
                anywhere[transition.event].append(index)
            }
        }
        var cells: [Range<Int>] = []
        var candidates: [Row] = []
        cells.reserveCapacity(cellCount)
        for control in 0..<spin.controlCount {
            for event in 0..<eventCount {
                let start = candidates.count
                let own = listed[control * eventCount + event]
                let shared = anywhere[event]
                var i = 0
                var j = 0
                while i < own.count || j < shared.count {
                    let next: Int
                    if j >= shared.count || (i < own.count && own[i] < shared[j]) {
                        next = own[i]
                        i += 1
                    } else {
                        next = shared[j]
                        j += 1
                    }
                    let transition = spin.transitions[next]
                    candidates.append(Row(
                        guardExpression: transition.guardExpression,
                        target: transition.target,
                        assignments: transition.assignments.map { ($0.slot, $0.value, spin.fields[$0.slot].type) }))
                }
                cells.append(start..<candidates.count)
            }
        }
        self.eventCount = eventCount
        self.cells = cells
        self.candidates = candidates
    }

    /// Applies the first row whose guard holds; returns whether the state changed.
    func reduce(_ state: inout SpecState, _ event: SpecEvent) -> Bool {
        if state.fault != nil { return false }
        if let fault = event.fault {
            state.fault = fault
            return true
        }
        let cellIndex = state.control * eventCount + event.kind
        guard event.kind >= 0, event.kind < eventCount, cellIndex >= 0, cellIndex < cells.count else { return false }
        for index in cells[cellIndex] {
            let row = candidates[index]
            do throws(EvaluationError) {
                if let guardExpression = row.guardExpression {
                    let holds = try guardExpression.evaluateBool(EvaluationContext(data: state.data, event: event.payload, state: state.control))
                    if !holds { continue }
                }
                var changed = false
                for assignment in row.assignments {
                    // The context is a temporary: it is gone before the slot is written, so the
                    // data array stays uniquely referenced and is mutated in place.
                    let value = try assignment.value.evaluate(as: assignment.type, EvaluationContext(data: state.data, event: event.payload, state: state.control))
                    if state.data[assignment.slot] != value {
                        state.data[assignment.slot] = value
                        changed = true
                    }
                }
                if let target = row.target, target != state.control {
                    state.control = target
                    changed = true
                }
                return changed
            } catch {
                state.fault = SpecFault(error)
                return true
            }
        }
        return false
    }
}

extension CompiledExpression {
    /// The value converted to `type`: an int expression assigned to a double field is promoted.
    func evaluate(as type: ValueType, _ context: borrowing EvaluationContext) throws(EvaluationError) -> SpinValue {
        if case .double = type {
            return .double(try evaluateDouble(context))
        }
        return try evaluate(context)
    }
}
