import SpinDSLFrontEnd

/// The reducer of a statechart spin and its internal-event source, both pure functions of a
/// `SpecState` (and an event).
///
/// A step (a microstep of SCXML) selects transitions — per active leaf, the first candidate whose
/// guard holds, in priority order; with parallel regions, the leaves' choices without those their
/// exit sets conflict with — and takes them: it writes the history records, runs the action blocks
/// (exit, rows, entry, completion events), flips the entry parities of re-entered states and moves
/// to the configuration after. A single transition's microstep was worked out when the spec was
/// compiled; only transitions taken in several regions at once are planned here.
extension ReducerTable {
    /// What selecting transitions came to.
    private enum Selection {
        case none
        /// One candidate.
        case one(Int)
        /// Several candidates, conflict-free, in the order their actions run.
        case several([Int])
        /// Candidate `candidate`'s guard failed.
        case failed(EvaluationError, candidate: Int)
    }

    /// Reduces `event` in a statechart spin; returns whether the state changed (its configuration,
    /// data, hidden slots, outbox or fault: a raised event taken off the queue alone is no change,
    /// so that it is not delivered to the feedbacks again).
    /// Strings made by its expressions are limited to `maxStringBytes`.
    func reduceStatechart(_ state: inout SpecState, _ event: SpecEvent, maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes) -> Bool {
        var untracked: [Int]?
        return reduceStatechart(&state, event, maxStringBytes: maxStringBytes, firedRows: &untracked)
    }

    /// `reduceStatechart(_:_:)`, appending to `firedRows`, unless it is nil, the position in the
    /// spin's transitions of each row the step takes (the checker's coverage).
    @inline(__always)
    package func reduceStatechart(
        _ state: inout SpecState, _ event: SpecEvent, maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes, firedRows: inout [Int]?
    ) -> Bool {
        // Most steps of a statechart whose states have no actions are a flat cell's: reduced by the
        // flat code straight away (a state without queues, an event without fault).
        if state.extras == nil, !event.hasFault {
            let cellIndex = state.control &* eventCount &+ event.kind
            if event.kind >= 0, event.kind < eventCount, cellIndex >= 0, cellIndex < flatCells.count, flatCells[cellIndex] {
                return reduceFlat(&state, event, maxStringBytes: maxStringBytes, firedRows: &firedRows)
            }
        }
        return reduceStatechartStep(&state, event, maxStringBytes: maxStringBytes, firedRows: &firedRows)
    }

    /// The flat table's step, its row appended to `firedRows` when they are tracked.
    @inline(__always)
    private func reduceFlat(_ state: inout SpecState, _ event: SpecEvent, maxStringBytes: Int, firedRows: inout [Int]?) -> Bool {
        guard firedRows != nil else { return reduce(&state, event, maxStringBytes: maxStringBytes) }
        var row = -1
        let changed = reduce(&state, event, maxStringBytes: maxStringBytes, firedRow: &row)
        if row >= 0 { firedRows?.append(row) }
        return changed
    }

