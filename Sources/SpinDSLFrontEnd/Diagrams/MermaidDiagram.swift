/// Writes a spec as a Mermaid `stateDiagram-v2`; see `DiagramExporter.mermaid(_:)` for the conventions.
struct MermaidDiagram {
    let model: SpecModel
    /// How much the labels show.
    var labels: DiagramLabels = .guards

    private static let indent = "    "

    func render() -> String {
        var ids = MermaidIDs()
        let flat = model.spins.count == 1 && model.gears.isEmpty
        var lines = ["---", "title: " + Self.yamlString(DiagramFacts.graphName(of: model)), "---", "stateDiagram-v2"]
        lines.append(Self.indent + "%% \(Self.comment(DiagramFacts.baseName(of: model.path))): generated from the spec; labels read `\(DOTDiagram.legend(labels))`")
        lines.append(Self.indent + "%% a row without `to` (the state stays) is a line `on event` of its state; a loop is a row `to:` its own source; [else]: tried after guarded rows")
        // Ids first, in document order, so that they do not depend on the drawing order.
        let spinIDs = model.spins.map { ids.make($0.name.text) }
        let stateIDs = model.spins.map { spin in
            spin.states.map { ids.make(flat ? $0.text : spin.name.text + "_" + $0.text) }
        }
        let gearIDs = model.gears.map { ids.make("gear_" + $0.name.text) }
        // A statechart's history states, after every other id.
        let historyIDs = model.spins.enumerated().map { index, spin in
            spin.tree.nodes.indices.map { state in
                spin.tree.nodes[state].histories.enumerated().map { position, kind in
                    ids.make(stateIDs[index][state] + "_H" + (position == 0 ? "" : "_" + kind.rawValue))
                }
            }
        }
        for (spinIndex, spin) in model.spins.enumerated() {
            let spinID = spinIDs[spinIndex]
            guard spin.hasControlStates else {
                lines += dataOnly(spin, id: spinID, indent: Self.indent)
                continue
            }
            let states = stateIDs[spinIndex]
            let isStatechart = DiagramFacts.isStatechart(spin)
            func body(indent: String) -> [String] {
                isStatechart
                    ? StatechartMermaid(spin: spin, ids: states, historyIDs: historyIDs[spinIndex], labels: labels).lines(indent: indent)
                    : self.body(spin, states: states, indent: indent)
            }
            let spinNotes = DiagramFacts.ruleNotes(of: spin, detail: labels).spin
            if flat {
                lines += body(indent: Self.indent)
                if states.indices.contains(spin.tree.initial) {
                    lines += note(spinNotes, on: states[spin.tree.initial], indent: Self.indent)
                    lines += invariantNote(spin, on: states[spin.tree.initial], indent: Self.indent)
                }
            } else {
                // `state Id { … }` is the documented composite form; a name that is not a safe id
                // gets its description declared first.
                if spinID != spin.name.text {
                    lines.append(Self.indent + "state \(Self.label(spin.name.text)) as \(spinID)")
                }
                lines.append(Self.indent + "state \(spinID) {")
                lines += body(indent: Self.indent + Self.indent)
                lines.append(Self.indent + "}")
                lines += note(spinNotes, on: spinID, indent: Self.indent)
                lines += invariantNote(spin, on: spinID, indent: Self.indent)
            }
        }
        for (index, gear) in model.gears.enumerated() {
            lines.append(Self.indent + "state \(Self.label("gear " + gear.name.text)) as \(gearIDs[index])")
        }
        for link in DiagramFacts.gearLinks(of: model) {
            guard let gearIndex = model.gears.firstIndex(where: { $0.name.text == link.gear }),
                  spinIDs.indices.contains(link.spin) else { continue }
            let gearID = gearIDs[gearIndex]
            let ends = link.states.isEmpty
                ? [spinIDs[link.spin]]
                : link.states.compactMap { stateIDs[link.spin].indices.contains($0) ? stateIDs[link.spin][$0] : nil }
            for end in ends {
                switch link.direction {
                case .propagate:
                    lines.append(Self.indent + "\(end) --> \(gearID) : \(Self.escaped("propagate " + link.label))")
                case .catch:
                    lines.append(Self.indent + "\(gearID) --> \(end) : \(Self.escaped(link.label))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The states, initial and final arrows and transitions of a spin with control states.
    private func body(_ spin: SpinModel, states: [String], indent: String) -> [String] {
        var lines: [String] = []
        for (index, state) in spin.states.enumerated() where states[index] != state.text {
            lines.append(indent + "state \(Self.label(state.text)) as \(states[index])")
        }
        let notes = DiagramFacts.ruleNotes(of: spin, detail: labels).states
        let stays = DiagramFacts.stayLines(of: spin, detail: labels, topLevelOnly: false)
        // A state's targetless rows, then its rules, as description lines of the state.
        for (index, stateNotes) in notes.enumerated() where states.indices.contains(index) {
            for line in (stays.indices.contains(index) ? stays[index] : []) + stateNotes {
                lines.append(indent + "\(states[index]) : \(Self.escaped(line))")
            }
        }
        if states.indices.contains(spin.initialState) {
            lines.append(indent + "[*] --> \(states[spin.initialState])")
        }
        for edge in DiagramFacts.transitionEdges(of: spin, detail: labels) {
            guard let from = edge.from, let to = edge.to,
                  states.indices.contains(from), states.indices.contains(to) else { continue }
            lines.append(indent + "\(states[from]) --> \(states[to]) : \(Self.escaped(edge.label))")
        }
        for index in spin.states.indices where spin.finalStates.contains(index) {
            lines.append(indent + "\(states[index]) --> [*]")
        }
        return lines
    }

    /// A data-only spin: one state with a note listing its fields; transitions are self-loops.
    private func dataOnly(_ spin: SpinModel, id: String, indent: String) -> [String] {
        var lines: [String] = []
        if id != spin.name.text {
            lines.append(indent + "state \(Self.label(spin.name.text)) as \(id)")
        }
        lines.append(indent + "[*] --> \(id)")
        for edge in DiagramFacts.transitionEdges(of: spin, detail: labels) {
            lines.append(indent + "\(id) --> \(id) : \(Self.escaped(edge.label))")
        }
        let notes = spin.visibleFields.map(DiagramFacts.fieldLine) + DiagramFacts.ruleNotes(of: spin, detail: labels).spin
        return lines + note(notes, on: id, indent: indent) + invariantNote(spin, on: id, indent: indent)
    }

    /// `note left of id` listing the spin's invariants (`name: condition`); nothing without any.
    private func invariantNote(_ spin: SpinModel, on id: String, indent: String) -> [String] {
        guard !spin.invariants.isEmpty else { return [] }
        return [indent + "note left of \(id)", indent + Self.indent + "invariants"]
            + spin.invariants.map { indent + Self.indent + Self.escaped($0.name.text + ": " + $0.text) }
            + [indent + "end note"]
    }

    /// `note right of id` with `notes` as its lines; nothing for no notes.
    private func note(_ notes: [String], on id: String, indent: String) -> [String] {
        guard !notes.isEmpty else { return [] }
        return [indent + "note right of \(id)"] + notes.map { indent + Self.indent + Self.escaped($0) } + [indent + "end note"]
    }

    /// `text` as a YAML double-quoted string, for the front matter.
    private static func yamlString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default: out.unicodeScalars.append(scalar.properties.generalCategory == .control ? " " : scalar)
            }
        }
        return out + "\""
    }

    /// A quoted state description.
    static func label(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// Text for a `%%` comment: on one line.
    private static func comment(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// `text` with every character that can break Mermaid's parser replaced by an entity code
    /// (Mermaid decodes them when it draws); line breaks become spaces.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "#": out += "#35;"
            case ":": out += "#58;"
            case ";": out += "#59;"
            case "%": out += "#37;"
            case "{": out += "#123;"
            case "}": out += "#125;"
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            default: out.append(character.isNewline ? " " : character)
            }
        }
        return out
    }
}
