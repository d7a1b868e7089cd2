/// The cluster of a statechart spin in a DOT diagram (see `DiagramExporter.dot(_:)`).
///
/// - Each compound or parallel state is a `subgraph "cluster_<Spin>.<state>"`, labelled with its
///   name, its entry and exit actions and its targetless rows (`on event [guard]`); the regions
///   of a parallel state are dashed clusters, the clusters inside them solid again (Graphviz
///   would pass the region's style down).
/// - Each compound state has a small filled `point` node (`"<Spin>.<state>/initial"`) with an
///   arrow to its initial child; a parallel state has an invisible one; a state with history has
///   a circle `H` (shallow) or `H*` (deep) node (`"<Spin>.<state>/history"`).
/// - An atomic state is a node labelled with its name, its entry and exit actions and its
///   targetless rows; final states (of the spin, or within their parent) have `peripheries=2`.
/// - An edge from or to a compound or parallel state starts or ends at its point node, clipped at
///   its cluster (`ltail`/`lhead`) and labelled with an `xlabel` (placed after the clipping);
///   an edge to `history(S)` ends at S's history node. A row of the whole spin is drawn from each
///   top-level state. A loop is an external self-transition (`to:` its source); a compound or
///   parallel state's leaves its cluster for an invisible point beside it
///   (`"<Spin>.<state>/loop"`) and comes back in.
struct StatechartDOT {
    let spin: SpinModel
    /// How much the labels show.
    let labels: DiagramLabels
    /// The spin's index when its states and edges carry the HTML viewer's ids (`ViewerDiagram`).
    var viewerIndex: Int?

    private static let indent = "    "

    /// The lines of the spin's cluster, at the diagram's first indentation level.
    func cluster() -> [String] {
        let inner = Self.indent + Self.indent
        var lines: [String] = []
        lines.append(Self.indent + "subgraph \(DOTDiagram.quoted(DOTDiagram.clusterID(spin))) {")
        let notes = DiagramFacts.ruleNotes(of: spin, detail: labels)
        lines.append(inner + "label=\(DOTDiagram.quoted(DOTDiagram.lines(spin.name.text, notes.spin)));")
        let initialID = DOTDiagram.quoted(DOTDiagram.initialID(spin))
        lines.append(inner + "\(initialID) [shape=point, width=0.15, label=\"\"];")
        lines += DOTDiagram.invariantNote(spin, indent: inner)
        // The merged edges, and the compound states that have an external self-transition: each
        // gets a point node beside its cluster, for its loop to leave the box and come back.
        let edges = DiagramFacts.merged(DiagramFacts.statechartEdges(of: spin, detail: labels))
        let looped = Set(edges.compactMap { edge, _ -> Int? in
            guard let from = edge.from, from == edge.to, edge.history == nil, spin.tree.nodes[from].kind != .atomic else { return nil }
            return from
        })
        lines += stateLines(notes: notes.states, looped: looped)
        for target in spin.tree.initialTargets where spin.states.indices.contains(target) {
            lines.append(inner + arrow(from: initialID, to: target))
        }
        // A history's default: what its H enters while nothing is recorded.
        for (state, node) in spin.tree.nodes.enumerated() {
            if let history = node.history, let target = node.historyDefault {
                lines.append(inner + arrow(from: historyID(state, history), to: target))
            }
        }
        // Edges between the same ends are one edge, its labels one under the other.
        for (position, (edge, edgeLabels)) in edges.enumerated() {
            lines += edgeLines(edge, labels: edgeLabels, position: position, looped: looped)
        }
        lines.append(Self.indent + "}")
        return lines
    }

