/// The states and transitions of a statechart spin in a Mermaid `stateDiagram-v2` (see
/// `DiagramExporter.mermaid(_:)`).
///
/// - Each compound state is a composite `state Id { … }` with `[*] -->` its initial child and
///   `child --> [*]` for each of its final children; a parallel state is a composite whose
///   regions, composites themselves, are separated by `--`.
/// - A state with history has a state `H` (shallow) or `H*` (deep) inside its composite, which
///   rows `to: history(S)` point at; entry and exit actions and targetless rows (`on event`)
///   are a note beside the state.
/// - A transition is written inside the innermost composite holding both its ends (outside a
///   parallel state's regions); a row of the whole spin is drawn from each top-level state.
struct StatechartMermaid {
    let spin: SpinModel
    /// Per state, its Mermaid id.
    let ids: [String]
    /// Per state, the id of its history state (nil without history).
    let historyIDs: [[String]]
    /// How much the labels show.
    let labels: DiagramLabels

    private static let indent = "    "

    /// The lines of the spin's states and transitions, at `indent`.
    func lines(indent: String) -> [String] {
        var edgesBy: [Int: [String]] = [:]
        for edge in DiagramFacts.statechartEdges(of: spin, detail: labels) {
            guard let from = edge.from, let to = edge.to else { continue }
            let head = edge.history.map { historyID(to, $0) ?? ids[to] } ?? ids[to]
            let line = "\(ids[from]) --> \(head) : \(MermaidDiagram.escaped(edge.label))"
            edgesBy[container(of: from, to, intoHistory: edge.history != nil) ?? -1, default: []].append(line)
        }
        let declarations = DiagramFacts.stateDeclarations(of: spin)
        var lines: [String] = []
        for target in spin.tree.initialTargets where spin.states.indices.contains(target) {
            lines.append(indent + "[*] --> \(ids[target])")
        }
        let stays = DiagramFacts.stayLines(of: spin, detail: labels, topLevelOnly: true)
        lines += contents(of: nil, indent: indent, edges: edgesBy, declarations: declarations, stays: stays)
        return lines
    }

    /// The states inside `state` (the spin's top level for nil), the transitions that belong
    /// there, and the final arrows.
    private func contents(
        of state: Int?, indent: String, edges: [Int: [String]], declarations: [StateDeclaration?], stays: [[String]]
    ) -> [String] {
        let tree = spin.tree
        let notes = DiagramFacts.ruleNotes(of: spin, detail: labels)
        var lines: [String] = []
        if let state {
            for history in tree.nodes[state].histories {
                guard let id = historyID(state, history) else { continue }
                lines.append(indent + "state \(MermaidDiagram.label(history == .deep ? "H*" : "H")) as \(id)")
            }
            // A history's default: what its H enters while nothing is recorded.
            if let history = tree.nodes[state].history, let id = historyID(state, history), let target = tree.nodes[state].historyDefault {
                lines.append(indent + "\(id) --> \(ids[target])")
            }
        }
        if let state {
            // Its default entry: to its initial child, or to each deeper state `initial` names.
            for target in tree.nodes[state].initialTargets { lines.append(indent + "[*] --> \(ids[target])") }
        }
        let isParallel = state.map { tree.nodes[$0].kind == .parallel } ?? false
        for (position, child) in tree.children(of: state).enumerated() {
            if isParallel, position > 0 { lines.append(indent + "--") }
            let node = tree.nodes[child]
            if ids[child] != node.name.text {
                lines.append(indent + "state \(MermaidDiagram.label(node.name.text)) as \(ids[child])")
            }
            if node.kind != .atomic {
                lines.append(indent + "state \(ids[child]) {")
                lines += contents(of: child, indent: indent + Self.indent, edges: edges, declarations: declarations, stays: stays)
                lines.append(indent + "}")
            } else if ids[child] == node.name.text {
                lines.append(indent + ids[child])
            }
            let actions = DiagramFacts.actionLines(of: declarations.indices.contains(child) ? declarations[child] : nil)
                + (stays.indices.contains(child) ? stays[child] : [])
                + (notes.states.indices.contains(child) ? notes.states[child] : [])
            if !actions.isEmpty {
                lines.append(indent + "note right of \(ids[child])")
                lines += actions.map { indent + Self.indent + MermaidDiagram.escaped($0) }
                lines.append(indent + "end note")
            }
        }
        lines += (edges[state ?? -1] ?? []).map { indent + $0 }
        for child in tree.children(of: state) where tree.nodes[child].isFinal {
            lines.append(indent + "\(ids[child]) --> [*]")
        }
        return lines
    }

    /// The id of `state`'s `kind` history (see `MermaidDiagram`'s ids), if it has that kind.
    private func historyID(_ state: Int, _ kind: HistoryKind) -> String? {
        guard let position = spin.tree.nodes[state].histories.firstIndex(of: kind), historyIDs[state].indices.contains(position) else {
            return nil
        }
        return historyIDs[state][position]
    }

    /// The composite a transition between `source` and `target` is written in: their lowest
    /// common ancestor that is not a parallel state (nil: the top level).
    private func container(of source: Int, _ target: Int, intoHistory: Bool) -> Int? {
        let tree = spin.tree
        var ancestor = tree.nodes[source].parent
        while let current = ancestor {
            let holdsTarget = intoHistory ? tree.isDescendant(target, ofOrSelf: current) : tree.isProperDescendant(target, of: current)
            if holdsTarget, tree.nodes[current].kind != .parallel, current != target { return current }
            ancestor = tree.nodes[current].parent
        }
        return nil
    }
}
