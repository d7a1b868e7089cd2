import SpinDSLFrontEnd

/// The compiled reducer of a spin: for each (control state, event) the candidate rows, in document
/// order, with compiled guards and assignments. No name is looked up and nothing is allocated per
/// step: the state's data array is mutated in place.
package struct ReducerTable: Sendable {
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
        /// The field's bounds, when it has some.
        let range: ValueRange?
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
    /// The spin's data fields, for the message of a value outside a field's range.
    let fields: [FieldModel]
    let assignments: [Assignment]
    /// What keeps the code of `candidates` and `assignments` alive.
    private let code: [CompiledCode]
    /// Per cell, its work as plain numbers when that work is simple enough (see `QuickCell`).
    private let quickCells: [QuickCell]
    /// The microsteps and action blocks of a statechart; nil for a flat table.
    package let statechart: StatechartCode?
    /// For a statechart, per cell, whether the flat code reduces it (see `init`).
    let flatCells: [Bool]

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
        /// The slot's bounds (the whole of `Int64` without a range): a sum outside them takes the
        /// general path, which reports the error.
        let low: Int64
        let high: Int64

        static let general = QuickCell(isQuick: false, target: -1, slot: -1, constant: 0, low: .min, high: .max)
    }

    /// The table of `spin`, made in four steps (see `ReducerTable+Building.swift`): rows bucketed
    /// by cell, each cell's candidate rows listed in priority order, the code of each candidate
    /// row made once, and the cells simple enough to apply from plain numbers marked. A statechart
    /// spin's cells and candidates are its `Statechart`'s, and its action blocks are compiled too.
    init(spin: SpinModel) {
        var compiler = RowCompiler(spin)
        if let chart = spin.statechart {
            let candidateRows = chart.candidates.map { Int($0.row) }
            var candidates = compiler.candidates(for: candidateRows)
            let code = StatechartCode(chart, spin: spin, compiler: &compiler)
            // A candidate whose microstep a flat row does is that row, its target the
            // configuration after it; a cell of one active leaf whose candidates all are is a flat
            // cell, reduced by the flat code (see `reduceStatechart`).
            var isFlat = chart.candidates.map(code.isFlat)
            for index in candidates.indices where isFlat[index] {
                let row = candidates[index]
                let target = Int(chart.plans[Int(chart.candidates[index].plan)].target)
                candidates[index] = Row(guardCode: row.guardCode, guardShape: row.guardShape, target: target, assignments: row.assignments)
            }
            // A spin that defers events checks every event against its queue first: no flat cells.
            let flatCells = chart.cells.indices.map { cell in
                chart.deferral == nil && chart.groups[cell].isEmpty && chart.cells[cell].allSatisfy { isFlat[$0] }
            }
            isFlat = []
            self.eventCount = chart.columns
            self.cells = chart.cells
            self.candidates = candidates
            self.candidateRows = candidateRows
            let quick = Self.quickCells(cells: chart.cells, candidates: candidates, assignments: compiler.assignments)
            self.quickCells = quick.indices.map { flatCells[$0] ? quick[$0] : .general }
            self.flatCells = flatCells
            self.statechart = code
        } else {
            let buckets = RowBuckets(spin)
            let (cells, candidateRows) = buckets.cells()
            let candidates = compiler.candidates(for: candidateRows)
            self.eventCount = buckets.eventCount
            self.cells = cells
            self.candidates = candidates
            self.candidateRows = candidateRows
            self.quickCells = Self.quickCells(cells: cells, candidates: candidates, assignments: compiler.assignments)
            self.flatCells = []
            self.statechart = nil
        }
        self.transitions = spin.transitions
        self.fields = spin.fields
        self.assignments = compiler.assignments
        self.code = compiler.code
    }

    /// The rows tried for event `event` in control state `control`, in the order they are tried:
    /// their positions in the spin's transitions (empty outside the table). What other writers of
    /// the same reducer (`spinrun --swift`) follow, so that they agree on priority.
    package func rowsTried(control: Int, event: Int) -> ArraySlice<Int> {
        guard control >= 0, event >= 0, event < eventCount else { return [] }
        let (cellIndex, overflow) = control.multipliedReportingOverflow(by: eventCount)
        guard !overflow, cells.indices.contains(cellIndex &+ event) else { return [] }
        let cell = cells[cellIndex &+ event]
        guard cell.lowerBound >= 0, cell.upperBound <= candidateRows.count else { return [] }
        return candidateRows[cell]
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
    func reduce(_ state: inout SpecState, _ event: SpecEvent, maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes) -> Bool {
        var row = -1
        return reduce(&state, event, maxStringBytes: maxStringBytes, firedRow: &row)
    }

    /// Applies the first row whose guard holds; returns whether the state changed, and sets
    /// `firedRow` to that row's position in the spin's transitions (unchanged when none applied).
    /// Strings made by its expressions are limited to `maxStringBytes`.
    @inline(__always)
    package func reduce(_ state: inout SpecState, _ event: SpecEvent, maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes, firedRow: inout Int) -> Bool {
        if state.hasFault { return false }
        if event.hasFault {
            state.fault = event.fault
            return true
        }
        let control = state.control
        let cellIndex = control &* eventCount &+ event.kind
        guard event.kind >= 0, event.kind < eventCount, cellIndex >= 0, cellIndex < cells.count else { return false }
        let quick = quickCells[cellIndex]
        if quick.isQuick, let changed = Self.apply(quick, to: &state) {
            firedRow = candidateRows[cells[cellIndex].lowerBound]
            return changed
        }
        let cell = cells[cellIndex]
        // Rows and assignments are read in place: no row, and none of its closures, is copied per
        // step. Expressions read the data and payload through views, and assignments write the
        // data array in place (uniquely referenced: the runtime holds the only copy).
        let outcome = candidates.withUnsafeBufferPointer { rows in
            assignments.withUnsafeBufferPointer { assignments in
                event.withPayload { payload in
                    state.data.withUnsafeMutableBufferPointer { data -> Outcome in
                        let view = EvaluationView(data: UnsafeBufferPointer(data), event: payload, state: control, maxStringBytes: maxStringBytes)
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
            firedRow = candidateRows[row]
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
        let (slot, value) = transition.assignments[part]
        if case .outOfRange = error.reason {
            // Thrown by the table, not by the expression: at the start of this row's value.
            var located = error
            located.location = value.location
            if fields.indices.contains(slot), case .outOfRange(_, let text, let range) = error.reason {
                located.reason = .outOfRange(field: fields[slot].name.text, value: text, range: range)
            }
            return located
        }
        return value.relocated(error)
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
                if overflow || sum < quick.low || sum > quick.high { return nil }
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
            if case .int(let range) = assignments[index].range, !range.contains(value) {
                throw outOfRange(.int(value), .int(range), slot: slot)
            }
            if case .int(let old) = data[slot], old == value { return false }
            data[slot] = .int(value)
            return true
        }
        let value = try assignments[index].code.withGuaranteed { code throws(EvaluationError) in try code.value(view) }
        if let range = assignments[index].range, !range.contains(value) {
            throw outOfRange(value, range, slot: slot)
        }
        guard slot >= 0, slot < data.count else { return false }
        if data[slot] == value { return false }
        data[slot] = value
        return true
    }
}

/// The error of `value` assigned outside `range`, the range of data slot `slot`; `relocated`
/// locates it at the row and names the field.
private func outOfRange(_ value: SpinValue, _ range: ValueRange, slot: Int) -> EvaluationError {
    let text = switch value {
    case .int(let number): String(number)
    case .double(let number): SpinValue.format(number)
    default: "the value"
    }
    return EvaluationError(
        location: SourceLocation(file: "<range>", line: 1, column: 1),
        reason: .outOfRange(field: "#\(slot)", value: text, range: range))
}
