/// Writes a spec as Graphviz DOT; see `DiagramExporter.dot(_:)` for the conventions.
struct DOTDiagram {
    let model: SpecModel
    /// How much the labels show.
    var labels: DiagramLabels = .guards
    /// Whether states, spins and transition edges carry the HTML viewer's `id`s (`ViewerDiagram`);
    /// `spinrun --dot` draws without them.
    var ids = false
    /// The one spin to draw (with the gears it talks through and its gear edges), for the
    /// viewer's diagram of each spin; nil: every spin.
    var only: Int?

    private static let indent = "    "

    func render() -> String {
        var lines: [String] = []
        let name = only.flatMap { model.spins.indices.contains($0) ? model.spins[$0].name.text : nil } ?? DiagramFacts.graphName(of: model)
        lines.append("digraph \(Self.quoted(name)) {")
        lines.append(Self.indent + "// edges: \(Self.legend(labels)); edges between the same states are one edge, its labels one under the other")
        lines.append(Self.indent + "// under a state's name: the rules it triggers (enter, in); under a spin's name: its other rules")
        lines.append(Self.indent + "// bold edges: input events; plain: events fed back by rules")
        lines.append(Self.indent + "// dashed edges: gear traffic (a rule propagates into a gear, or catches a gear event)")
        lines.append(Self.indent + "// a row `from: any` is drawn as one edge from every state; a row `to:` its own source (exited and entered again) as a loop")
        lines.append(Self.indent + "// a row without `to` (the state stays: nothing is exited or entered) is a line `on event [guard]` under its state's name")
        lines.append(Self.indent + "// [else]: a row without a guard tried after guarded rows on its event (it fires when their guards do not hold)")
        lines.append(Self.indent + "// an edge clipped at a box (a compound state's, or a spin's for gear traffic) is labelled with an xlabel, placed beside what is drawn; a note lists a spin's invariants")
        lines.append(Self.indent + "rankdir=LR;")
        lines.append(Self.indent + "compound=true;")
        // Room for the labels: edges between ranks and loops beside their states.
        lines.append(Self.indent + "nodesep=0.5;")
        lines.append(Self.indent + "ranksep=0.8;")
        lines.append(Self.indent + "fontname=\"Helvetica\";")
        lines.append(Self.indent + "node [fontname=\"Helvetica\", fontsize=11];")
        lines.append(Self.indent + "edge [fontname=\"Helvetica\", fontsize=9];")
        for (index, spin) in model.spins.enumerated() where only == nil || only == index {
            let viewerIndex = ids ? index : nil
            if DiagramFacts.isStatechart(spin) {
                lines += StatechartDOT(spin: spin, labels: labels, viewerIndex: viewerIndex).cluster()
            } else {
                lines += spin.hasControlStates ? cluster(spin, viewerIndex: viewerIndex) : dataOnly(spin, viewerIndex: viewerIndex)
            }
        }
        let links = DiagramFacts.gearLinks(of: model).filter { only == nil || $0.spin == only }
        for gear in model.gears where only == nil || links.contains(where: { $0.gear == gear.name.text }) {
            lines.append(Self.indent + "\(Self.quoted(Self.gearID(gear.name.text))) [shape=hexagon, label=\(Self.quoted(gear.name.text))];")
        }
        for link in links {
            lines += gearEdges(link)
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A spin with control states: its cluster, nodes and edges.
    private func cluster(_ spin: SpinModel, viewerIndex: Int?) -> [String] {
        let inner = Self.indent + Self.indent
        var lines: [String] = []
        lines.append(Self.indent + "subgraph \(Self.quoted(Self.clusterID(spin))) {")
        let notes = DiagramFacts.ruleNotes(of: spin, detail: labels)
        let stays = DiagramFacts.stayLines(of: spin, detail: labels, topLevelOnly: false)
        lines.append(inner + "label=\(Self.quoted(Self.lines(spin.name.text, notes.spin)));")
        let initialID = Self.quoted(Self.initialID(spin))
        lines.append(inner + "\(initialID) [shape=point, width=0.15, label=\"\"];")
        lines += Self.invariantNote(spin, indent: inner)
        for (index, state) in spin.states.enumerated() {
            var attributes = ["label=\(Self.quoted(Self.lines(state.text, stays[index] + notes.states[index])))"]
            if spin.finalStates.contains(index) { attributes.append("peripheries=2") }
            if let viewerIndex { attributes.append("id=" + Self.quoted(ViewerDiagram.stateID(spin: viewerIndex, state: index))) }
            lines.append(inner + "\(Self.quoted(Self.stateID(spin, index))) [\(attributes.joined(separator: ", "))];")
        }
        if spin.states.indices.contains(spin.initialState) {
            lines.append(inner + "\(initialID) -> \(Self.quoted(Self.stateID(spin, spin.initialState)));")
        }
        for (position, (edge, labels)) in DiagramFacts.merged(DiagramFacts.transitionEdges(of: spin, detail: labels)).enumerated() {
            guard let from = edge.from, let to = edge.to else { continue }
            let id = viewerIndex.map { ", id=" + Self.quoted(ViewerDiagram.edgeID(spin: $0, edge: position)) } ?? ""
            lines.append(inner + "\(Self.quoted(Self.stateID(spin, from))) -> \(Self.quoted(Self.stateID(spin, to))) [\(Self.edgeAttributes(edge, labels))\(id)];")
        }
        lines.append(Self.indent + "}")
        return lines
    }

    /// A data-only spin: one box listing the data fields, transitions as self-loops.
    private func dataOnly(_ spin: SpinModel, viewerIndex: Int?) -> [String] {
        let id = Self.quoted(Self.spinID(spin))
        // `\n` centres the spin's name, `\l` left-aligns each field line.
        var label = Self.escaped(spin.name.text) + "\\n"
        for field in spin.visibleFields {
            label += Self.escaped(DiagramFacts.fieldLine(field)) + "\\l"
        }
        for line in DiagramFacts.ruleNotes(of: spin, detail: labels).spin.flatMap({ DiagramFacts.wrapped($0) }) {
            label += Self.escaped(line) + "\\l"
        }
        let boxID = viewerIndex.map { ", id=" + Self.quoted(ViewerDiagram.spinID(spin: $0)) } ?? ""
        var lines = [Self.indent + "\(id) [shape=box, label=\"\(label)\"\(boxID)];"]
        for (position, (edge, labels)) in DiagramFacts.merged(DiagramFacts.transitionEdges(of: spin, detail: labels)).enumerated() {
            let edgeID = viewerIndex.map { ", id=" + Self.quoted(ViewerDiagram.edgeID(spin: $0, edge: position)) } ?? ""
            lines.append(Self.indent + "\(id) -> \(id) [\(Self.edgeAttributes(edge, labels))\(edgeID)];")
        }
        let note = Self.invariantNote(spin, indent: Self.indent)
        if !note.isEmpty {
            // Tied to the spin's box, so that it is drawn beside it.
            lines += note
            lines.append(Self.indent + "\(id) -> \(Self.quoted(Self.invariantsID(spin))) [style=dotted, arrowhead=none];")
        }
        return lines
    }

    /// A note node listing the spin's invariants, `name: condition` a line (left-aligned,
    /// wrapped); nothing when it has none.
    static func invariantNote(_ spin: SpinModel, indent: String) -> [String] {
        guard !spin.invariants.isEmpty else { return [] }
        var label = "invariants\\n"
        for invariant in spin.invariants {
            for line in DiagramFacts.wrapped(invariant.name.text + ": " + invariant.text) {
                label += escaped(line) + "\\l"
            }
        }
        return [indent + "\(quoted(invariantsID(spin))) [shape=note, label=\"\(label)\"];"]
    }

    /// The dashed edges of a gear link.
    private func gearEdges(_ link: DiagramFacts.GearLink) -> [String] {
        guard model.spins.indices.contains(link.spin) else { return [] }
        let spin = model.spins[link.spin]
        let gear = Self.quoted(Self.gearID(link.gear))
        let text = Self.quoted(DiagramFacts.wrapped(link.label).joined(separator: "\n"))
        // The spin's end of the edge: the named states, or the whole spin.
        var ends: [(node: String, clip: String?)] = []
        if !spin.hasControlStates {
            ends = [(Self.quoted(Self.spinID(spin)), nil)]
        } else if link.states.isEmpty {
            // The initial state's node (a statechart's first initial leaf).
            let anchor = spin.configurations.leaves(of: spin.initialState).first ?? 0
            ends = [(Self.quoted(Self.stateID(spin, anchor)), Self.quoted(Self.clusterID(spin)))]
        } else {
            ends = link.states.map { state in
                // A compound or parallel state is drawn as a cluster: the edge ends at its point node.
                let isCluster = spin.tree.nodes.indices.contains(state) && !spin.tree.nodes[state].isAtomic
                return (Self.quoted(Self.stateID(spin, state) + (isCluster ? "/initial" : "")), nil)
            }
        }
        return ends.map { end in
            // An edge clipped at a cluster has its label placed after the clipping (`xlabel`):
            // a `label` is placed on the unclipped edge, away from what is drawn.
            let label = (end.clip == nil ? "label=" : "xlabel=") + text + ", style=dashed"
            switch link.direction {
            case .propagate:
                let clip = end.clip.map { ", ltail=\($0)" } ?? ""
                return Self.indent + "\(end.node) -> \(gear) [\(label)\(clip)];"
            case .catch:
                let clip = end.clip.map { ", lhead=\($0)" } ?? ""
                return Self.indent + "\(gear) -> \(end.node) [\(label)\(clip)];"
            }
        }
    }

    /// A merged edge's label, each row's label wrapped, one under the other.
    private static func edgeAttributes(_ edge: DiagramFacts.TransitionEdge, _ labels: [String]) -> String {
        "label=\(quoted(labels.flatMap { DiagramFacts.wrapped($0) }.joined(separator: "\n")))" + (edge.isInput ? ", style=bold" : "")
    }

    /// A name with lines under it (each wrapped): a state or a spin with its rules.
    static func lines(_ name: String, _ notes: [String]) -> String {
        ([name] + notes.flatMap { DiagramFacts.wrapped($0) }).joined(separator: "\n")
    }

    /// What an edge label reads at `labels`.
    static func legend(_ labels: DiagramLabels) -> String {
        switch labels {
        case .full: return "event [guard] / assignments"
        case .guards: return "event [guard] (--labels full adds the assignments)"
        case .events: return "event (--labels guards adds the guards, full the assignments too)"
        }
    }

    // Node ids are built from names with their separators escaped (`component`), so that two
    // different things never share an id: `Spin` (a data-only spin), `Spin.state`,
    // `Spin/initial`, `Spin/invariants`, `gear:name`; clusters are `cluster_Spin`. Spin `A` with state `b.c` is
    // `A.b%2Ec`, spin `A.b` with state `c` is `A%2Eb.c`, and gear `x` (`gear:x`) is not the state
    // `x` of a spin named `gear` (`gear.x`).
    static func clusterID(_ spin: SpinModel) -> String { "cluster_" + component(spin.name.text) }
    private static func spinID(_ spin: SpinModel) -> String { component(spin.name.text) }
    static func initialID(_ spin: SpinModel) -> String { component(spin.name.text) + "/initial" }
    static func invariantsID(_ spin: SpinModel) -> String { component(spin.name.text) + "/invariants" }
    private static func gearID(_ name: String) -> String { "gear:" + component(name) }

    static func stateID(_ spin: SpinModel, _ index: Int) -> String {
        let name = spin.states.indices.contains(index) ? component(spin.states[index].text) : "#\(index)"
        return component(spin.name.text) + "." + name
    }

    /// A name as one component of an id: `%`, `.`, `/`, `:` and `#` written as `%XX`.
    static func component(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: { "%./:#".unicodeScalars.contains($0) }) else { return name }
        var out = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case ".": out += "%2E"
            case "/": out += "%2F"
            case ":": out += "%3A"
            case "#": out += "%23"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as a DOT double-quoted string.
    static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// `text` escaped for the inside of a DOT double-quoted string: backslashes and quotes are
    /// escaped (so `\n`-style escapes in the text stay literal), line breaks become `\n`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
