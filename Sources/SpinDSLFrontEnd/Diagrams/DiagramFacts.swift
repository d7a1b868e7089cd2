/// What both diagram formats draw, extracted from a validated spec in document order.
/// The formats differ only in syntax and escaping; the texts here are unescaped.
enum DiagramFacts {
    /// One edge of a spin's reducer table.
    struct TransitionEdge {
        /// The source control state; nil for a data-only spin (a self-loop on the spin node).
        let from: Int?
        /// The target control state; nil for a data-only spin.
        let to: Int?
        /// `event [guard] / field := expr; …`, as much as the diagram's `DiagramLabels` shows.
        let label: String
        /// Whether the event is an input (`inputs`).
        let isInput: Bool
        /// The kind of `to`'s history the edge enters (`to: history(S)`); nil for `to` itself.
        var history: HistoryKind?
        /// The events of the rows drawn as this edge (`""` for an eventless row), for the HTML
        /// viewer, which lights the edge a step took.
        var events: [String] = []
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

    /// The name of the graph: the spin's for a file of one spin, else the file's base name.
    static func graphName(of model: SpecModel) -> String {
        model.spins.count == 1 ? model.spins[0].name.text : baseName(of: model.path)
    }

    /// The label of a transition row on `event` (a row `on: [a, b]` is drawn once per event; nil
    /// for an eventless row): `event [guard] / a := x; b := y; emit e; propagate g.e`, parts
    /// omitted when absent or not shown at `detail` (an eventless row with nothing else shown
    /// reads `(eventless)`).
    /// A fallback row (`isFallback`: unguarded, tried after guarded rows on its event) reads
    /// `event [else]` where guards are shown.
    static func label(of row: TransitionDeclaration, on event: String?, detail: DiagramLabels = .full, isFallback: Bool = false) -> String {
        var parts: [String] = []
        if let event { parts.append(event) }
        if detail != .events, let guardText = row.guardExpression?.text { parts.append("[\(guardText)]") }
        if detail != .events, isFallback, row.guardExpression == nil { parts.append("[else]") }
        if detail == .full {
            var actions = actionText(assignments: row.assignments, emit: row.emit, propagate: row.propagate, send: row.send, cancel: row.cancel)
            if let conditional = row.conditional {
                let text = blockText(ActionBlockDeclaration(location: row.location, assignments: [], emit: nil, propagate: nil, conditional: conditional))
                actions = actions.isEmpty ? text : actions + "; " + text
            }
            if !actions.isEmpty { parts.append("/ " + actions) }
        }
        return parts.isEmpty ? "(eventless)" : parts.joined(separator: " ")
    }

    /// What a row or an action block does: `a := x; b := y; cancel t; send e after 5s as t; emit
    /// e; propagate g.e` (the assignments a send and a cancel stand for are drawn as them).
    static func actionText(
        assignments: [Assignment], emit: EmitDeclaration?, propagate: PropagateDeclaration?, send: SendDeclaration? = nil, cancel: Name? = nil
    ) -> String {
        var parts = assignments.filter { !$0.field.isLanguages }.map { "\($0.field.text) := \($0.value.text)" }
        if let cancel { parts.append("cancel " + cancel.text) }
        if let send {
            parts.append("send " + send.event.text + (send.delay.map { " after " + $0.text } ?? "") + (send.id.map { " as " + $0.text } ?? ""))
        }
        if let emit { parts.append("emit " + emit.event.text) }
        if let propagate { parts.append("propagate \(propagate.gear.text).\(propagate.event.text)") }
        return parts.joined(separator: "; ")
    }

    /// A state's entry and exit actions, its default entry's, and the events it defers, as lines:
    /// `entry / lamp := false`, `exit / emit e`, `entry / if n > 9 then { n := 0; emit wrapped }
    /// else { half := true }`, `initial / n := 0`, `defer lock, push`.
    static func actionLines(of state: StateDeclaration?) -> [String] {
        guard let state else { return [] }
        return state.entry.map { "entry / " + blockText($0) } + state.exit.map { "exit / " + blockText($0) }
            + (state.initialTransition?.actions.map { ["initial / " + blockText($0)] } ?? [])
            + (state.deferred.isEmpty ? [] : ["defer " + state.deferred.map(\.text).joined(separator: ", ")])
    }

