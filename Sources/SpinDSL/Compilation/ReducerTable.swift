/// The compiled reducer of a spin: for each (control state, event) the candidate rows, in document
/// order, with compiled guards and assignments. No name is looked up and nothing is allocated per
/// step: the state's data array is mutated in place.
struct ReducerTable: Sendable {
    /// A candidate row, holding only the code it runs, as plain words (see `CompiledCode`).
    struct Row: Sendable {
        let guardCode: Unmanaged<CompiledCode>?
        /// The guard's shape, evaluated inline when it is a simple one.
        let guardShape: SlotShape
        let target: Int?
        /// The row's assignments, a range of the table's `assignments`: one flat array, so that a
        /// step reads them in place instead of retaining an array per row. Rows with the same one
        /// assignment share a range.
        let assignments: Range<Int>
    }

    /// An assignment `slot = value`. Int fields, the common case, use code that produces a bare
    /// `Int64`, compared with the old value without going through `SpinValue` equality.
    struct Assignment: Sendable {
        let slot: Int
        let isInt: Bool
        /// The value, converted to the field's type.
        let code: Unmanaged<CompiledCode>
        /// The value's shape, evaluated inline when it is a simple one (int fields only).
        let shape: SlotShape
    }

    /// A row's only assignment, as a key for sharing its entry of `assignments`: the shared
    /// expression (alive while the table is built) and the slot.
    private struct SingleAssignment: Hashable {
        let expression: ObjectIdentifier
        let slot: Int
    }

    /// The width of a row of `cells`: the spin's events (and, for a statechart, the eventless
    /// pseudo-event).
    let eventCount: Int
    /// `cells[control * eventCount + event]` is the range of `candidates` to try.
    let cells: [Range<Int>]
    let candidates: [Row]
    /// For each candidate, its row's position in `transitions`: read only when a row fails, to
    /// locate the error in that row's own text (its code is shared with rows writing the same).
    let candidateRows: [Int]
    let transitions: [TransitionModel]
    let assignments: [Assignment]
    /// What keeps the code of `candidates` and `assignments` alive.
    private let code: [CompiledCode]
    /// Per cell, its work as plain numbers when that work is simple enough (see `QuickCell`).
    private let quickCells: [QuickCell]
    /// The microsteps and action blocks of a statechart; nil for a flat table.
    let statechart: StatechartCode?

    /// A cell whose only candidate is one unguarded row with at most one assignment, of the shape
    /// `field ± constant` to an int field: the commonest transition (`count: count + 1`). Applied
    /// from these numbers, without the views and loops of the general path.
    struct QuickCell: Sendable {
        /// Whether the cell is one; if not, the other fields mean nothing.
        let isQuick: Bool
        /// The row's target control state, or -1 for none.
        let target: Int
        /// The assigned slot, or -1 for no assignment.
        let slot: Int
        let constant: Int64

        static let general = QuickCell(isQuick: false, target: -1, slot: -1, constant: 0)
    }

