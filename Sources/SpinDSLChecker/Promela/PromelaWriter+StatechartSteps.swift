import SpinDSLFrontEnd
import SpinDSLRunner

/// A statechart spin's step in the model: per (event, configuration) the compiled candidates in
/// priority order and their microsteps, inline; with parallel regions, the combinations of the
/// leaves' choices (`PromelaWriter+Statechart`).
extension PromelaWriter {
    /// The cells of a statechart spin's step on `ev`: per (event, configuration), the candidates
    /// in priority order, the first whose guard holds taken (per active leaf, with parallel
    /// regions).
    mutating func statechartCells(_ spin: Int, chart: Statechart) {
        let spinModel = model.spins[spin]
        let configurations = spinModel.configurations
        var stepCode = 0
        let byRegion = regionSteps(spin, chart: chart)
        for kind in 0..<chart.columns {
            let eventName = spinModel.events.indices.contains(kind) ? spinModel.events[kind].name.text : "(eventless)"
            let names = Self.eventNames(kind, spinModel)
            // A parallel state's configurations written region by region: one branch each.
            let regionBranches = byRegion.filter { $0.event == kind }
            var regionBodies: [[String]] = []
            for step in regionBranches where !stepTooLong.contains(spin) {
                let body = captured { $0.regionBranch(step, spin: spin, chart: chart, event: names) }
                regionBodies.append(body)
                stepCode &+= body.reduce(0) { $0 &+ PromelaLimits.code($1[...]).utf8.count &+ 1 }
                if stepCode > PromelaLimits.inlineCharacters { stepTooLong.insert(spin) }
            }
            // The configurations whose cells are written the same (a row of an ancestor, taken
            // in each of its configurations) share one branch.
            var bodies: [(lines: [String], configurations: [Int])] = []
            for configuration in 0..<configurations.count where !stepTooLong.contains(spin) {
                if regionBranches.contains(where: { $0.first <= configuration && configuration <= $0.last }) { continue }
                let cellIndex = configuration &* chart.columns &+ kind
                guard chart.cells.indices.contains(cellIndex), !chart.cells[cellIndex].isEmpty else { continue }
                let body = captured { writer in
                    if chart.groups[cellIndex].isEmpty {
                        writer.candidateChain(chart.cells[cellIndex], configuration: configuration, spin: spin, chart: chart, event: names)
                    } else {
                        writer.regions(cellIndex, configuration: configuration, spin: spin, chart: chart, event: names)
                    }
                }
                if let index = bodies.firstIndex(where: { $0.lines == body }) {
                    bodies[index].configurations.append(configuration)
                } else {
                    bodies.append((body, [configuration]))
                    // Every body kept is in the step: past the limit, the step is too long.
                    stepCode &+= body.reduce(0) { $0 &+ PromelaLimits.code($1[...]).utf8.count &+ 1 }
                    if stepCode > PromelaLimits.inlineCharacters { stepTooLong.insert(spin) }
                }
            }
            if stepTooLong.contains(spin) { return }
            for (step, body) in zip(regionBranches, regionBodies) {
                let where_ = "the \(step.last &- step.first &+ 1) configurations of \(spinModel.tree.nodes[step.parallel].name.text), region by region"
                line(":: ev == \(kind) && \(configurationTest(spin, Array(step.first...step.last))) -> /* \(eventName) in \(where_) */")
                let prefix = String(repeating: "    ", count: indent &+ 1)
                lines += body.map { $0.isEmpty ? "" : prefix + $0 }
            }
            for body in bodies {
                let where_ = body.configurations.count == 1 ? configurations.names[body.configurations[0]] : "\(body.configurations.count) configurations"
                line(":: ev == \(kind) && \(configurationTest(spin, body.configurations)) -> /* \(eventName) in \(where_) */")
                let prefix = String(repeating: "    ", count: indent &+ 1)
                lines += body.lines.map { $0.isEmpty ? "" : prefix + $0 }
            }
        }
    }

    /// The lines `write` writes, at indentation 0, instead of writing them.
    mutating func captured(_ write: (inout PromelaWriter) -> Void) -> [String] {
        let (savedLines, savedIndent, savedCode) = (lines, indent, capturedCode)
        lines = []
        indent = 0
        capturedCode = 0
        write(&self)
        let written = lines
        (lines, indent, capturedCode) = (savedLines, savedIndent, savedCode)
        return written
    }

