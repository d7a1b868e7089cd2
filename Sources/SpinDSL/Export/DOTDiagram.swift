/// Writes a spec as Graphviz DOT; see `DiagramExporter.dot(_:)` for the conventions.
struct DOTDiagram {
    let model: SpecModel

    private static let indent = "    "

    func render() -> String {
        var lines: [String] = []
        lines.append("digraph \(Self.quoted(DiagramFacts.baseName(of: model.path))) {")
        lines.append(Self.indent + "// bold edges: input events; plain: events fed back by rules")
        lines.append(Self.indent + "// dashed edges: gear traffic (a rule propagates into a gear, or catches a gear event)")
        lines.append(Self.indent + "// a row `from: any` is drawn as one edge from every state; a row without `to` as a self-loop")
        lines.append(Self.indent + "rankdir=LR;")
        lines.append(Self.indent + "compound=true;")
        lines.append(Self.indent + "fontname=\"Helvetica\";")
        lines.append(Self.indent + "node [fontname=\"Helvetica\", fontsize=11];")
        lines.append(Self.indent + "edge [fontname=\"Helvetica\", fontsize=9];")
        for spin in model.spins {
            if DiagramFacts.isStatechart(spin) {
                lines += StatechartDOT(spin: spin).cluster()
            } else {
                lines += spin.hasControlStates ? cluster(spin) : dataOnly(spin)
            }
        }
        for gear in model.gears {
            lines.append(Self.indent + "\(Self.quoted(Self.gearID(gear.name.text))) [shape=hexagon, label=\(Self.quoted(gear.name.text))];")
        }
        for link in DiagramFacts.gearLinks(of: model) {
            lines += gearEdges(link)
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A spin with control states: its cluster, nodes and edges.
    private func cluster(_ spin: SpinModel) -> [String] {
        let inner = Self.indent + Self.indent
        var lines: [String] = []
        lines.append(Self.indent + "subgraph \(Self.quoted(Self.clusterID(spin))) {")
        lines.append(inner + "label=\(Self.quoted(spin.name.text));")
        let initialID = Self.quoted(Self.initialID(spin))
        lines.append(inner + "\(initialID) [shape=point, width=0.15, label=\"\"];")
        for (index, state) in spin.states.enumerated() {
            var attributes = ["label=\(Self.quoted(state.text))"]
            if spin.finalStates.contains(index) { attributes.append("peripheries=2") }
            lines.append(inner + "\(Self.quoted(Self.stateID(spin, index))) [\(attributes.joined(separator: ", "))];")
        }
        if spin.states.indices.contains(spin.initialState) {
            lines.append(inner + "\(initialID) -> \(Self.quoted(Self.stateID(spin, spin.initialState)));")
        }
        for edge in DiagramFacts.transitionEdges(of: spin) {
            guard let from = edge.from, let to = edge.to else { continue }
            lines.append(inner + "\(Self.quoted(Self.stateID(spin, from))) -> \(Self.quoted(Self.stateID(spin, to))) [\(Self.edgeAttributes(edge))];")
        }
        lines.append(Self.indent + "}")
        return lines
    }

    /// A data-only spin: one box listing the data fields, transitions as self-loops.
    private func dataOnly(_ spin: SpinModel) -> [String] {
        let id = Self.quoted(spin.name.text)
        // `\n` centres the spin's name, `\l` left-aligns each field line.
        var label = Self.escaped(spin.name.text) + "\\n"
        for field in spin.fields {
            label += Self.escaped(DiagramFacts.fieldLine(field)) + "\\l"
        }
        var lines = [Self.indent + "\(id) [shape=box, label=\"\(label)\"];"]
        for edge in DiagramFacts.transitionEdges(of: spin) {
            lines.append(Self.indent + "\(id) -> \(id) [\(Self.edgeAttributes(edge))];")
        }
        return lines
    }

    /// The dashed edges of a gear link.
    private func gearEdges(_ link: DiagramFacts.GearLink) -> [String] {
        guard model.spins.indices.contains(link.spin) else { return [] }
        let spin = model.spins[link.spin]
        let gear = Self.quoted(Self.gearID(link.gear))
        let label = "label=\(Self.quoted(link.label)), style=dashed"
        // The spin's end of the edge: the named states, or the whole spin.
        var ends: [(node: String, clip: String?)] = []
        if !spin.hasControlStates {
            ends = [(Self.quoted(spin.name.text), nil)]
        } else if link.states.isEmpty {
            let anchor = spin.states.indices.contains(spin.initialState) ? spin.initialState : 0
            ends = [(Self.quoted(Self.stateID(spin, anchor)), Self.quoted(Self.clusterID(spin)))]
        } else {
            ends = link.states.map { (Self.quoted(Self.stateID(spin, $0)), nil) }
        }
        return ends.map { end in
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

    private static func edgeAttributes(_ edge: DiagramFacts.TransitionEdge) -> String {
        "label=\(quoted(edge.label))" + (edge.isInput ? ", style=bold" : "")
    }

    private static func clusterID(_ spin: SpinModel) -> String { "cluster_" + spin.name.text }
    private static func initialID(_ spin: SpinModel) -> String { spin.name.text + "/initial" }
    private static func gearID(_ name: String) -> String { "gear." + name }

    private static func stateID(_ spin: SpinModel, _ index: Int) -> String {
        let name = spin.states.indices.contains(index) ? spin.states[index].text : "#\(index)"
        return spin.name.text + "." + name
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