    init(spin: SpinModel) {
        let eventCount: Int
        let cells: [Range<Int>]
        let candidateRows: [Int]
        if let statechart = spin.statechart {
            // The statechart's candidates, in its priority order.
            eventCount = statechart.columns
            cells = statechart.cells
            candidateRows = statechart.candidates.map { Int($0.row) }
        } else {
            eventCount = spin.events.count
            (cells, candidateRows) = Self.flatCells(spin)
        }
        // Each shared expression's code and shape are made once, for all the rows writing its text
        // (whichever cells list them): a generated table has many rows and few texts. Entries are
        // keyed by the shared object, which `spin.transitions` keeps alive meanwhile; the previous
        // row's expression is tried before hashing, since neighbouring rows usually repeat it.
        var assignments: [Assignment] = []
        var code: [CompiledCode] = []
        var guardCodes = SharedCodes<(code: CompiledCode, shape: SlotShape)>()
        var valueCodes = SharedCodes<(code: CompiledCode, type: ValueType, isInt: Bool, shape: SlotShape)>()
        var singleAssignments: [SingleAssignment: Int] = [:]
        func row(_ transition: TransitionModel) -> Row {
            var guardCode: Unmanaged<CompiledCode>?
            var guardShape = SlotShape.general
            if let expression = transition.guardExpression {
                let made = guardCodes.value(for: expression.shared) { shared in
                    let compiled = CompiledCode(guard: shared.compiled)
                    code.append(compiled)
                    return (compiled, SlotShape(shared.compiled.expression))
                }
                guardCode = Unmanaged.passUnretained(made.code)
                guardShape = made.shape
            }
            // A row with one assignment reuses the entry of an earlier row assigning the same
            // shared expression to the same slot (an entry is the same for both): a large generated
            // table then has a handful of entries, not one per row.
            var single: SingleAssignment?
            if transition.assignments.count == 1 {
                let (slot, value) = transition.assignments[0]
                let key = SingleAssignment(expression: ObjectIdentifier(value.shared), slot: slot)
                if let index = singleAssignments[key] {
                    return Row(guardCode: guardCode, guardShape: guardShape, target: transition.target, assignments: index..<(index &+ 1))
                }
                single = key
            }
            if let single { singleAssignments[single] = assignments.count }
            let range = assignmentEntries(transition.assignments)
            return Row(guardCode: guardCode, guardShape: guardShape, target: transition.target, assignments: range)
        }
        /// Appends the entries of `list` to `assignments`; returns their range.
        func assignmentEntries(_ list: TransitionAssignments) -> Range<Int> {
            let start = assignments.count
            for (slot, value) in list {
                let type = spin.fields[slot].type
                var made = valueCodes.value(for: value.shared) { shared in
                    Self.valueCode(shared, as: type, keeping: &code)
                }
                // A shared expression is keyed by its expected type, the field's, so this holds;
                // were it not so, the row gets code of its own rather than another field's.
                if made.type != type { made = Self.valueCode(value.shared, as: type, keeping: &code) }
                assignments.append(Assignment(
                    slot: slot, isInt: made.isInt, code: Unmanaged.passUnretained(made.code), shape: made.shape))
            }
            return start..<assignments.count
        }
        // The candidates are listed first by row position, then made in that order: a row that is
        // a candidate in several cells is made once and copied. (Making every row first, in an
        // array of its own, held a second copy of a large table's rows while the table was made.)
        var candidates: [Row] = []
        candidates.reserveCapacity(candidateRows.count)
        // Per row, the first candidate made from it; -1 until then.
        var madeAt = [Int](repeating: -1, count: spin.transitions.count)
        for position in candidateRows {
            if madeAt[position] >= 0 {
                candidates.append(candidates[madeAt[position]])
            } else {
                madeAt[position] = candidates.count
                candidates.append(row(spin.transitions[position]))
            }
        }
        self.eventCount = eventCount
        self.cells = cells
        self.candidates = candidates
        self.candidateRows = candidateRows
        self.transitions = spin.transitions
        self.quickCells = spin.statechart == nil
            ? Self.quickCells(cells: cells, candidates: candidates, assignments: assignments)
            : []
        self.statechart = spin.statechart.map { statechart in
            // Every row's code, for its action block (a row no configuration lists has none yet).
            let rowCode = spin.transitions.indices.map { position in
                madeAt[position] >= 0 ? candidates[madeAt[position]] : row(spin.transitions[position])
            }
            return StatechartCode(statechart, spin: spin, rows: rowCode, assignmentEntries: assignmentEntries)
        }
        self.assignments = assignments
        self.code = code
    }

