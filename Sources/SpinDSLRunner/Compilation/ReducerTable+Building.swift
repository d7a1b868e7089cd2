import SpinDSLFrontEnd

/// The steps of making a `ReducerTable`. Each is linear in rows plus cells: a large table has as
/// many cells as rows, so nothing may be rows × cells, and nothing is allocated per cell.
extension ReducerTable {
    /// Step 1: the rows bucketed once, per cell for rows with listed sources and per event for
    /// `any` rows, so that each cell then lists its own rows and the `any` rows (`cells()`).
    ///
    /// The per-cell lists are one array, laid out by counting first (`listedStart[cell]..<
    /// listedStart[cell + 1]` are the cell's rows): an array per cell was an allocation per cell.
    struct RowBuckets {
        let eventCount: Int
        let controlCount: Int
        /// Where each cell's rows start in `listed`, and at the end their total.
        private let listedStart: [Int]
        /// The positions of the rows with listed sources, by cell, each cell's in document order.
        private let listed: [Int]
        /// The positions of the `any` rows, by event, in document order.
        private let anywhere: [[Int]]

        init(_ spin: SpinModel) {
            let eventCount = spin.events.count
            let controlCount = spin.controlCount
            let cellCount = controlCount &* eventCount
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
            var listedStart = [Int](repeating: 0, count: cellCount &+ 1)
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
            self.eventCount = eventCount
            self.controlCount = controlCount
            self.listedStart = listedStart
            self.listed = listed
            self.anywhere = anywhere
        }

        /// Step 2: for each cell (`control * eventCount + event`), the range of `candidateRows`
        /// holding its candidates: the positions of its listed rows, then of its event's `any`
        /// rows, each in document order (the state's own rows win over the spin's).
        func cells() -> (cells: [Range<Int>], candidateRows: [Int]) {
            var cells: [Range<Int>] = []
            var candidateRows: [Int] = []
            cells.reserveCapacity(controlCount &* eventCount)
            // Every listed row once per cell listing it, every `any` row once per control state.
            let anyRows = anywhere.reduce(0) { $0 &+ $1.count }
            let (anyCandidates, overflow) = anyRows.multipliedReportingOverflow(by: controlCount)
            if !overflow { candidateRows.reserveCapacity(listed.count &+ anyCandidates) }
            for control in 0..<controlCount {
                for event in 0..<eventCount {
                    let start = candidateRows.count
                    let cell = control &* eventCount &+ event
                    candidateRows.append(contentsOf: listed[listedStart[cell]..<listedStart[cell &+ 1]])
                    candidateRows.append(contentsOf: anywhere[event])
                    cells.append(start..<candidateRows.count)
                }
            }
            return (cells, candidateRows)
        }
    }

    /// Step 3: the code of the candidate rows.
    ///
    /// Each shared expression's code and shape are made once, for all the rows writing its text
    /// (whichever cells list them): a generated table has many rows and few texts. Entries are
    /// keyed by the shared object, which the spin's transitions keep alive meanwhile; the previous
    /// row's expression is tried before hashing, since neighbouring rows usually repeat it.
    struct RowCompiler {
        private let spin: SpinModel
        /// The assignments of every row, each row's a range of them.
        private(set) var assignments: [Assignment] = []
        /// What keeps the code alive.
        private(set) var code: [CompiledCode] = []
        private var guardCodes = SharedCodes<(code: CompiledCode, shape: SlotShape)>()
        private var valueCodes = SharedCodes<(code: CompiledCode, type: ValueType, isInt: Bool, shape: SlotShape)>()
        /// Where the entry of a row's only assignment is, by what it assigns.
        private var singleAssignments: [SingleAssignment: Int] = [:]

        /// A row's only assignment, as a key for sharing its entry of `assignments`: the shared
        /// expression (alive while the table is built) and the slot.
        private struct SingleAssignment: Hashable {
            let expression: ObjectIdentifier
            let slot: Int
        }

        init(_ spin: SpinModel) {
            self.spin = spin
        }

        /// The candidates, one for each of `candidateRows` (positions in the spin's transitions).
        /// A row that is a candidate in several cells is made once and copied. (Making every row
        /// first, in an array of its own, held a second copy of a large table's rows while the
        /// table was made.)
        mutating func candidates(for candidateRows: [Int]) -> [Row] {
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
            return candidates
        }

        /// The row of `transition`, its code made or found.
        private mutating func row(_ transition: TransitionModel) -> Row {
            var guardCode: Unmanaged<CompiledCode>?
            var guardShape = SlotShape.general
            if let expression = transition.guardExpression {
                let made = guardCodes.value(for: expression.shared) { shared in
                    let compiled = CompiledCode(guard: CompiledExpression(shared.expression))
                    code.append(compiled)
                    return (compiled, SlotShape(shared.expression))
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
            return Row(guardCode: guardCode, guardShape: guardShape, target: transition.target, assignments: entries(of: transition.assignments))
        }

        /// The row of `transition`, its code made or found (a statechart's row blocks use its
        /// assignments).
        mutating func row(of transition: TransitionModel) -> Row {
            row(transition)
        }

        /// Appends the entries of `list` to `assignments`; returns their range.
        mutating func entries(of list: TransitionAssignments) -> Range<Int> {
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
                    slot: slot, isInt: made.isInt, code: Unmanaged.passUnretained(made.code), shape: made.shape,
                    range: spin.fields[slot].range))
            }
            return start..<assignments.count
        }

        /// The code of an assignment of `shared` to a field of type `type`, kept alive by `code`.
        private static func valueCode(
            _ shared: SharedExpression, as type: ValueType, keeping code: inout [CompiledCode]
        ) -> (code: CompiledCode, type: ValueType, isInt: Bool, shape: SlotShape) {
            let isInt = if case .int = type, case .int = shared.expression.type { true } else { false }
            let compiled = CompiledCode(assigning: CompiledExpression(shared.expression), to: type, isInt: isInt)
            code.append(compiled)
            return (compiled, type, isInt, isInt ? SlotShape(shared.expression) : .general)
        }
    }

    /// Step 4: each cell as a `QuickCell` when its work is simple enough, else `.general`.
    static func quickCells(cells: [Range<Int>], candidates: [Row], assignments: [Assignment]) -> [QuickCell] {
        cells.map { cell in
            guard cell.count == 1, let row = cell.first.map({ candidates[$0] }), row.guardCode == nil else { return .general }
            let target = row.target ?? -1
            guard let index = row.assignments.first else {
                return QuickCell(isQuick: true, target: target, slot: -1, constant: 0, low: .min, high: .max)
            }
            guard row.assignments.count == 1, assignments[index].isInt,
                  case .addConstant(let slot, let constant) = assignments[index].shape else { return .general }
            var low = Int64.min, high = Int64.max
            if case .int(let range) = assignments[index].range {
                low = range.lowerBound
                high = range.upperBound
            }
            return QuickCell(isQuick: true, target: target, slot: slot, constant: constant, low: low, high: high)
        }
    }
}
