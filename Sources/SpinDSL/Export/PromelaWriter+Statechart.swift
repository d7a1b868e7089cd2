/// The flattened statechart of `PromelaWriter` (docs/checking.md, "The Promela mapping"): a
/// statechart spin's control variable is its configuration, the number `spinrun --check` stores;
/// its history records and entry parities are variables of their own; and a step is the compiled
/// microsteps the reducer takes — per (event, configuration) the candidates in priority order,
/// each candidate's exit, row and entry actions inline, the history it records and the
/// configuration after it. Raised events wait in a queue of the model, and the drain takes the
/// eventless rows and the raised events before anything queued, as the runtime does.
extension PromelaWriter {
    /// How many raised events the model's queue holds (the runtime's limit is
    /// `StatechartCode.raisedLimit`; a move that raises more fails an `assert`).
    static let raisedQueueLength = 64
    /// The most combinations of the leaves' choices a step of parallel regions may have.
    static let combinationLimit = 4_096
    /// The most steps of one move (`CheckOptions.maxMoveSteps`'s default): past it the model fails
    /// an `assert`, where the checker reports a move that never settles.
    static let moveStepLimit = 100_000

    /// Spin `spin`'s statechart, when its steps are a statechart's.
    func chart(_ spin: Int) -> Statechart? {
        program.spins[spin].isStatechart ? model.spins[spin].statechart : nil
    }

    /// Whether any spin is a statechart (the model then counts the steps of a move).
    var hasStatechart: Bool {
        model.spins.indices.contains { chart($0) != nil }
    }

    /// Whether spin `spin`'s steps may raise events (an `emit` of a row or an action, a completion
    /// event).
    func mayRaise(_ spin: Int) -> Bool {
        program.spins[spin].table.statechart?.mayRaise ?? false
    }

    // MARK: What can be exported

    /// The constructs of a statechart spin the model cannot hold, located.
    func statechartProblems(_ spin: Int, chart: Statechart) -> [Diagnostic] {
        let spinModel = model.spins[spin]
        var problems: [Diagnostic] = []
        func refuse(_ location: SourceLocation, _ what: String, _ why: String) {
            problems.append(Diagnostic(.notExportable, at: location, ["what": what, "why": why]))
        }
        // A deferred step sets `ev` to a kind no event has.
        if chart.deferral != nil, chart.columns >= Self.noEvent {
            refuse(spinModel.name.location, "spin '\(spinModel.name)', which defers events and has \(chart.columns) kinds of event",
                   "the model keeps an event's kind in a byte")
        }
        // The model's queue of deferred events keeps kinds (`PromelaWriter+Deferral`).
        if let deferral = chart.deferral, !deferral.columnTypes.isEmpty {
            for node in spinModel.tree.nodes {
                for kind in node.deferred where spinModel.events.indices.contains(kind) && !spinModel.events[kind].fields.isEmpty {
                    refuse(node.name.location, "state '\(node.name)', which defers '\(spinModel.events[kind].name)' with its payload",
                           "the model's queue of deferred events keeps kinds, not payloads")
                }
            }
        }
        // Raised events carry their payloads through the model's queue.
        for event in spinModel.events where !event.isInput {
            for field in event.fields {
                switch field.type {
                case .int, .bool, .enumeration: break
                default: refuse(field.name.location, "payload field '\(field.name)'", "SPIN has no \(field.type) values")
                }
            }
        }
        // Every expression of an action block, and every payload a row raises.
        for block in spinModel.tree.actionBlocks {
            for expression in blockExpressions(block) where self.expression(expression, spin: spin, event: []) == nil {
                refuse(expression.location, "'\(expression.text)'", "it uses values or functions SPIN does not have")
            }
        }
        for transition in spinModel.transitions {
            guard let actions = transition.actions else { continue }
            let names = Self.eventNames(transition.event, spinModel)
            for expression in blockExpressions(actions) where self.expression(expression, spin: spin, event: names) == nil {
                refuse(expression.location, "'\(expression.text)'", "it uses values or functions SPIN does not have")
            }
        }
        // Parallel regions: the leaves' choices are worked out when the model is written (those
        // written region by region are not combined).
        let byRegion = regionSteps(spin, chart: chart)
        func isByRegion(_ cellIndex: Int) -> Bool {
            let configuration = cellIndex / max(1, chart.columns), kind = cellIndex % max(1, chart.columns)
            return byRegion.contains { $0.event == kind && $0.first <= configuration && configuration <= $0.last }
        }
        if chart.groups.indices.contains(where: {
            !chart.groups[$0].isEmpty && !isByRegion($0) && combinationCount(of: $0, chart: chart) > Self.combinationLimit
        }) {
            refuse(spinModel.name.location, "spin '\(spinModel.name)'",
                   "a step of its parallel regions has more than \(Self.combinationLimit) combinations of transitions to write out")
        }
        return problems
    }

