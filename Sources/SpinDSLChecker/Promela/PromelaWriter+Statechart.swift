import SpinDSLFrontEnd
import SpinDSLRunner

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
            if let emit = nested.emit { found += emit.payload }
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