    /// What an action block does; a conditional action as `if C then { … } else { … }`, its
    /// branches' blocks separated by `;`, an `else` holding one conditional action as `else if`.
    static func blockText(_ block: ActionBlockDeclaration) -> String {
        guard let conditional = block.conditional else {
            return actionText(assignments: block.assignments, emit: block.emit, propagate: block.propagate, send: block.send, cancel: block.cancel)
        }
        var text = "if \(conditional.condition.text) then { " + conditional.then.map(blockText).joined(separator: "; ") + " }"
        if conditional.otherwise.count == 1, let only = conditional.otherwise.first, only.conditional != nil {
            text += " else " + blockText(only)
        } else if !conditional.otherwise.isEmpty {
            text += " else { " + conditional.otherwise.map(blockText).joined(separator: "; ") + " }"
        }
        return text
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
        !spin.tree.isFlat || spin.tree.nodes.contains { !$0.entry.isEmpty || !$0.exit.isEmpty || !$0.histories.isEmpty || !$0.deferred.isEmpty }
    }

    /// One row of a spin with control states as drawn from one of its source states.
    struct DrawnRow {
        /// The row's position in `SpinModel.transitions`.
        let row: Int
        /// The state it is drawn from.
        let source: Int
        /// Its label (`label(of:on:detail:isFallback:)`), `[else]` when it is a fallback there.
        let label: String
        /// The events it stands for: the row's, and for a row on a descriptor (`on: door`, `*`)
        /// those of the rows it matched with the same label, drawn once.
        var events: [Int]
    }

    /// The rows of a spin with control states, each from each of its sources (for a row of the
    /// whole spin: every state of a flat spin, `topLevelOnly`: each top-level state of a
    /// statechart), in row order; the rows a descriptor stands for, once per label.
    static func drawnRows(of spin: SpinModel, detail: DiagramLabels, topLevelOnly: Bool) -> [DrawnRow] {
        let fallbacks = FallbackRows(spin: spin)
        var drawn: [DrawnRow] = []
        var descriptorRows = DescriptorRows()
        for (index, row) in spin.transitions.enumerated() {
            var seen = Set<Int>()
            let written = row.sources ?? (topLevelOnly ? spin.tree.topLevel : Array(spin.states.indices))
            for source in written where spin.states.indices.contains(source) && seen.insert(source).inserted {
                let isFallback = fallbacks.isFallback(index, at: source)
                let label = label(of: row.declaration, on: eventName(of: row, in: spin), detail: detail, isFallback: isFallback)
                if let earlier = descriptorRows.earlier(row, source: source, label: label, at: drawn.count) {
                    drawn[earlier].events.append(row.event)
                    continue
                }
                drawn.append(DrawnRow(row: index, source: source, label: label, events: [row.event]))
            }
        }
        return drawn
    }

    /// Where the rows a descriptor stands for were first drawn, by source and label.
    private struct DescriptorRows {
        private var drawn: [String: Int] = [:]

        /// The position of the row drawn for `row`'s descriptor from `source` with `label`; nil
        /// (recording `position` as it) for the first, and for a row on an event by its name.
        mutating func earlier(_ row: TransitionModel, source: Int?, label: String, at position: Int) -> Int? {
            guard let descriptor = row.descriptor else { return nil }
            let key = "\(descriptor.location)>\(source ?? -1)>\(label)"
            if let earlier = drawn[key] { return earlier }
            drawn[key] = position
            return nil
        }
    }

    /// The edges of a statechart's rows with a target: from each source state (each top-level
    /// state for a row of the whole spin) to the target, in row order. Targetless rows are not
    /// edges: `stayLines(of:detail:topLevelOnly:)` writes them in their states.
    static func statechartEdges(of spin: SpinModel, detail: DiagramLabels) -> [TransitionEdge] {
        edges(of: drawnRows(of: spin, detail: detail, topLevelOnly: true), in: spin)
    }

    /// The drawn rows that have a target, as edges.
    private static func edges(of drawn: [DrawnRow], in spin: SpinModel) -> [TransitionEdge] {
        drawn.compactMap { drawn in
            let row = spin.transitions[drawn.row]
            guard let target = row.target else { return nil }
            return TransitionEdge(
                from: drawn.source, to: target, label: drawn.label, isInput: isInput(row, in: spin), history: row.targetsHistory ? row.historyKind : nil,
                events: drawn.events.map { eventName($0, in: spin) })
        }
    }

    /// Whether `row` is on an input (drawn bold).
    private static func isInput(_ row: TransitionModel, in spin: SpinModel) -> Bool {
        spin.events.indices.contains(row.event) ? spin.events[row.event].isInput : false
    }