    /// The expressions of an action block: its assigned values, then its raised event's payload.
    private func blockExpressions(_ block: ActionBlockModel) -> [TypedExpression] {
        var found: [TypedExpression] = []
        for nested in block.nested {
            found += nested.assignments.map(\.value.expression)
            if let emit = nested.emit { found += emit.payload.map(\.expression) }
            if let conditional = nested.conditional { found.append(conditional.condition.expression) }
        }
        return found
    }

    // MARK: Tests of the configuration

    /// Whether the spin's configuration is one of `configurations`: runs of numbers as ranges.
    func configurationTest(_ spin: Int, _ configurations: [Int]) -> String {
        let variable = "\(Self.prefix(spin))state"
        var runs: [ClosedRange<Int>] = []
        for configuration in configurations.sorted() {
            if let last = runs.last, last.upperBound &+ 1 == configuration {
                runs[runs.count &- 1] = last.lowerBound...configuration
            } else if runs.last?.contains(configuration) != true {
                runs.append(configuration...configuration)
            }
        }
        guard !runs.isEmpty else { return "0" }
        let parts = runs.map { run in
            run.count == 1 ? "\(variable) == \(run.lowerBound)" : "(\(run.lowerBound) <= \(variable) && \(variable) <= \(run.upperBound))"
        }
        return parts.count == 1 && runs[0].count == 1 ? parts[0] : "(" + parts.joined(separator: " || ") + ")"
    }

    /// Whether state `membership.state` is active (`active(.S)`).
    func membershipTest(_ spin: Int, _ membership: StateMembership) -> String {
        let count = model.spins[spin].configurations.count
        let test = configurationTest(spin, (0..<count).filter(membership.contains))
        return test.hasPrefix("(") || test == "0" ? test : "(\(test))"
    }

    /// Whether any of `states` is active: a flat spin's state is one of them, a statechart's
    /// configuration holds one.
    func statesTest(_ spin: Int, _ states: Set<Int>) -> String {
        guard chart(spin) != nil else {
            return "(" + states.sorted().map { "\(Self.prefix(spin))state == \($0)" }.joined(separator: " || ") + ")"
        }
        let configurations = model.spins[spin].configurations
        return configurationTest(spin, (0..<configurations.count).filter { configuration in
            states.contains { configurations.isActive($0, in: configuration) }
        })
    }

    // MARK: Variables

    /// The history record variable of state `state`.
    static func historyVariable(_ spin: Int, _ state: Int) -> String { "\(prefix(spin))h\(state)" }

    /// The entry parity variable of state `state`.
    static func parityVariable(_ spin: Int, _ state: Int) -> String { "\(prefix(spin))e\(state)" }