    /// The cells of a flat table and their candidate rows: for each (state, event), the rows listing
    /// the state, then the rows of the whole spin (`any`), each in document order.
    private static func flatCells(_ spin: SpinModel) -> (cells: [Range<Int>], candidateRows: [Int]) {
        let eventCount = spin.events.count
        let cellCount = spin.controlCount * eventCount
        // Row indices bucketed once: per cell for rows with listed sources, per event for `any`
        // rows. Each cell then merges its two lists in document order, so building the table is
        // linear in rows plus cells, not rows × cells. The per-cell lists are one array, laid out by
        // counting first (`listedStart[cell]..<listedStart[cell + 1]` are the cell's rows): an
        // array per cell was an allocation per cell, and a large table has as many cells as rows.
        let controlCount = spin.controlCount
        // The cells a row with listed sources is a candidate in, each once.
        func forEachListedCell(of transition: TransitionModel, _ body: (Int) -> Void) {
            guard let sources = transition.sources, transition.event >= 0, transition.event < eventCount else { return }
            if sources.count == 1 {
                // Most rows name one state: no set needed to visit it once.
                let source = sources[0]
                if source >= 0, source < controlCount { body(source &* eventCount &+ transition.event) }
                return
            }
            for source in Set(sources) where source >= 0 && source < controlCount {
                body(source &* eventCount &+ transition.event)
            }
        }
        var listedStart = [Int](repeating: 0, count: cellCount + 1)
        var anywhere = [[Int]](repeating: [], count: eventCount)
        for (index, transition) in spin.transitions.enumerated() {
            if transition.sources == nil {
                if transition.event >= 0, transition.event < eventCount { anywhere[transition.event].append(index) }
            } else {
                forEachListedCell(of: transition) { cell in listedStart[cell &+ 1] &+= 1 }
            }
        }
        for cell in 0..<cellCount {
            listedStart[cell &+ 1] &+= listedStart[cell]
        }
        var listed = [Int](repeating: 0, count: listedStart[cellCount])
        var nextListed = listedStart
        for (index, transition) in spin.transitions.enumerated() {
            forEachListedCell(of: transition) { cell in
                listed[nextListed[cell]] = index
                nextListed[cell] &+= 1
            }
        }
        var cells: [Range<Int>] = []
        var candidateRows: [Int] = []
        cells.reserveCapacity(cellCount)
        // Every listed row once per cell listing it, every `any` row once per control state.
        let anyRows = anywhere.reduce(0) { $0 &+ $1.count }
        let (anyCandidates, overflow) = anyRows.multipliedReportingOverflow(by: controlCount)
        if !overflow { candidateRows.reserveCapacity(listed.count &+ anyCandidates) }
        for control in 0..<spin.controlCount {
            for event in 0..<eventCount {
                let start = candidateRows.count
                let cell = control &* eventCount &+ event
                // The state's own rows first, then the spin's (`any`), each in document order:
                // the innermost source wins.
                candidateRows.append(contentsOf: listed[listedStart[cell]..<listedStart[cell &+ 1]])
                candidateRows.append(contentsOf: anywhere[event])
                cells.append(start..<candidateRows.count)
            }
        }
        return (cells, candidateRows)
    }

    private static func quickCells(cells: [Range<Int>], candidates: [Row], assignments: [Assignment]) -> [QuickCell] {
        cells.map { cell in
            guard cell.count == 1, let row = cell.first.map({ candidates[$0] }), row.guardCode == nil else { return .general }
            let target = row.target ?? -1
            guard let index = row.assignments.first else {
                return QuickCell(isQuick: true, target: target, slot: -1, constant: 0)
            }
            guard row.assignments.count == 1, assignments[index].isInt,
                  case .addConstant(let slot, let constant) = assignments[index].shape else { return .general }
            return QuickCell(isQuick: true, target: target, slot: slot, constant: constant)
        }
    }