    /// The guard of `candidate`'s row.
    func candidateGuard(_ candidate: Int, spin: Int, chart: Statechart, event: [String]) -> String {
        let row = model.spins[spin].transitions[Int(chart.candidates[candidate].row)]
        return row.guardExpression.flatMap { expression($0.expression, spin: spin, event: event) } ?? "1"
    }

    /// The first candidate of `range` whose guard holds, taken.
    private mutating func candidateChain(_ range: Range<Int>, configuration: Int, spin: Int, chart: Statechart, event: [String]) {
        guard let candidate = range.first else {
            line("skip")
            return
        }
        let guardText = candidateGuard(candidate, spin: spin, chart: chart, event: event)
        if guardText == "1" {
            // The candidates after one without a guard are never tried.
            take(candidate, configuration: configuration, spin: spin, chart: chart, event: event)
            return
        }
        line("if")
        line(":: \(guardText) ->")
        indent += 1
        take(candidate, configuration: configuration, spin: spin, chart: chart, event: event)
        indent -= 1
        line(":: else ->")
        indent += 1
        candidateChain(range.dropFirst(), configuration: configuration, spin: spin, chart: chart, event: event)
        indent -= 1
        line("fi")
    }

    /// Takes one candidate's microstep; for a history target, the one its record selects.
    private mutating func take(_ candidate: Int, configuration: Int, spin: Int, chart: Statechart, event: [String]) {
        let found = chart.candidates[candidate]
        let base = Int(found.plan)
        guard found.historySlot >= 0, found.recordLimit > 0,
              let state = chart.planner.historySlots.firstIndex(of: Int(found.historySlot)) else {
            microstep(plan: base, configuration: configuration, spin: spin, chart: chart, event: event)
            return
        }
        let variable = Self.historyVariable(spin, state)
        line("if")
        for record in 1...Int(found.recordLimit) where chart.plans.indices.contains(base &+ record) {
            line(":: \(variable) == \(record) -> /* restores record \(record) */")
            indent += 1
            microstep(plan: base &+ record, configuration: configuration, spin: spin, chart: chart, event: event)
            indent -= 1
        }
        line(":: else -> /* nothing recorded: the default entry */")
        indent += 1
        microstep(plan: base, configuration: configuration, spin: spin, chart: chart, event: event)
        indent -= 1
        line("fi")
    }

    /// A microstep worked out when the spec was compiled.
    private mutating func microstep(plan index: Int, configuration: Int, spin: Int, chart: Statechart, event: [String]) {
        let plan = chart.plans[index]
        let flips = chart.flips[Int(plan.flipStart)..<Int(plan.flipEnd)]
        let flipped = chart.parity.indices.filter { state in
            guard let parity = chart.parity[state] else { return false }
            return flips.contains { $0.slot == parity.slot && $0.mask & parity.mask != 0 }
        }
        microstep(
            configuration: configuration, target: Int(plan.target), writes: Array(chart.writes[Int(plan.writeStart)..<Int(plan.writeEnd)]),
            blocks: Array(chart.sequence[Int(plan.blockStart)..<Int(plan.blockEnd)]), flipped: flipped,
            moment: chart.actionsReadActive ? chart.moment(from: configuration, to: Int(plan.target), reentry: chart.reentries[index]) : nil,
            spin: spin, chart: chart, event: event)
    }

    /// History records, then the action blocks in order, then the entry parities, then the
    /// configuration (`ReducerTable.take`). With a `moment`, `active(.S)` in a block is the
    /// constant its moment of the microstep gives.
    private mutating func microstep(
        configuration: Int, target: Int, writes: [SlotWrite], blocks: [Int32], flipped: [Int], moment: ActionMoment?,
        spin: Int, chart: Statechart, event: [String]
    ) {
        let prefix = Self.prefix(spin)
        for write in writes {
            guard let state = chart.planner.historySlots.firstIndex(of: write.slot) else { continue }
            let variable = Self.historyVariable(spin, state)
            line("changed = changed || (\(variable) != \(write.value)); \(variable) = \(write.value);")
        }
        var moment = moment
        for block in blocks {
            if moment != nil, chart.blockSources.indices.contains(Int(block)) { moment?.advance(to: chart.blockSources[Int(block)]) }
            actionMoment = moment
            actionBlock(Int(block), spin: spin, chart: chart, event: event)
        }
        actionMoment = nil
        for state in flipped {
            let variable = Self.parityVariable(spin, state)
            line("\(variable) = 1 - \(variable); changed = 1;")
        }
        if target != configuration {
            line("changed = 1; \(prefix)state = \(target)")
        } else {
            line("skip")
        }
    }