    /// The declarations of a statechart spin after its data: history records, entry parities,
    /// the raised-event queue; the configurations named in a comment.
    mutating func declareStatechart(_ spin: Int, chart: Statechart, start: SpecState) {
        let spinModel = model.spins[spin]
        let prefix = Self.prefix(spin)
        let nodes = spinModel.tree.nodes
        for (configuration, name) in spinModel.configurations.names.enumerated() {
            line("/* configuration \(configuration): \(name) */")
        }
        for state in nodes.indices {
            let slot = chart.planner.historySlots[state]
            guard slot >= 0 else { continue }
            let value = start.data.indices.contains(slot) ? start.data[slot] : .int(0)
            let type = chart.planner.recordCount(of: state) < 256 ? "byte" : "int"
            line("\(type) \(Self.historyVariable(spin, state)) = \(Self.literal(value));   /* the history of \(nodes[state].name.text) */")
        }
        // Entry parities are not state, as in the checker (`StateCodec.hiddenSlotBits`): a rule
        // acts when one changes within a move, and every move ends with them back at 0.
        for state in nodes.indices where chart.parity[state] != nil {
            line("bit \(Self.parityVariable(spin, state)) = 0;   /* the entry parity of \(nodes[state].name.text), 0 between moves */")
        }
        if hasRegionSteps(spin) {
            let temporaries = Self.regionTemporaries(spin)
            line("byte \(temporaries.outer), \(temporaries.leaving), \(temporaries.taken); int \(temporaries.difference);   /* a step of parallel regions, 0 between steps */")
        }
        if chart.deferral != nil { declareDeferral(spin) }
        if mayRaise(spin) {
            let fields = spinModel.events.map(\.fields.count).max() ?? 0
            line("byte \(prefix)rq[\(Self.raisedQueueLength)];   /* raised events */")
            for index in 0..<fields { line("int \(prefix)rqp\(index)[\(Self.raisedQueueLength)];") }
            line("byte \(prefix)rqh, \(prefix)rqn;")
        }
    }

    /// The type of a statechart's configuration variable.
    static func configurationType(_ count: Int) -> String {
        count <= 256 ? "byte" : "int"
    }

    /// How many group temporaries (`g0`, `g1`…) the steps of parallel regions need.
    var groupTemporaries: Int {
        model.spins.indices.compactMap { spin in chart(spin).map { (spin, $0) } }.map { spin, chart in
            let tree = model.spins[spin].tree
            let regions = RegionStep.parallels(tree: tree, events: model.spins[spin].events).map { tree.nodes[$0].children.count }
            return max(chart.groups.map(\.count).max() ?? 0, regions.max() ?? 0)
        }.max() ?? 0
    }

    // MARK: Steps

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
            if let emit = row.actions?.emit { raise(emit.event, payload: emit.payload.map(\.expression), spin: spin, event: event) }
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
            if let emit = block.emit { raise(emit.event, payload: emit.payload.map(\.expression), spin: spin, event: event) }
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

    // MARK: The drain

    /// Writes the step and the move of a statechart spin as `inline` definitions, which the moves
    /// use by name: a statechart's step is long, and SPIN limits how long a `d_step` may be, so
    /// each move holds it once.
    mutating func defineStatechartSteps(_ spin: Int) {
        let prefix = Self.prefix(spin)
        line()
        line("inline \(prefix)step() {")
        indent += 1
        step(spin)
        line("skip")
        indent -= 1
        line("}")
        inlined.insert(spin)
        line()
        line("/* a move: the step of ev, then until the spin stops or nothing is left, an enabled eventless")
        line("   row, else the oldest raised event, else the oldest queued event (Spin.withInternalEvents) */")
        line("inline \(prefix)move() {")
        indent += 1
        statechartMove(spin)
        line("skip")
        indent -= 1
        line("}")
    }

    /// Whether an eventless row of the configuration is enabled.
    func eventlessEnabled(_ spin: Int, chart: Statechart) -> String {
        let eventless = chart.columns &- 1
        var always: [Int] = []
        var guarded: [String] = []
        for configuration in 0..<model.spins[spin].configurations.count {
            let cellIndex = configuration &* chart.columns &+ eventless
            guard chart.cells.indices.contains(cellIndex), !chart.cells[cellIndex].isEmpty else { continue }
            let guards = chart.cells[cellIndex].map { candidateGuard($0, spin: spin, chart: chart, event: []) }
            if guards.contains("1") {
                always.append(configuration)
            } else {
                guarded.append("(\(Self.prefix(spin))state == \(configuration) && (\(guards.joined(separator: " || "))))")
            }
        }
        let parts = (always.isEmpty ? [] : [configurationTest(spin, always)]) + guarded
        return parts.isEmpty ? "0" : parts.joined(separator: " || ")
    }

