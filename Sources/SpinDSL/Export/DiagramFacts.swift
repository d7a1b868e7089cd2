/// What both diagram formats draw, extracted from a validated spec in document order.
/// The formats differ only in syntax and escaping; the texts here are unescaped.
enum DiagramFacts {
    /// One edge of a spin's reducer table.
    struct TransitionEdge {
        /// The source control state; nil for a data-only spin (a self-loop on the spin node).
        let from: Int?
        /// The target control state; nil for a data-only spin.
        let to: Int?
        /// `event [guard] / field := expr; …`.
        let label: String
        /// Whether the event is an input (`inputs`).
        let isInput: Bool
    }

    /// An edge between a spin and a gear.
    struct GearLink {
        enum Direction {
            /// The spin's rule propagates into the gear.
            case propagate
            /// The spin's rule catches a gear event.
            case `catch`
        }

        let direction: Direction
        /// The spin's index in the spec.
        let spin: Int
        /// The gear's name.
        let gear: String
        /// The control states the link is attached to; empty for the whole spin.
        let states: [Int]
        /// The edge label.
        let label: String
    }

    /// The file's base name: `Specs/traffic-light.yaml` → `traffic-light`.
    static func baseName(of path: String) -> String {
        let file = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[file.startIndex..<dot])
    }

    /// The label of a transition row: `event [guard] / a := x; b := y; emit e; propagate g.e`,
    /// parts omitted when absent (an eventless row has no event; one with nothing else reads
    /// `(eventless)`).
    static func label(of row: TransitionDeclaration) -> String {
        var parts: [String] = []
        if let event = row.event { parts.append(event.text) }
        if let guardText = row.guardExpression?.text { parts.append("[\(guardText)]") }
        let actions = actionText(assignments: row.assignments, emit: row.emit, propagate: row.propagate)
        if !actions.isEmpty { parts.append("/ " + actions) }
        return parts.isEmpty ? "(eventless)" : parts.joined(separator: " ")
    }

    /// What a row or an action block does: `a := x; b := y; emit e; propagate g.e`.
    static func actionText(assignments: [Assignment], emit: EmitDeclaration?, propagate: PropagateDeclaration?) -> String {
        var parts = assignments.map { "\($0.field.text) := \($0.value.text)" }
        if let emit { parts.append("emit " + emit.event.text) }
        if let propagate { parts.append("propagate \(propagate.gear.text).\(propagate.event.text)") }
        return parts.joined(separator: "; ")
    }

    /// A state's entry and exit actions as lines: `entry / lamp := false`, `exit / emit e`.
    static func actionLines(of state: StateDeclaration?) -> [String] {
        guard let state else { return [] }
        return state.entry.map { "entry / " + actionText(assignments: $0.assignments, emit: $0.emit, propagate: $0.propagate) }
            + state.exit.map { "exit / " + actionText(assignments: $0.assignments, emit: $0.emit, propagate: $0.propagate) }
    }

    /// The declaration of each state of `spin`, by index (nil for the list form of `states`).
    static func stateDeclarations(of spin: SpinModel) -> [StateDeclaration?] {
        guard let tree = spin.declaration.stateTree else { return spin.states.map { _ in nil } }
        var found: [StateDeclaration?] = []
        var pending = Array(tree.reversed())
        while let state = pending.popLast() {
            found.append(state)
            pending.append(contentsOf: state.children.reversed())
        }
        return found
    }

    /// Whether a spin is drawn as a tree: nested or parallel states, entry or exit actions, a
    /// history. A flat spin without them is drawn as it always was.
    static func isStatechart(_ spin: SpinModel) -> Bool {
        !spin.tree.isFlat || spin.tree.nodes.contains { !$0.entry.isEmpty || !$0.exit.isEmpty || $0.history != nil }
    }

    /// The edges of a statechart's rows: from each source state (each top-level state for a row
    /// of the whole spin) to the target (the source, for a targetless row), in row order.
    static func statechartEdges(of spin: SpinModel) -> [(from: Int, to: Int, history: Bool, label: String, isInput: Bool)] {
        var edges: [(from: Int, to: Int, history: Bool, label: String, isInput: Bool)] = []
        for row in spin.transitions {
            let label = label(of: row.declaration)
            let isInput = spin.events.indices.contains(row.event) ? spin.events[row.event].isInput : false
            var seen = Set<Int>()
            let sources = (row.sources ?? spin.tree.topLevel).filter { spin.states.indices.contains($0) && seen.insert($0).inserted }
            for source in sources {
                edges.append((source, row.target ?? source, row.targetsHistory, label, isInput))
            }
        }
        return edges
    }

    /// The edges of a spin's transitions, row by row, each row's sources in the order written.
    /// `from: any` gives one edge from every control state; no `to` gives self-loops.
    static func transitionEdges(of spin: SpinModel) -> [TransitionEdge] {
        var edges: [TransitionEdge] = []
        for row in spin.transitions {
            let label = label(of: row.declaration)
            let isInput = spin.events.indices.contains(row.event) ? spin.events[row.event].isInput : false
            guard spin.hasControlStates else {
                edges.append(TransitionEdge(from: nil, to: nil, label: label, isInput: isInput))
                continue
            }
            for source in sources(of: row, in: spin) {
                let target = row.target ?? source
                edges.append(TransitionEdge(from: source, to: target, label: label, isInput: isInput))
            }
        }
        return edges
    }

    /// The valid, distinct source states of a row, in the order written (all states for `any`).
    private static func sources(of row: TransitionModel, in spin: SpinModel) -> [Int] {
        guard let written = row.sources else { return Array(spin.states.indices) }
        var seen = Set<Int>()
        return written.filter { spin.states.indices.contains($0) && seen.insert($0).inserted }
    }

    /// A data field as a line: `left: int = 10`, `label: string = "idle"`,
    /// `mode: enum(heating, idle) = idle`.
    static func fieldLine(_ field: FieldModel) -> String {
        let typeText: String
        if case .enumeration(let enumType) = field.type {
            typeText = "enum(" + enumType.cases.joined(separator: ", ") + ")"
        } else {
            typeText = field.type.description
        }
        let value: String
        if case .string(let text) = field.initial {
            value = SpinValue.jsonString(text)
        } else {
            value = field.initial.formatted(as: field.type)
        }
        return "\(field.name.text): \(typeText) = \(value)"
    }

    /// The links between spins and gears, in document order (spins, then rules, then cases).
    static func gearLinks(of model: SpecModel) -> [GearLink] {
        var links: [GearLink] = []
        for (spinIndex, spin) in model.spins.enumerated() {
            for feedback in spin.feedbacks {
                for rule in feedback.cases {
                    if case .gearEvent(let gear, let event) = rule.declaration.trigger {
                        links.append(GearLink(
                            direction: .catch, spin: spinIndex, gear: gear.text, states: [],
                            label: "\(event.text) → \(actionSummary(rule.declaration.action))"))
                    }
                    if case .propagate(let gear, let event, _) = rule.declaration.action {
                        links.append(GearLink(
                            direction: .propagate, spin: spinIndex, gear: gear.text,
                            states: triggerStates(rule.trigger, in: spin), label: event.text))
                    }
                }
            }
        }
        return links
    }

    /// The states an `enter`/`in` trigger names, in state order; empty for other triggers.
    private static func triggerStates(_ trigger: TriggerModel, in spin: SpinModel) -> [Int] {
        switch trigger {
        case .enter(let states), .inStates(let states):
            return states.filter { spin.states.indices.contains($0) }.sorted()
        default:
            return []
        }
    }

    /// What a rule does, briefly: the emitted event, `a | b` for a choice, `gear.event`,
    /// `effect name`, `render`.
    static func actionSummary(_ action: FeedbackAction) -> String {
        switch action {
        case .emit(let emit): return emit.event.text
        case .choose(let branches): return branches.map(\.emit.event.text).joined(separator: " | ")
        case .propagate(let gear, let event, _): return "\(gear.text).\(event.text)"
        case .effect(let name, _): return "effect \(name.text)"
        case .render: return "render"
        }
    }
}