    /// What trying a cell's rows came to.
    private enum Outcome {
        /// No row's guard held.
        case noRow
        /// Row `row` applied; `changed` tells whether an assignment changed a field.
        case applied(row: Int, changed: Bool)
        /// Candidate `candidate` failed: its guard when `part` is -1, else its assignment `part`.
        case failed(EvaluationError, candidate: Int, part: Int)
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
        let quick = quickCells[cellIndex]
        if quick.isQuick, let changed = Self.apply(quick, to: &state) { return changed }
        let cell = cells[cellIndex]
        // Rows and assignments are read in place: no row, and none of its closures, is copied per
        // step. Expressions read the data and payload through views, and assignments write the
        // data array in place (uniquely referenced: the runtime holds the only copy).
        let outcome = candidates.withUnsafeBufferPointer { rows in
            assignments.withUnsafeBufferPointer { assignments in
                event.withPayload { payload in
                    state.data.withUnsafeMutableBufferPointer { data -> Outcome in
                        let view = EvaluationView(data: UnsafeBufferPointer(data), event: payload, state: control)
                        for index in cell {
                            if let guardCode = rows[index].guardCode {
                                let holds: Bool
                                if let inline = rows[index].guardShape.bool(view.data) {
                                    holds = inline
                                } else {
                                    do throws(EvaluationError) {
                                        holds = try guardCode.withGuaranteed { code throws(EvaluationError) in try code.bool(view) }
                                    } catch {
                                        return .failed(error, candidate: index, part: -1)
                                    }
                                }
                                if !holds { continue }
                            }
                            var changed = false
                            let range = rows[index].assignments
                            for assignment in range {
                                do throws(EvaluationError) {
                                    if try Self.apply(assignments, assignment, view, data) { changed = true }
                                } catch {
                                    return .failed(error, candidate: index, part: assignment &- range.lowerBound)
                                }
                            }
                            return .applied(row: index, changed: changed)
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
        case .failed(let error, let candidate, let part):
            state.fault = SpecFault(relocated(error, candidate: candidate, part: part))
            return true
        }
    }

    /// `error`, thrown by the guard (`part` -1) or assignment `part` of candidate `candidate`,
    /// located in that row's own text rather than in the first row's that wrote the same text.
    func relocated(_ error: EvaluationError, candidate: Int, part: Int) -> EvaluationError {
        guard candidateRows.indices.contains(candidate) else { return error }
        let position = candidateRows[candidate]
        guard transitions.indices.contains(position) else { return error }
        let transition = transitions[position]
        if part < 0 { return transition.guardExpression?.relocated(error) ?? error }
        guard transition.assignments.indices.contains(part) else { return error }
        return transition.assignments[part].value.relocated(error)
    }

    /// The code of an assignment of `shared` to a field of type `type`, kept alive by `code`.
    private static func valueCode(
        _ shared: SharedExpression, as type: ValueType, keeping code: inout [CompiledCode]
    ) -> (code: CompiledCode, type: ValueType, isInt: Bool, shape: SlotShape) {
        let isInt = if case .int = type, case .int = shared.compiled.type { true } else { false }
        let compiled = CompiledCode(assigning: shared.compiled, to: type, isInt: isInt)
        code.append(compiled)
        return (compiled, type, isInt, isInt ? SlotShape(shared.compiled.expression) : .general)
    }

    /// Applies a quick cell; nil, having changed nothing, when the general path must (the slot
    /// does not hold an int, or the sum overflows: the compiled code reports it).
    private static func apply(_ quick: QuickCell, to state: inout SpecState) -> Bool? {
        var changed = false
        if quick.slot >= 0 {
            let slot = quick.slot
            let written = state.data.withUnsafeMutableBufferPointer { data -> Bool? in
                guard slot < data.count, case .int(let value) = data[slot] else { return nil }
                let (sum, overflow) = value.addingReportingOverflow(quick.constant)
                if overflow { return nil }
                if sum == value { return false }
                data[slot] = .int(sum)
                return true
            }
            guard let written else { return nil }
            changed = written
        }
        if quick.target >= 0, quick.target != state.control {
            state.control = quick.target
            changed = true
        }
        return changed
    }

    /// Evaluates an assignment and writes its slot of `data` (which `view` also reads, so that
    /// later assignments of the row see it); returns whether the value changed.
    static func apply(
        _ assignments: UnsafeBufferPointer<Assignment>, _ index: Int,
        _ view: EvaluationView, _ data: UnsafeMutableBufferPointer<SpinValue>
    ) throws(EvaluationError) -> Bool {
        let slot = assignments[index].slot
        if assignments[index].isInt {
            let value = if let inline = assignments[index].shape.int(view.data) {
                inline
            } else {
                try assignments[index].code.withGuaranteed { code throws(EvaluationError) in try code.int(view) }
            }
            // Slots come from the checker, but a total check keeps a bad one from writing outside.
            guard slot >= 0, slot < data.count else { return false }
            if case .int(let old) = data[slot], old == value { return false }
            data[slot] = .int(value)
            return true
        }
        let value = try assignments[index].code.withGuaranteed { code throws(EvaluationError) in try code.value(view) }
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