    /// An action block: its assignments (each checked against its field's range), then the event
    /// it raises.
    mutating func actionBlock(_ id: Int, spin: Int, chart: Statechart, event: [String]) {
        guard chart.blockSources.indices.contains(id) else { return }
        let spinModel = model.spins[spin]
        let nodes = spinModel.tree.nodes
        switch chart.blockSources[id] {
        case .row(let position):
            let row = spinModel.transitions[position]
            assign(row.assignments, spin: spin, event: event)
            if let conditional = row.actions?.conditional { conditionalBlock(conditional, spin: spin, event: event) }
            if let emit = row.actions?.emit { raise(emit.event, payload: emit.payload, spin: spin, event: event) }
        case .entry(let state, let index):
            line("/* entry of \(nodes[state].name.text) */")
            stateBlock(nodes[state].entry[index], spin: spin, event: event)
        case .exit(let state, let index):
            line("/* exit of \(nodes[state].name.text) */")
            stateBlock(nodes[state].exit[index], spin: spin, event: event)
        case .initial(let state):
            guard let actions = spinModel.tree.actions(of: .initial(state: state)) else { return }
            line("/* initial of \(state.map { nodes[$0].name.text } ?? spinModel.name.text) */")
            stateBlock(actions, spin: spin, event: event)
        case .raise(let kind):
            raise(kind, payload: [], spin: spin, event: event)
        }
    }

    /// An entry or exit block: its assignments and raised event, or a conditional action as an
    /// `if` whose `else` branch takes the other case (SPIN evaluates the condition once).
    private mutating func stateBlock(_ block: ActionBlockModel, spin: Int, event: [String]) {
        guard let conditional = block.conditional else {
            assign(block.assignments, spin: spin, event: event)
            if let emit = block.emit { raise(emit.event, payload: emit.payload, spin: spin, event: event) }
            return
        }
        conditionalBlock(conditional, spin: spin, event: event)
    }

    /// A conditional action as an `if` whose `else` branch takes the other case.
    private mutating func conditionalBlock(_ conditional: ConditionalActionModel, spin: Int, event: [String]) {
        line("if")
        for (test, branch) in [(expression(conditional.condition.expression, spin: spin, event: event) ?? "0", conditional.then), ("else", conditional.otherwise)] {
            line(":: \(test) ->")
            indent += 1
            if branch.isEmpty { line("skip") }
            for child in branch { stateBlock(child, spin: spin, event: event) }
            indent -= 1
        }
        line("fi;")
    }

    /// Appends a raised event, its payload evaluated now, to the spin's raised queue.
    private mutating func raise(_ kind: Int, payload: [TypedExpression], spin: Int, event: [String]) {
        let prefix = Self.prefix(spin)
        let slot = "(\(prefix)rqh + \(prefix)rqn) % \(Self.raisedQueueLength)"
        assertion("\(prefix)rqn < \(Self.raisedQueueLength)", "the raised events of \(model.spins[spin].name.text)")
        line("\(prefix)rq[\(slot)] = \(kind);")
        for (index, value) in payload.enumerated() {
            line("\(prefix)rqp\(index)[\(slot)] = \(expression(value, spin: spin, event: event) ?? "0");")
        }
        line("\(prefix)rqn++;")
    }

    // MARK: Parallel regions