    /// `reduceStatechart` for any cell, event and state.
    private func reduceStatechartStep(_ state: inout SpecState, _ event: SpecEvent, maxStringBytes: Int, firedRows: inout [Int]?) -> Bool {
        guard let code = statechart else { return reduceFlat(&state, event, maxStringBytes: maxStringBytes, firedRows: &firedRows) }
        if state.hasFault { return false }
        if event.hasFault {
            state.fault = event.fault
            return true
        }
        if let queues = state.extras {
            // The previous step's gear events were sent when its state was delivered.
            if !queues.outbox.isEmpty { state.outbox = [] }
            // The internal-event source hands out the queue's head before any other event: this
            // is it.
            if event.kind != code.eventlessKind, let head = queues.raised.first, head == event {
                state.raisedQueue = queues.raised.droppingFirst()
            }
        }
        if let deferral = code.chart.deferral, event.kind != code.eventlessKind {
            if deferral.defers(state.control, event.kind) {
                // Kept, not reduced: the step changes only the queue of deferred events.
                guard deferral.append(event, to: &state.data) else {
                    let location = deferral.locations.indices.contains(event.kind) ? deferral.locations[event.kind] : nil
                    state.fault = SpecFault(
                        .deferredEventLimit, at: location ?? SourceLocation(file: "", line: 1, column: 1), ["limit": Deferral.capacity])
                    return true
                }
                return true
            }
            // The internal-event source offers the first waiting event no state defers before any
            // input: this is it, out of the queue.
            if let offered = deferral.offered(in: state.data, control: state.control), offered.kind == event.kind {
                deferral.remove(at: offered.place, from: &state.data)
            }
        }
        let control = state.control
        let cellIndex = control &* eventCount &+ event.kind
        guard event.kind >= 0, event.kind < eventCount, cellIndex >= 0, cellIndex < cells.count else { return false }
        // Most cells of a statechart whose states have no actions are flat ones.
        if flatCells[cellIndex] { return reduceFlat(&state, event, maxStringBytes: maxStringBytes, firedRows: &firedRows) }
        switch select(cellIndex, state: state, event: event, code: code, maxStringBytes: maxStringBytes) {
        case .none:
            return false
        case .failed(let error, let candidate):
            state.fault = SpecFault(relocated(error, candidate: candidate, part: -1))
            return true
        case .one(let candidate):
            if firedRows != nil { firedRows?.append(candidateRows[candidate]) }
            let index = planIndex(of: candidate, in: state, code: code)
            let plan = code.chart.plans[index]
            let moment = code.chart.actionsReadActive
                ? code.chart.moment(from: control, to: Int(plan.target), reentry: code.chart.reentries[index]) : nil
            return apply(plan, to: &state, event: event, code: code, moment: moment, maxStringBytes: maxStringBytes)
        case .several(let chosen):
            if firedRows != nil { firedRows?.append(contentsOf: chosen.map { candidateRows[$0] }) }
            let transitions = chosen.map { plannedTransition(candidate: $0, code: code) }
            let step = code.chart.planner.plan(from: control, taking: transitions) { record(of: $0, in: state, code: code) }
            let moment = code.chart.actionsReadActive ? code.chart.moment(from: control, to: step.target, reentry: step.reentry) : nil
            return apply(step, to: &state, event: event, code: code, moment: moment, maxStringBytes: maxStringBytes)
        }
    }

    /// Whether a step of this spin may exit a state and enter it again (`reentry(from:by:)` can
    /// answer other than nil): a trace keeps the state before each step only for such spins.
    package var mayReenter: Bool {
        guard let code = statechart else {
            return transitions.contains { row in row.target.map(row.applies) ?? false }
        }
        return !code.chart.reentries.isEmpty || !code.chart.groupEnds.isEmpty
    }

    /// The states the step of `event` from `before` exits and enters again, as the reducer takes
    /// it (the same selection and plans), or nil when it re-enters none. Pure: for a trace, which
    /// tells what `from` and `to` do not.
    package func reentry(from before: SpecState, by event: SpecEvent, maxStringBytes: Int) -> Reentry? {
        if before.hasFault || event.hasFault { return nil }
        guard let code = statechart else {
            var after = before
            var row = -1
            _ = reduce(&after, event, maxStringBytes: maxStringBytes, firedRow: &row)
            guard transitions.indices.contains(row), transitions[row].target == before.control else { return nil }
            return Reentry(exited: [before.control], entered: [before.control])
        }
        let cellIndex = before.control &* eventCount &+ event.kind
        guard event.kind >= 0, event.kind < eventCount, cellIndex >= 0, cellIndex < cells.count else { return nil }
        switch select(cellIndex, state: before, event: event, code: code, maxStringBytes: maxStringBytes) {
        case .none, .failed:
            return nil
        case .one(let candidate):
            return code.chart.reentries[planIndex(of: candidate, in: before, code: code)]
        case .several(let chosen):
            let transitions = chosen.map { plannedTransition(candidate: $0, code: code) }
            return code.chart.planner.plan(from: before.control, taking: transitions) { record(of: $0, in: before, code: code) }.reentry
        }
    }

