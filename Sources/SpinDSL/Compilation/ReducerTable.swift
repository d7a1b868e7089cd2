/// The compiled reducer of a spin: for each (control state, event) the candidate rows, in document
/// order, with compiled guards and assignments. No name is looked up and nothing is allocated per
/// step: the state's data array is mutated in place.
struct ReducerTable: Sendable {
    /// A candidate row, holding only the code it runs: copying a row, or an expression with its
    /// five entry points, on every step would cost a retain per closure.
    struct Row: Sendable {
        let guardCode: BoolCode?
        let target: Int?
        let assignments: [Assignment]
    }

    struct Assignment: Sendable {
        let slot: Int
        /// The value, already converted to the field's type.
        let value: ValueCode
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
                        guardCode: transition.guardExpression?.boolClosure,
                        target: transition.target,
                        assignments: transition.assignments.map {
                            Assignment(slot: $0.slot, value: $0.value.valueClosure(as: spin.fields[$0.slot].type))
                        }))
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
        if state.hasFault { return false }
        if event.hasFault {
            state.fault = event.fault
            return true
        }
        let cellIndex = state.control &* eventCount &+ event.kind
        guard event.kind >= 0, event.kind < eventCount, cellIndex >= 0, cellIndex < cells.count else { return false }
        let cell = cells[cellIndex]
        // Rows are read in place: no row, and none of its closures, is copied per step. The data
        // array moves into the evaluation context and back (no retain, no copy), and assignments
        // write it there, where it is uniquely referenced.
        return candidates.withUnsafeBufferPointer { rows in
            var context = EvaluationContext(data: [], event: event.payload, state: state.control)
            swap(&context.data, &state.data)
            defer { swap(&context.data, &state.data) }
            for index in cell {
                do throws(EvaluationError) {
                    if let guardCode = rows[index].guardCode, try !guardCode(context) { continue }
                    var changed = false
                    for assignment in rows[index].assignments {
                        let value = try assignment.value(context)
                        if context.data[assignment.slot] != value {
                            context.data[assignment.slot] = value
                            changed = true
                        }
                    }
                    if let target = rows[index].target, target != state.control {
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