    /// The body of `move()`: one step per turn of a loop, so that the step is written once.
    private mutating func statechartMove(_ spin: Int) {
        guard let chart = chart(spin) else { return }
        let prefix = Self.prefix(spin)
        let raises = mayRaise(spin)
        let queued = !rules[spin].isEmpty
        guard chart.hasEventlessRows || raises || queued || chart.deferral != nil else {
            step(spin)
            return
        }
        line("do")
        line(":: \(prefix)step();")
        indent += 1
        // A probe stops at the first assertion that fails: the move is a finding.
        line("if :: bad -> break :: else fi;")
        let final = isFinal(spin)
        if final != "0" { line("if :: \(final) -> break :: else fi;") }
        var closing = 0
        if chart.hasEventlessRows {
            line("if")
            line(":: \(eventlessEnabled(spin, chart: chart)) -> ev = \(chart.columns &- 1)")
            line(":: else ->")
            indent += 1
            closing &+= 1
        }
        if raises {
            line("if")
            line(":: \(prefix)rqn > 0 ->")
            indent += 1
            popQueue(spin, queue: "rq", length: Self.raisedQueueLength)
            indent -= 1
            line(":: else ->")
            indent += 1
            closing &+= 1
        }
        if let deferral = chart.deferral {
            // Deferred events no state defers any more, after the raised ones, before any input.
            line("if")
            line(":: \(offeredTest(spin, deferral)) ->")
            indent += 1
            takeOffered(spin, deferral)
            indent -= 1
            line(":: else ->")
            indent += 1
            closing &+= 1
        }
        if queued {
            line("if")
            line(":: \(prefix)qn > 0 ->")
            indent += 1
            popQueue(spin)
            indent -= 1
            line(":: else -> break")
            line("fi")
        } else {
            line("break")
        }
        for _ in 0..<closing {
            indent -= 1
            line("fi")
        }
        indent -= 1
        line("od;")
        if raises { line("\(prefix)rqh = 0;") }
        if queued { line("\(prefix)qh = 0;") }
    }

    /// The drain after a timer's event was queued: the move of the oldest queued event.
    mutating func statechartDrain(_ spin: Int) {
        let prefix = Self.prefix(spin)
        guard !rules[spin].isEmpty else { return }
        line("if")
        line(":: \(prefix)qn > 0 ->")
        indent += 1
        popQueue(spin)
        line("\(prefix)move()")
        indent -= 1
        line(":: else")
        line("fi;")
    }

    /// Empties the raised queue of a spin that stopped (the checker does not keep it).
    mutating func clearRaised(_ spin: Int) {
        let prefix = Self.prefix(spin)
        let fields = model.spins[spin].events.map(\.fields.count).max() ?? 0
        line("do")
        line(":: \(prefix)rqn > 0 ->")
        indent += 1
        line("\(prefix)rq[\(prefix)rqh] = 0;")
        for index in 0..<fields { line("\(prefix)rqp\(index)[\(prefix)rqh] = 0;") }
        line("\(prefix)rqh = (\(prefix)rqh + 1) % \(Self.raisedQueueLength); \(prefix)rqn--")
        indent -= 1
        line(":: else -> break")
        line("od;")
        line("\(prefix)rqh = 0;")
    }

    // MARK: Rules

    /// The entry parity variables an `enter` rule watches (states some row exits and enters
    /// again).
    func watchedParities(_ spin: Int, _ id: RuleCaseID) -> [String] {
        guard let chart = chart(spin), let flips = program.spins[spin].rule(id).entry else { return [] }
        return chart.parity.indices.filter { state in
            guard let parity = chart.parity[state] else { return false }
            return flips.contains { $0.slot == parity.slot && $0.mask & parity.mask != 0 }
        }.map { Self.parityVariable(spin, $0) }
    }
}

/// Exact moves: a statechart's move may be followed by steps that undo it (an exit action raising
/// an event whose row leads back), so whether an input changes anything is known only by taking
/// it. After every move the model takes each input of the statechart spin, and time when a timer
/// is armed, on a copy (`sN_run()`), and keeps in `s0_en0`, `s0_en1`… (`en_t`) whether it changed
/// any variable or failed an assertion: the guards of the next moves. So a state where no move
/// changes anything blocks, and SPIN reports it as an invalid end state, as the checker reports a
/// dead end. The bits are a function of the state, so SPIN stores no more states than the checker.
extension PromelaWriter {
    /// An `assert` of the model; in a spec with statecharts one that a probe does not fail but
    /// records in `bad`.
    mutating func assertion(_ condition: String, _ comment: String) {
        guard hasStatechart else {
            line("assert(\(condition)); /* \(comment) */")
            return
        }
        line("assert(probing || (\(condition))); /* \(comment) */")
        line("bad = bad || !(\(condition));")
    }