    /// The next internal event of a statechart spin: the eventless pseudo-event when an eventless
    /// row of the configuration is enabled (a guard that fails counts as enabled, so that the
    /// reducer records the error), else the oldest raised event, else nil.
    package func internalEvent(_ state: SpecState, maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes) -> (event: SpecEvent, source: String)? {
        guard let code = statechart, !state.hasFault else { return nil }
        if code.chart.hasEventlessRows {
            let cellIndex = state.control &* eventCount &+ code.eventlessKind
            if cellIndex >= 0, cellIndex < cells.count, !cells[cellIndex].isEmpty {
                let eventless = SpecEvent(kind: code.eventlessKind)
                switch select(cellIndex, state: state, event: eventless, code: code, maxStringBytes: maxStringBytes) {
                case .none: break
                default: return (eventless, "eventless")
                }
            }
        }
        if let head = state.extras?.raised.first { return (head, "raised") }
        if let deferral = code.chart.deferral, let offered = deferral.offered(in: state.data, control: state.control) {
            return (deferral.event(at: offered.place, kind: offered.kind, in: state.data), "deferred")
        }
        return nil
    }

    /// The initial state: the spin's data and zeroed hidden slots, after the entry of the initial
    /// configuration (whose actions may set data, raise and propagate events, or fail).
    package func initialState(of spin: SpinModel, maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes) -> SpecState {
        var state = SpecState(control: spin.initialState, data: spin.initialData)
        guard let code = statechart else { return state }
        state.data += [SpinValue](repeating: .int(0), count: code.chart.hiddenSlotCount)
        // The deferred events' payload rows hold their columns' zeros, as an emptied place does.
        if let deferral = code.chart.deferral {
            let slots = deferral.emptySlots
            let first = deferral.firstSlot
            if first >= 0, first &+ slots.count <= state.data.count { state.data.replaceSubrange(first..<(first &+ slots.count), with: slots) }
        }
        let initial = code.chart.initialPlan
        let moment = code.chart.actionsReadActive ? code.chart.moment(from: nil, to: Int(initial.target), reentry: nil) : nil
        _ = apply(initial, to: &state, event: SpecEvent(kind: code.eventlessKind), code: code, moment: moment, maxStringBytes: maxStringBytes)
        return state
    }

    // MARK: Selection

    /// SCXML's transition selection in a cell: per active leaf (a group), the first candidate whose
    /// guard holds; then the choices whose exit sets conflict with an earlier one are dropped,
    /// unless their source is inside the earlier one's, which they then preempt.
    private func select(_ cellIndex: Int, state: SpecState, event: SpecEvent, code: StatechartCode, maxStringBytes: Int) -> Selection {
        let cell = cells[cellIndex]
        guard !cell.isEmpty else { return .none }
        let groups = code.chart.groups[cellIndex]
        return state.data.withUnsafeBufferPointer { data in
            event.withPayload { payload in
                let view = EvaluationView(data: data, event: payload, state: state.control, maxStringBytes: maxStringBytes)
                if groups.isEmpty {
                    return first(in: cell, view)
                }
                var chosen: [Int] = []
                var start = cell.lowerBound
                for group in groups {
                    let end = code.chart.groupEnds[group]
                    defer { start = end }
                    switch first(in: start..<end, view) {
                    case .one(let candidate):
                        code.chart.choose(candidate, into: &chosen)
                    case .failed(let error, let candidate):
                        return .failed(error, candidate: candidate)
                    default:
                        continue
                    }
                }
                let filtered = code.chart.withoutConflicts(chosen)
                switch filtered.count {
                case 0: return .none
                case 1: return .one(filtered[0])
                default: return .several(filtered)
                }
            }
        }
    }