    /// The name of event `event`; `""` for the eventless pseudo-event.
    private static func eventName(_ event: Int, in spin: SpinModel) -> String {
        spin.events.indices.contains(event) ? spin.events[event].name.text : ""
    }

    /// Per state, the lines of its targetless rows (no `to`: the state stays, nothing is exited
    /// or entered), drawn inside the state rather than as loops, which are external
    /// self-transitions (`to:` the source). A row on an event reads `on event [guard] / …`; an
    /// eventless one its label alone.
    static func stayLines(of spin: SpinModel, detail: DiagramLabels, topLevelOnly: Bool) -> [[String]] {
        var lines = [[String]](repeating: [], count: spin.states.count)
        for drawn in drawnRows(of: spin, detail: detail, topLevelOnly: topLevelOnly) where spin.transitions[drawn.row].target == nil {
            let row = spin.transitions[drawn.row]
            // `on door [guard]`; a timed row's label is `after 30s`, an eventless row's its guard.
            let line = spin.events.indices.contains(row.event) && row.declaration.after == nil ? "on " + drawn.label : drawn.label
            if !lines[drawn.source].contains(line) { lines[drawn.source].append(line) }
        }
        return lines
    }

    /// `text` broken into lines of at most `width` characters where it can be, so that long labels
    /// do not widen the drawing: first before ` / ` and after `; ` (a label's guard, actions and
    /// assignments stay whole when they fit), then at spaces (a word longer than `width` is a line
    /// of its own).
    static func wrapped(_ text: String, width: Int = 36) -> [String] {
        var units: [String] = []
        for (index, part) in text.components(separatedBy: " / ").enumerated() {
            let clauses = part.components(separatedBy: "; ")
            for (number, clause) in clauses.enumerated() {
                let lead = index > 0 && number == 0 ? "/ " : ""
                units.append(lead + clause + (number < clauses.count - 1 ? ";" : ""))
            }
        }
        var lines: [String] = []
        var line = ""
        func add(_ piece: String) {
            if line.isEmpty {
                line = piece
            } else if line.count + 1 + piece.count <= width {
                line += " " + piece
            } else {
                lines.append(line)
                line = piece
            }
        }
        for unit in units {
            if unit.count <= width {
                add(unit)
            } else {
                // A long unit starts a line of its own.
                if !line.isEmpty { lines.append(line) }
                line = ""
                for word in unit.split(separator: " ", omittingEmptySubsequences: false) { add(String(word)) }
            }
        }
        lines.append(line)
        return lines
    }

    /// The edges between the same two states with the same style as one edge whose label lists
    /// theirs, one under the other, in row order: parallel edges (self-loops above all) would
    /// otherwise be drawn with overlapping labels.
    static func merged(_ edges: [TransitionEdge]) -> [(edge: TransitionEdge, labels: [String])] {
        var merged: [(edge: TransitionEdge, labels: [String])] = []
        var positions: [String: Int] = [:]
        for edge in edges {
            let key = "\(edge.from ?? -1)>\(edge.to ?? -1)>\(edge.isInput)>\(edge.history?.rawValue ?? "")"
            if let position = positions[key] {
                if !merged[position].labels.contains(edge.label) { merged[position].labels.append(edge.label) }
                for event in edge.events where !merged[position].edge.events.contains(event) {
                    merged[position].edge.events.append(event)
                }
            } else {
                positions[key] = merged.count
                merged.append((edge, [edge.label]))
            }
        }
        return merged
    }

    /// The edges of a spin's transitions, row by row, each row's sources in the order written.
    /// `from: any` gives one edge from every control state; a row without `to` is no edge
    /// (`stayLines(of:detail:topLevelOnly:)`). A data-only spin's rows are self-loops on the
    /// spin (`from` and `to` nil).
    static func transitionEdges(of spin: SpinModel, detail: DiagramLabels = .full) -> [TransitionEdge] {
        guard spin.hasControlStates else {
            let fallbacks = FallbackRows(spin: spin)
            var edges: [TransitionEdge] = []
            var descriptorRows = DescriptorRows()
            for (index, row) in spin.transitions.enumerated() {
                let label = label(
                    of: row.declaration, on: eventName(of: row, in: spin), detail: detail,
                    isFallback: fallbacks.isFallback(index, at: nil))
                if let earlier = descriptorRows.earlier(row, source: nil, label: label, at: edges.count) {
                    edges[earlier].events.append(eventName(row.event, in: spin))
                    continue
                }
                edges.append(TransitionEdge(from: nil, to: nil, label: label, isInput: isInput(row, in: spin), events: [eventName(row.event, in: spin)]))
            }
            return edges
        }
        return edges(of: drawnRows(of: spin, detail: detail, topLevelOnly: false), in: spin)
    }