    /// A leaf's choice in each group: 0 for none, else the position of its candidate in the group
    /// plus one.
    private func groupRanges(of cellIndex: Int, chart: Statechart) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = chart.cells[cellIndex].lowerBound
        for group in chart.groups[cellIndex] {
            let end = chart.groupEnds[group]
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    /// How many combinations of the leaves' choices a cell of several groups has, counted up to
    /// one past `combinationLimit`.
    func combinationCount(of cellIndex: Int, chart: Statechart) -> Int {
        var count = 1
        for range in groupRanges(of: cellIndex, chart: chart) {
            count = min(count &* (range.count &+ 1), Self.combinationLimit &+ 1)
        }
        return count
    }

    /// Every combination of the leaves' choices in a cell of several groups, with the candidates
    /// it takes (conflicts removed), in the order the choices are numbered.
    func combinations(of cellIndex: Int, chart: Statechart) -> [(choices: [Int], taken: [Int])] {
        let ranges = groupRanges(of: cellIndex, chart: chart)
        guard combinationCount(of: cellIndex, chart: chart) <= Self.combinationLimit else { return [] }
        var found: [(choices: [Int], taken: [Int])] = []
        var choices = [Int](repeating: 0, count: ranges.count)
        while true {
            var chosen: [Int] = []
            for (group, choice) in choices.enumerated() where choice > 0 {
                chart.choose(ranges[group].lowerBound &+ choice &- 1, into: &chosen)
            }
            found.append((choices, chart.withoutConflicts(chosen)))
            // The next combination, the last group counting fastest.
            var group = ranges.count &- 1
            while group >= 0 {
                choices[group] &+= 1
                if choices[group] <= ranges[group].count { break }
                choices[group] = 0
                group &-= 1
            }
            if group < 0 { break }
        }
        return found
    }

    /// A cell of several groups: each leaf's choice into `g0`, `g1`…, then the transitions the
    /// combination takes.
    private mutating func regions(_ cellIndex: Int, configuration: Int, spin: Int, chart: Statechart, event: [String]) {
        let ranges = groupRanges(of: cellIndex, chart: chart)
        for (group, range) in ranges.enumerated() {
            groupChoice(range, position: 1, group: group, spin: spin, chart: chart, event: event)
        }
        line("if")
        for combination in combinations(of: cellIndex, chart: chart) where !combination.taken.isEmpty {
            // One cell longer than an inline may be: the step is (an identical cell is as long).
            if capturedCode > PromelaLimits.inlineCharacters {
                stepTooLong.insert(spin)
                return
            }
            let test = combination.choices.enumerated().map { "g\($0.offset) == \($0.element)" }.joined(separator: " && ")
            line(":: \(test) ->")
            indent += 1
            if combination.taken.count == 1, let only = combination.taken.first {
                take(only, configuration: configuration, spin: spin, chart: chart, event: event)
            } else {
                several(combination.taken, configuration: configuration, spin: spin, chart: chart, event: event)
            }
            indent -= 1
        }
        line(":: else -> skip")
        line("fi")
    }

    /// The first candidate of a group whose guard holds, as its position plus one in `g<group>`.
    private mutating func groupChoice(_ range: Range<Int>, position: Int, group: Int, spin: Int, chart: Statechart, event: [String]) {
        guard let candidate = range.first else {
            line("g\(group) = 0;")
            return
        }
        line("if")
        line(":: \(candidateGuard(candidate, spin: spin, chart: chart, event: event)) -> g\(group) = \(position)")
        line(":: else ->")
        indent += 1
        groupChoice(range.dropFirst(), position: position &+ 1, group: group, spin: spin, chart: chart, event: event)
        indent -= 1
        line("fi;")
    }

    /// Transitions of several regions taken at once, planned now; with history targets, once per
    /// combination of their records.
    private mutating func several(_ taken: [Int], configuration: Int, spin: Int, chart: Statechart, event: [String]) {
        let transitions = model.spins[spin].transitions
        let planned = taken.map { candidate in
            let found = chart.candidates[candidate]
            let row = transitions[Int(found.row)]
            return PlannedTransition(row: Int(found.row), source: found.source < 0 ? nil : Int(found.source), of: row)
        }
        let histories = Array(Set(planned.filter(\.targetsHistory).compactMap(\.target))).sorted()
        var records = [Int](repeating: 0, count: histories.count)
        if !histories.isEmpty { line("if") }
        while true {
            let values = Dictionary(uniqueKeysWithValues: zip(histories, records))
            let step = chart.planner.plan(from: configuration, taking: planned) { values[$0] ?? 0 }
            if !histories.isEmpty {
                let test = zip(histories, records).map { "\(Self.historyVariable(spin, $0)) == \($1)" }.joined(separator: " && ")
                line(":: \(test) ->")
                indent += 1
            }
            microstep(
                configuration: configuration, target: step.target, writes: step.writes, blocks: step.blocks,
                flipped: step.reentered.filter { chart.parity.indices.contains($0) && chart.parity[$0] != nil }.sorted(),
                moment: chart.actionsReadActive ? chart.moment(from: configuration, to: step.target, reentry: step.reentry) : nil,
                spin: spin, chart: chart, event: event)
            if histories.isEmpty { return }
            indent -= 1
            var index = histories.count &- 1
            while index >= 0 {
                records[index] &+= 1
                if records[index] <= chart.planner.recordCount(of: histories[index]) { break }
                records[index] = 0
                index &-= 1
            }
            if index < 0 { break }
        }
        line(":: else -> skip")
        line("fi")
    }
}