    /// The first candidate of `range` whose guard holds.
    private func first(in range: Range<Int>, _ view: EvaluationView) -> Selection {
        candidates.withUnsafeBufferPointer { rows in
            for index in range {
                guard let guardCode = rows[index].guardCode else { return .one(index) }
                if let inline = rows[index].guardShape.bool(view.data) {
                    if inline { return .one(index) }
                    continue
                }
                do throws(EvaluationError) {
                    if try guardCode.withGuaranteed({ code throws(EvaluationError) in try code.bool(view) }) { return .one(index) }
                } catch {
                    return .failed(error, candidate: index)
                }
            }
            return .none
        }
    }

    /// The history record of `historyState` in `state` (0: nothing recorded).
    private func record(of historyState: Int, in state: SpecState, code: StatechartCode) -> Int {
        let slots = code.chart.planner.historySlots
        guard slots.indices.contains(historyState) else { return 0 }
        let slot = slots[historyState]
        guard slot >= 0, slot < state.data.count, case .int(let value) = state.data[slot] else { return 0 }
        return Int(truncatingIfNeeded: value)
    }

    /// The plan of `candidate`: for a history target, the one for the recorded value.
    private func planIndex(of candidate: Int, in state: SpecState, code: StatechartCode) -> Int {
        let found = code.chart.candidates[candidate]
        var index = Int(found.plan)
        let slot = Int(found.historySlot)
        if slot >= 0, slot < state.data.count, case .int(let record) = state.data[slot], record > 0, record <= Int64(found.recordLimit) {
            index &+= Int(record)
        }
        return index
    }

    private func plannedTransition(candidate: Int, code: StatechartCode) -> PlannedTransition {
        let found = code.chart.candidates[candidate]
        let row = transitions[Int(found.row)]
        return PlannedTransition(row: Int(found.row), source: found.source < 0 ? nil : Int(found.source), of: row)
    }

    // MARK: Taking transitions

    /// Takes a microstep worked out when the spec was compiled.
    private func apply(
        _ plan: MicrostepPlan, to state: inout SpecState, event: SpecEvent, code: StatechartCode, moment: ActionMoment?, maxStringBytes: Int
    ) -> Bool {
        let chart = code.chart
        return take(
            target: Int(plan.target),
            writes: chart.writes[Int(plan.writeStart)..<Int(plan.writeEnd)],
            blocks: chart.sequence[Int(plan.blockStart)..<Int(plan.blockEnd)],
            flips: chart.flips[Int(plan.flipStart)..<Int(plan.flipEnd)],
            state: &state, event: event, code: code, moment: moment, maxStringBytes: maxStringBytes)
    }

    /// Takes a microstep planned for this step.
    private func apply(
        _ step: PlannedMicrostep, to state: inout SpecState, event: SpecEvent, code: StatechartCode, moment: ActionMoment?, maxStringBytes: Int
    ) -> Bool {
        let flips = Statechart.mergedFlips(step.reentered.compactMap { code.chart.parity[$0] })
        return take(
            target: step.target, writes: step.writes[...], blocks: step.blocks[...], flips: flips[...],
            state: &state, event: event, code: code, moment: moment, maxStringBytes: maxStringBytes)
    }

    /// What a microstep's action blocks did besides writing data: whether anything changed, the
    /// events they raised (and the last block that raised one: where a queue grown past its limit
    /// is reported) and the gear events they propagated.
    private struct MicrostepEffects {
        var changed = false
        var raised: [SpecEvent] = []
        var propagated: [OutboxMessage] = []
        var lastRaising = -1
    }

    /// An action block's error, with the block that threw it (a nested one inside a conditional
    /// action) and the assignment of that block.
    private typealias BlockFailure = (error: EvaluationError, block: Int, assignment: Int)