    /// The probe's copy of a state variable: `copy_s0_d_x` (no other name of the model starts with
    /// `copy_`; a suffix would make the copy of field `x` the variable of a field `x_s`).
    static func copy(_ variable: String) -> String { "copy_\(variable)" }

    /// The bit of spin `spin`'s input move `index` (`Explorer.inputEvents` order).
    static func enabledVariable(_ spin: Int, _ index: Int) -> String { "\(prefix(spin))en\(index)" }

    /// The variables a move may change, with their Promela types: a statechart spin's
    /// configuration, data, history records and timers (entry parities are back at 0 after
    /// every move: `parityVariables`).
    private func stateVariables(_ spin: Int) -> [(name: String, type: String)] {
        guard let chart = chart(spin) else { return [] }
        let spinModel = model.spins[spin]
        let prefix = Self.prefix(spin)
        var variables = [("\(prefix)state", Self.configurationType(spinModel.configurations.count))]
        variables += spinModel.fields.map { (Self.field(spin, $0.name.text), Self.typeName($0)) }
        for state in spinModel.tree.nodes.indices where chart.planner.historySlots[state] >= 0 {
            variables.append((Self.historyVariable(spin, state), chart.planner.recordCount(of: state) < 256 ? "byte" : "int"))
        }
        variables += deferralVariables(spin)
        for rule in timerRules(spin) {
            variables += [("r\(rule.number)_rem", "int"), ("r\(rule.number)_rank", "byte")]
            if case .every = rule.kind { variables.append(("r\(rule.number)_alive", "bit")) }
        }
        return variables
    }

    /// A statechart spin's entry-parity variables: set back to 0 with the temporaries after every
    /// move, so that, as in the checker, two states that differ only in them are one.
    func parityVariables(_ spin: Int) -> [String] {
        guard let chart = chart(spin) else { return [] }
        return chart.parity.indices.filter { chart.parity[$0] != nil }.map { Self.parityVariable(spin, $0) }
    }

    /// Whether the statechart spin 0 has timers (then time is a move `s0_run()` tries).
    private var probesTime: Bool {
        chart(0) != nil && !timerRules(0).isEmpty
    }

    /// The probe's temporaries, the copies it restores from and
    /// the bits of the initial state, worked out by running the machine as the checker does.
    mutating func declareProbe(_ start: RunMachine) {
        line("bit probing, bad; byte mv;   /* sN_run() */")
        let codec = StateCodec(program)
        let before = Array(codec.pack(start))
        func changes(_ move: (inout RunMachine) -> Void) -> Bool {
            var run = start
            run.moveStepLimit = Self.moveStepLimit
            run.beginMove()
            move(&run)
            return run.ended != nil || Array(codec.pack(run)) != before
        }
        for spin in model.spins.indices where chart(spin) != nil {
            // Copies, 0 between moves (SPIN's breadth-first search takes no `hidden` variables).
            for variable in stateVariables(spin) { line("\(variable.type) \(Self.copy(variable.name));") }
            let stopped = start.spins[spin].stopped
            for (index, event) in Explorer.inputEvents(of: model.spins[spin]).enumerated() {
                let enabled = !stopped && changes { $0.emitInput(event, into: spin) }
                line("bit \(Self.enabledVariable(spin, index)) = \(enabled ? 1 : 0);")
            }
        }
        if probesTime {
            let enabled = !start.sleepers.isEmpty && changes { $0.advance() }
            line("bit en_t = \(enabled ? 1 : 0);")
        }
    }