    /// The name of the event a row (of the model: one per event of `on`) is on, as written: the
    /// descriptor that matched it (`door`, `*`: the rows it stands for then share one label),
    /// `after 30s` for a timed row; nil for an eventless row.
    private static func eventName(of row: TransitionModel, in spin: SpinModel) -> String? {
        if let after = row.declaration.after { return "after " + after.text }
        if let descriptor = row.descriptor { return descriptor.text }
        return spin.events.indices.contains(row.event) ? spin.events[row.event].name.text : row.declaration.event?.text
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
    /// `effect name`, `render`; with `full`, payloads (`e(f := x)`) and what a simulated effect
    /// answers.
    static func actionSummary(_ action: FeedbackAction, detail: DiagramLabels = .events) -> String {
        func emitted(_ emit: EmitDeclaration) -> String {
            guard detail == .full, !emit.payload.isEmpty else { return emit.event.text }
            return emit.event.text + "(" + emit.payload.map { "\($0.field.text) := \($0.value.text)" }.joined(separator: "; ") + ")"
        }
        switch action {
        case .emit(let emit): return emitted(emit)
        case .choose(let branches): return branches.map { emitted($0.emit) }.joined(separator: " | ")
        case .propagate(let gear, let event, _): return "\(gear.text).\(event.text)"
        case .effect(let name, let simulate):
            guard detail == .full, let simulate else { return "effect \(name.text)" }
            let outcome: String
            switch simulate.outcome {
            case .emit(let emit): outcome = emitted(emit)
            case .choose(let branches): outcome = branches.map { emitted($0.emit) }.joined(separator: " | ")
            }
            return "effect \(name.text) (simulated: " + (simulate.delay.map { "after \($0.text) → " } ?? "") + outcome + ")"
        case .render: return "render"
        }
    }

    /// The feedback rules of a spin as lines drawn on the states they belong to: a rule triggered
    /// by `enter:` or `in:` on each of those states (`after 2s / timedOut` under `requesting`),
    /// every other rule on the spin itself. Rules that catch or propagate gear events are left
    /// out: the gear edges draw them.
    static func ruleNotes(of spin: SpinModel, detail: DiagramLabels) -> (states: [[String]], spin: [String]) {
        var states = [[String]](repeating: [], count: spin.states.count)
        var spinWide: [String] = []
        // A timed row's rule is drawn as its rows (`after 30s`), not as a rule.
        // A send's rule is drawn as the send (`send e after 5s`, with `--labels full`).
        for feedback in spin.feedbacks where !TimedRows.isTimerName(feedback.name.text) && !Sends.isRuleName(feedback.name.text) {
            for rule in feedback.cases {
                let declaration = rule.declaration
                if case .gearEvent = declaration.trigger { continue }
                if case .propagate = declaration.action { continue }
                let line = ruleNote(declaration, detail: detail)
                switch rule.trigger {
                case .enter(let indices), .inStates(let indices):
                    for index in indices.sorted() where states.indices.contains(index) { states[index].append(line) }
                default:
                    spinWide.append(line)
                }
            }
        }
        return (states, spinWide)
    }

    /// One rule as a line: `[trigger] [condition] [after D] [every P] / action`.
    private static func ruleNote(_ rule: FeedbackRuleDeclaration, detail: DiagramLabels) -> String {
        var parts: [String] = []
        let timed = rule.delay != nil || rule.period != nil
        switch rule.trigger {
        case .enter: if !timed { parts.append("enter") }
        case .inStates: if !timed { parts.append("in") }
        case .everyState: if !timed { parts.append("each state") }
        case .when(let expression): parts.append(detail == .events ? "when" : "when [\(expression.text)]")
        case .becomes(let expression): parts.append(detail == .events ? "becomes" : "becomes [\(expression.text)]")
        case .changes(let expression): parts.append("changes [\(expression.text)]")
        case .gearEvent(let gear, let event): parts.append("catch \(gear.text).\(event.text)")
        }
        if detail != .events, let condition = rule.condition { parts.append("[\(condition.text)]") }
        if let delay = rule.delay { parts.append("after \(delay.text)") }
        if let period = rule.period { parts.append("every \(period.text)") }
        return parts.joined(separator: " ") + " / " + actionSummary(rule.action, detail: detail)
    }
}