    /// History records, then action blocks, then entry parities, then the configuration. With a
    /// `moment` (a chart whose actions read the configuration), each block that reads it sees the
    /// configuration of its moment of the microstep.
    private func take(
        target: Int, writes: ArraySlice<SlotWrite>, blocks: ArraySlice<Int32>, flips: ArraySlice<ParityFlip>,
        state: inout SpecState, event: SpecEvent, code: StatechartCode, moment: ActionMoment?, maxStringBytes: Int
    ) -> Bool {
        var moment = moment
        var effects = MicrostepEffects()
        let control = state.control
        var failure: BlockFailure?
        event.withPayload { payload in
            state.data.withUnsafeMutableBufferPointer { data in
                if Self.record(writes, in: data) { effects.changed = true }
                let view = EvaluationView(data: UnsafeBufferPointer(data), event: payload, state: control, maxStringBytes: maxStringBytes)
                failure = runBlocks(blocks, view: view, data: data, code: code, moment: &moment, effects: &effects)
                if failure != nil { return }
                if Self.flip(flips, in: data) { effects.changed = true }
            }
        }
        if let (error, block, assignment) = failure {
            state.fault = SpecFault(relocated(error, block: block, assignment: assignment, code: code))
            return true
        }
        if !effects.raised.isEmpty, !Self.enqueue(effects.raised, lastRaising: effects.lastRaising, in: &state, code: code) {
            return true
        }
        if !effects.propagated.isEmpty {
            state.outbox = effects.propagated
            effects.changed = true
        }
        if target != control {
            state.control = target
            effects.changed = true
        }
        return effects.changed
    }

    /// Writes a microstep's history records; returns whether one changed.
    @inline(__always)
    private static func record(_ writes: ArraySlice<SlotWrite>, in data: UnsafeMutableBufferPointer<SpinValue>) -> Bool {
        var changed = false
        for write in writes where write.slot >= 0 && write.slot < data.count {
            if case .int(let old) = data[write.slot], old == write.value { continue }
            data[write.slot] = .int(write.value)
            changed = true
        }
        return changed
    }

    /// Flips the entry parities of the states a microstep re-enters; returns whether one flipped.
    @inline(__always)
    private static func flip(_ flips: ArraySlice<ParityFlip>, in data: UnsafeMutableBufferPointer<SpinValue>) -> Bool {
        var changed = false
        for flip in flips where flip.slot >= 0 && flip.slot < data.count {
            guard case .int(let bits) = data[flip.slot] else { continue }
            data[flip.slot] = .int(Int64(bitPattern: UInt64(bitPattern: bits) ^ flip.mask))
            changed = true
        }
        return changed
    }