    /// The states, parents before children: an explicit stack of clusters still open. A
    /// cluster's arrow to its initial child is written as it closes, after the child's own
    /// cluster, so that every node is first named inside its own cluster.
    private func stateLines(notes: [[String]], looped: Set<Int>) -> [String] {
        let stays = DiagramFacts.stayLines(of: spin, detail: labels, topLevelOnly: true)
        let declarations = DiagramFacts.stateDeclarations(of: spin)
        var lines: [String] = []
        var open: [Int] = []
        func close() {
            guard let state = open.popLast() else { return }
            let pad = Self.indent + String(repeating: Self.indent, count: open.count &+ 1)
            // Its default entry: to its initial child, or to each deeper state `initial` names.
            for target in spin.tree.nodes[state].initialTargets {
                lines.append(pad + Self.indent + arrow(from: anchorID(state), to: target))
            }
            lines.append(pad + "}")
        }
        for state in spin.states.indices {
            while let last = open.last, !spin.tree.isDescendant(state, ofOrSelf: last) { close() }
            let pad = Self.indent + String(repeating: Self.indent, count: open.count &+ 1)
            let node = spin.tree.nodes[state]
            let actions = DiagramFacts.actionLines(of: declarations.indices.contains(state) ? declarations[state] : nil)
            let label = DOTDiagram.lines(
                node.name.text,
                actions + (stays.indices.contains(state) ? stays[state] : [])
                    + (notes.indices.contains(state) ? notes[state] : []))
            if node.kind == .atomic {
                lines.append(pad + atomicNode(state, label: label))
                continue
            }
            lines += clusterOpening(state, label: label, pad: pad, looped: looped.contains(state))
            open.append(state)
        }
        while !open.isEmpty { close() }
        return lines
    }

    /// An atomic state's node.
    private func atomicNode(_ state: Int, label: String) -> String {
        var attributes = ["label=\(DOTDiagram.quoted(label))"]
        if spin.tree.nodes[state].isFinal { attributes.append("peripheries=2") }
        if let viewerIndex { attributes.append("id=" + DOTDiagram.quoted(ViewerDiagram.stateID(spin: viewerIndex, state: state))) }
        return "\(nodeID(state)) [\(attributes.joined(separator: ", "))];"
    }

    /// A compound or parallel state's cluster up to its children: its loop point beside it when
    /// it is `looped`, then the cluster's label, style, point node and history nodes.
    private func clusterOpening(_ state: Int, label: String, pad: String, looped: Bool) -> [String] {
        let node = spin.tree.nodes[state]
        var lines: [String] = []
        if looped { lines.append(pad + "\(loopID(state)) [shape=point, width=0.01, style=invis, label=\"\"];") }
        lines.append(pad + "subgraph \(DOTDiagram.quoted(clusterID(state))) {")
        let body = pad + Self.indent
        lines.append(body + "label=\(DOTDiagram.quoted(label));")
        if let viewerIndex { lines.append(body + "id=\(DOTDiagram.quoted(ViewerDiagram.stateID(spin: viewerIndex, state: state)));") }
        if node.isFinal { lines.append(body + "peripheries=2;") }
        if isRegion(state) {
            lines.append(body + "style=dashed;")
        } else if isInsideRegion(state) {
            lines.append(body + "style=solid;")
        }
        let anchor = node.kind == .parallel ? "shape=point, style=invis" : "shape=point, width=0.1"
        lines.append(body + "\(anchorID(state)) [\(anchor), label=\"\"];")
        for history in node.histories {
            lines.append(body + "\(historyID(state, history)) [shape=circle, width=0.3, fixedsize=true, label=\(DOTDiagram.quoted(history == .deep ? "H*" : "H"))];")
        }
        return lines
    }

    /// The lines of merged edge number `position`, labelled `edgeLabels`.
    private func edgeLines(_ edge: DiagramFacts.TransitionEdge, labels edgeLabels: [String], position: Int, looped: Set<Int>) -> [String] {
        guard let from = edge.from, let to = edge.to else { return [] }
        let inner = Self.indent + Self.indent
        let text = DOTDiagram.quoted(edgeLabels.flatMap { DiagramFacts.wrapped($0) }.joined(separator: "\n"))
        let style = edge.isInput ? ["style=bold"] : []
        if from == to, looped.contains(from) {
            return loopLines(from, text: text, style: style, position: position)
        }
        var clips: [String] = []
        let tail = endpoint(from, head: false)
        let head = edge.history.map { historyID(to, $0) } ?? endpoint(to, head: true)
        if spin.tree.nodes[from].kind != .atomic { clips.append("ltail=\(DOTDiagram.quoted(clusterID(from)))") }
        if edge.history == nil, spin.tree.nodes[to].kind != .atomic { clips.append("lhead=\(DOTDiagram.quoted(clusterID(to)))") }
        // Graphviz places a `label` on the edge before clipping it at the cluster, so that
        // it floats away from what is drawn; an `xlabel` is placed after.
        var attributes = [(clips.isEmpty ? "label=" : "xlabel=") + text] + style
        if let viewerIndex { attributes.append("id=" + DOTDiagram.quoted(ViewerDiagram.edgeID(spin: viewerIndex, edge: position))) }
        return [inner + "\(tail) -> \(head) [\((attributes + clips).joined(separator: ", "))];"]
    }