    /// `inline advance()` when time is a move of a statechart, and each statechart spin's
    /// `inline sN_run()`: the move `mv` (an input's index, or the number of inputs for time), then
    /// every move again on a copy, for its bit. One loop takes them all, so that the move is
    /// written once per `d_step` (SPIN limits a `d_step`'s length).
    mutating func defineProbe() {
        if probesTime {
            line()
            line("inline advance() {")
            indent += 1
            advanceBody()
            line("skip")
            indent -= 1
            line("}")
        }
        for spin in model.spins.indices where chart(spin) != nil {
            let prefix = Self.prefix(spin)
            let events = Explorer.inputEvents(of: model.spins[spin])
            let time = spin == 0 && probesTime
            let last = events.count &- (time ? 0 : 1)
            guard last >= 0 else { continue }
            line()
            line("/* move mv, then each move on a copy: whether it changes anything, the guard of the next move */")
            line("inline \(prefix)run() {")
            indent += 1
            line("do")
            line(":: true ->")
            indent += 1
            line("if :: probing -> \(saveText(spin)) :: else fi;")
            if time {
                line("if")
                line(":: mv == \(events.count) ->")
                indent += 1
                line("if :: \(timersArmed) -> advance() :: else fi")
                indent -= 1
                line(":: else ->")
                indent += 1
            }
            if events.isEmpty {
                // Time is the only move.
                line("skip")
            } else {
                line("if")
                for (index, event) in events.enumerated() {
                    let payload = event.payload.enumerated().map { "p\($0.offset) = \(Self.literal($0.element))" }
                    line(":: mv == \(index) -> " + (["ev = \(event.kind)"] + payload).joined(separator: "; "))
                }
                line("fi;")
                line("\(prefix)move()" + (time ? "" : ";"))
            }
            if time {
                indent -= 1
                line("fi;")
            }
            line("if")
            line(":: probing ->")
            indent += 1
            line("tmp = \(changedExpression(spin));")
            line("if")
            for index in events.indices { line(":: mv == \(index) -> \(Self.enabledVariable(spin, index)) = tmp") }
            if time { line(":: mv == \(events.count) -> en_t = tmp") }
            line("fi;")
            restore(spin)
            indent -= 1
            line(":: else")
            line("fi;")
            resetTemporaries(terminated: true)
            line("if :: !probing -> probing = 1; mv = 0 :: else -> mv++ fi;")
            line("if :: mv > \(last) -> break :: else fi")
            indent -= 1
            line("od;")
            line("probing = 0; mv = 0")
            indent -= 1
            line("}")
        }
    }

    private func saveText(_ spin: Int) -> String {
        stateVariables(spin).map { "\(Self.copy($0.name)) = \($0.name)" }.joined(separator: "; ")
    }

    /// Whether a probed move failed an assertion or changed a variable.
    private func changedExpression(_ spin: Int) -> String {
        (["bad"] + stateVariables(spin).map { "\($0.name) != \(Self.copy($0.name))" }).joined(separator: " || ")
    }

    /// Puts the variables back; after a move that stopped at a failed assertion, empties the
    /// queues it left (a settled state's are empty).
    private mutating func restore(_ spin: Int) {
        line(stateVariables(spin).map { "\($0.name) = \(Self.copy($0.name)); \(Self.copy($0.name)) = 0" }.joined(separator: "; ") + ";")
        let prefix = Self.prefix(spin)
        let fields = model.spins[spin].events.map(\.fields.count).max() ?? 0
        var queues: [(name: String, length: Int, head: String, count: String)] = []
        if mayRaise(spin) { queues.append(("rq", Self.raisedQueueLength, "\(prefix)rqh", "\(prefix)rqn")) }
        if !rules[spin].isEmpty { queues.append(("q", Self.queueLength, "\(prefix)qh", "\(prefix)qn")) }
        guard !queues.isEmpty else { return }
        line("if")
        line(":: bad ->")
        indent += 1
        for queue in queues {
            line("tmp = 0;")
            line("do")
            line(":: tmp < \(queue.length) ->")
            indent += 1
            let arrays = [queue.name] + (0..<fields).map { "\(queue.name)p\($0)" }
            line(arrays.map { "\(prefix)\($0)[tmp] = 0" }.joined(separator: "; ") + "; tmp++")
            indent -= 1
            line(":: else -> break")
            line("od;")
            line("\(queue.head) = 0; \(queue.count) = 0;")
        }
        indent -= 1
        line(":: else")
        line("fi;")
    }
}