    /// Runs a microstep's action blocks in order, each that reads the configuration at its
    /// `moment`; stops at the first error, which it returns.
    @inline(__always)
    private func runBlocks(
        _ blocks: ArraySlice<Int32>, view: EvaluationView, data: UnsafeMutableBufferPointer<SpinValue>, code: StatechartCode,
        moment: inout ActionMoment?, effects: inout MicrostepEffects
    ) -> BlockFailure? {
        assignments.withUnsafeBufferPointer { (assignments) -> BlockFailure? in
            // The block running (a nested one inside a conditional action) and its
            // assignment: where an error is reported.
            var running = -1
            var assignment = 0
            func run(_ index: Int, _ view: EvaluationView) throws(EvaluationError) {
                guard code.blocks.indices.contains(index) else { return }
                let block = code.blocks[index]
                running = index
                assignment = block.assignments.lowerBound
                while assignment < block.assignments.upperBound {
                    if try Self.apply(assignments, assignment, view, data) { effects.changed = true }
                    assignment &+= 1
                }
                if let condition = block.condition {
                    // SCXML's <if>: the condition once, then the chosen branch in order
                    // (after a row's `set`, before its events).
                    for child in try condition(view) ? block.then : block.otherwise { try run(Int(child), view) }
                    running = index
                    assignment = block.assignments.upperBound
                }
                if block.raise >= 0 || block.emit >= 0 { effects.lastRaising = index }
                if block.raise >= 0 { effects.raised.append(SpecEvent(kind: Int(block.raise))) }
                if block.emit >= 0 {
                    let emit = code.emits[Int(block.emit)]
                    effects.raised.append(SpecEvent(kind: emit.kind, payload: try Self.values(emit.payload, view)))
                }
                if block.propagate >= 0 {
                    let propagate = code.propagates[Int(block.propagate)]
                    let message = GearMessage(kind: propagate.kind, payload: try Self.values(propagate.payload, view))
                    effects.propagated.append(OutboxMessage(gear: propagate.gear, message: message))
                }
            }
            for id in blocks {
                let blockIndex = Int(id)
                guard code.blocks.indices.contains(blockIndex) else { continue }
                do throws(EvaluationError) {
                    if moment != nil, code.chart.blockSources.indices.contains(blockIndex) {
                        moment?.advance(to: code.chart.blockSources[blockIndex])
                    }
                    if let current = moment, code.chart.blockReadsActive.indices.contains(blockIndex), code.chart.blockReadsActive[blockIndex] {
                        try current.active.withUnsafeBufferPointer { (active) throws(EvaluationError) in try run(blockIndex, view.at(active)) }
                    } else {
                        try run(blockIndex, view)
                    }
                } catch {
                    let failing = code.blocks.indices.contains(running) ? running : blockIndex
                    return (error, failing, assignment &- code.blocks[failing].assignments.lowerBound)
                }
            }
            return nil
        }
    }

    /// Queues the events a microstep raised; false (the state faulted) when the queue would grow
    /// past `StatechartCode.raisedLimit`.
    @inline(__always)
    private static func enqueue(_ raised: [SpecEvent], lastRaising: Int, in state: inout SpecState, code: StatechartCode) -> Bool {
        var queue = state.takeRaised()
        if queue.count &+ raised.count > StatechartCode.raisedLimit {
            state.raisedQueue = queue
            let location = code.locations.indices.contains(lastRaising) ? code.locations[lastRaising] : SourceLocation(file: "", line: 1, column: 1)
            state.fault = SpecFault(.raisedEventLimit, at: location, ["limit": StatechartCode.raisedLimit])
            return false
        }
        queue.append(contentsOf: raised)
        state.raisedQueue = queue
        return true
    }

    /// The values of a payload's code, in order.
    private static func values(_ payload: [ValueCode], _ view: EvaluationView) throws(EvaluationError) -> [SpinValue] {
        var values: [SpinValue] = []
        values.reserveCapacity(payload.count)
        for code in payload { values.append(try code(view)) }
        return values
    }

    /// `error`, thrown by assignment `assignment` of block `block`, located in the text of the row
    /// it belongs to (a row's code is shared with the rows writing the same text); errors of entry
    /// and exit blocks are where their expressions are. A value outside its field's range, found
    /// by the table rather than the expression, is put at the value and named by its field.
    private func relocated(_ error: EvaluationError, block: Int, assignment: Int, code: StatechartCode) -> EvaluationError {
        if case .outOfRange(_, let text, let range) = error.reason, code.blocks.indices.contains(block),
           code.valueLocations.indices.contains(block), code.valueLocations[block].indices.contains(assignment) {
            var located = error
            located.location = code.valueLocations[block][assignment]
            let index = code.blocks[block].assignments.lowerBound &+ assignment
            if assignments.indices.contains(index), fields.indices.contains(assignments[index].slot) {
                located.reason = .outOfRange(field: fields[assignments[index].slot].name.text, value: text, range: range)
            }
            return located
        }
        guard code.chart.blockSources.indices.contains(block), case .row(let position) = code.chart.blockSources[block],
              transitions.indices.contains(position) else { return error }
        let transition = transitions[position]
        for (_, value) in transition.assignments {
            let moved = value.relocated(error)
            if moved.location != error.location { return moved }
        }
        return error
    }
}