    /// A compound state's external self-transition: out of the cluster to its loop point, and
    /// back in, as the state is left and entered again (a loop on its point node would look like
    /// a step inside it). Both edges run from the point (the first drawn backwards), at its two
    /// sides, so that they part.
    private func loopLines(_ state: Int, text: String, style: [String], position: Int) -> [String] {
        let inner = Self.indent + Self.indent
        let cluster = "lhead=" + DOTDiagram.quoted(clusterID(state))
        var out = ["xlabel=" + text, "dir=back", "arrowtail=none"] + style + [cluster, "tailport=e", "headport=n"]
        // The viewer lights the labelled half.
        if let viewerIndex { out.append("id=" + DOTDiagram.quoted(ViewerDiagram.edgeID(spin: viewerIndex, edge: position))) }
        let back = style + [cluster, "tailport=w", "headport=n"]
        return [
            inner + "\(loopID(state)) -> \(anchorID(state)) [\(out.joined(separator: ", "))];",
            inner + "\(loopID(state)) -> \(anchorID(state)) [\(back.joined(separator: ", "))];",
        ]
    }

    /// Whether `state` is a region: a child of a parallel state.
    private func isRegion(_ state: Int) -> Bool {
        guard let parent = spin.tree.nodes[state].parent else { return false }
        return spin.tree.nodes[parent].kind == .parallel
    }

    /// Whether a proper ancestor of `state` is a region (drawn dashed, a style its clusters inherit).
    private func isInsideRegion(_ state: Int) -> Bool {
        var ancestor = spin.tree.nodes[state].parent
        while let current = ancestor {
            if isRegion(current) { return true }
            ancestor = spin.tree.nodes[current].parent
        }
        return false
    }

    /// An initial arrow from `anchor` to `state` (clipped at its cluster when it has one).
    private func arrow(from anchor: String, to state: Int) -> String {
        let clip = spin.tree.nodes[state].kind == .atomic ? "" : " [lhead=\(DOTDiagram.quoted(clusterID(state)))]"
        return "\(anchor) -> \(endpoint(state, head: true))\(clip);"
    }

    /// The node an edge from (or to) `state` attaches to: the state's node, or its cluster's point.
    private func endpoint(_ state: Int, head: Bool) -> String {
        spin.tree.nodes[state].kind == .atomic ? nodeID(state) : anchorID(state)
    }

    /// The state's id (`DOTDiagram`'s, which gear edges name too).
    private func name(_ state: Int) -> String {
        DOTDiagram.stateID(spin, state)
    }

    private func nodeID(_ state: Int) -> String { DOTDiagram.quoted(name(state)) }
    private func anchorID(_ state: Int) -> String { DOTDiagram.quoted(name(state) + "/initial") }
    /// The node of `state`'s `kind` history: `S/history` for its first kind (see
    /// `StateNode.histories`), `S/history/deep` or `S/history/shallow` for a second.
    private func historyID(_ state: Int, _ kind: HistoryKind) -> String {
        let first = spin.tree.nodes[state].histories.first == kind
        return DOTDiagram.quoted(name(state) + "/history" + (first ? "" : "/" + kind.rawValue))
    }
    /// The point beside a compound state's cluster that its external self-transition loops through.
    private func loopID(_ state: Int) -> String { DOTDiagram.quoted(name(state) + "/loop") }
    private func clusterID(_ state: Int) -> String { DOTDiagram.clusterID(spin) + "." + DOTDiagram.component(spin.states[state].text) }
}
