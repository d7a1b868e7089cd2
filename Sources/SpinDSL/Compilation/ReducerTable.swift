/// The compiled reducer of a spin: for each (control state, event) the candidate rows, in document
/// order, with compiled guards and assignments. No name is looked up and nothing is allocated per
/// step: the state's data array is mutated in place.
struct ReducerTable: Sendable {
    /// A candidate row, holding only the code it runs: copying a row, or an expression with its
    /// five entry points, on every step would cost a retain per closure.
    struct Row: Sendable {
        /// Whether the row has a guard; `guardCode` is called only then. Not an optional: binding
        /// an optional closure copies (retains) it.
        let hasGuard: Bool
        let guardCode: BoolCode
        let target: Int?
        /// The row's assignments, a range of the table's `assignments`: one flat array, so that a
        /// step reads them in place instead of retaining an array per row.
        let assignments: Range<Int>
    }

    /// An assignment `slot = value`. Int fields, the common case, use code that produces a bare
    /// `Int64`, compared with the old value without going through `SpinValue` equality.
    ///
    /// A struct of non-optional closures rather than an enum with closure payloads: a closure
    /// called as a stored property of a row read in place is not copied, whereas binding an enum
    /// payload copies (and so retains and releases) it on every step.
    struct Assignment: Sendable {
        let slot: Int
        let isInt: Bool
        let intCode: IntCode
        /// The value, already converted to the field's type (used when `isInt` is false).
        let valueCode: ValueCode
    }

    private let eventCount: Int
    /// `cells[control * eventCount + event]` is the range of `candidates` to try.
    private let cells: [Range<Int>]
    private let candidates: [Row]
    private let assignments: [Assignment]

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
        // Each transition's assignments are compiled once, however many cells list the row.
        var assignments: [Assignment] = []
        let assignmentRanges = spin.transitions.map { transition in
            let start = assignments.count
            for assignment in transition.assignments {
                assignments.append(Self.assignment(slot: assignment.slot, value: assignment.value, type: spin.fields[assignment.slot].type))
            }
            return start..<assignments.count
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
                        hasGuard: transition.guardExpression != nil,
                        guardCode: transition.guardExpression?.boolClosure ?? Self.noGuard,
                        target: transition.target,
                        assignments: assignmentRanges[next]))
                }
                cells.append(start..<candidates.count)
            }
        }
        self.eventCount = eventCount
        self.cells = cells
        self.candidates = candidates
        self.assignments = assignments
    }

    /// The code of a row without a guard (never called).
    private static let noGuard: BoolCode = { (_: EvaluationView) throws(EvaluationError) -> Bool in true }

    private static func assignment(slot: Int, value: CompiledExpression, type: ValueType) -> Assignment {
        let isInt = if case .int = type, case .int = value.type { true } else { false }
        return Assignment(slot: slot, isInt: isInt, intCode: value.intClosure, valueCode: value.valueClosure(as: type))
    }

    /// What trying a cell's rows came to.
    private enum Outcome {
        /// No row's guard held.
        case noRow
        /// Row `row` applied; `changed` tells whether an assignment changed a field.
        case applied(row: Int, changed: Bool)
        case failed(EvaluationError)
    }

    /// Applies the first row whose guard holds; returns whether the state changed.
    func reduce(_ state: inout SpecState, _ event: SpecEvent) -> Bool {
        if state.hasFault { return false }
        if event.hasFault {
            state.fault = event.fault
            return true
        }
        let control = state.control
        let cellIndex = control &* eventCount &+ event.kind
        guard event.kind >= 0, event.kind < eventCount, cellIndex >= 0, cellIndex < cells.count else { return false }
        let cell = cells[cellIndex]
        // Rows and assignments are read in place: no row, and none of its closures, is copied per
        // step. Expressions read the data and payload through views, and assignments write the
        // data array in place (uniquely referenced: the runtime holds the only copy).
        let outcome = candidates.withUnsafeBufferPointer { rows in
            assignments.withUnsafeBufferPointer { assignments in
                event.payload.withUnsafeBufferPointer { payload in
                    state.data.withUnsafeMutableBufferPointer { data -> Outcome in
                        let view = EvaluationView(data: UnsafeBufferPointer(data), event: payload, state: control)
                        for index in cell {
                            do throws(EvaluationError) {
                                if rows[index].hasGuard, try !rows[index].guardCode(view) { continue }
                                var changed = false
                                for assignment in rows[index].assignments {
                                    if try Self.apply(assignments, assignment, view, data) { changed = true }
                                }
                                return .applied(row: index, changed: changed)
                            } catch {
                                return .failed(error)
                            }
                        }
                        return .noRow
                    }
                }
            }
        }
        switch outcome {
        case .noRow:
            return false
        case .applied(let row, var changed):
            if let target = candidates[row].target, target != control {
                state.control = target
                changed = true
            }
            return changed
        case .failed(let error):
            state.fault = SpecFault(error)
            return true
        }
    }

    /// Evaluates an assignment and writes its slot of `data` (which `view` also reads, so that
    /// later assignments of the row see it); returns whether the value changed.
    private static func apply(
        _ assignments: UnsafeBufferPointer<Assignment>, _ index: Int,
        _ view: EvaluationView, _ data: UnsafeMutableBufferPointer<SpinValue>
    ) throws(EvaluationError) -> Bool {
        let slot = assignments[index].slot
        if assignments[index].isInt {
            let value = try assignments[index].intCode(view)
            // Slots come from the checker, but a total check keeps a bad one from writing outside.
            guard slot >= 0, slot < data.count else { return false }
            if case .int(let old) = data[slot], old == value { return false }
            data[slot] = .int(value)
            return true
        }
        let value = try assignments[index].valueCode(view)
        guard slot >= 0, slot < data.count else { return false }
        if data[slot] == value { return false }
        data[slot] = value
        return true
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
