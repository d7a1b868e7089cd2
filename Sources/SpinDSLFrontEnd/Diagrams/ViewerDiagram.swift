/// A spec's diagrams as the HTML viewer (`spinrun --html`) shows them: for each spin, the DOT
/// export of that spin (with the gears it talks through) with an `id` on each state's node or
/// cluster and on each transition edge, and an index naming them, so that the page finds the
/// states and edges of a step in Graphviz's SVG by id.
///
/// Ids: `s<spin>_<state>` for a state (a node, or a compound or parallel state's cluster),
/// `d<spin>` for a data-only spin's box, `e<spin>_<edge>` for a transition edge (the edges as
/// the DOT export merges them: rows between the same two states with the same style are one
/// edge), indices counted from 0 in the model's order.
public struct ViewerDiagram: Sendable {
    /// Each spin's DOT export (`DiagramExporter.dot`, that spin alone and the gears it talks
    /// through) with the ids, for `dot -Tsvg`, in the spec's order.
    public let dots: [String]
    /// A JSON array, one object per spin: `{"name":…,"states":[{"name":…,"id":…,"parent":…,
    /// "kind":…}],"edges":[{"id":…,"from":…,"to":…,"events":[…]}],"initial":[leaves],
    /// "data":{initial data}}`; `parent`, `from` and `to` are indices into `states` (null for a
    /// top-level state, or for a data-only spin's loops); an eventless row's event is `""`.
    public let json: String

    /// The diagram of `model`, drawn with labels `.guards` as `spinrun --dot` draws it.
    public init(_ model: SpecModel) {
        dots = model.spins.indices.map { DOTDiagram(model: model, labels: .guards, ids: true, only: $0).render() }
        json = "[" + model.spins.enumerated().map { Self.spinJSON($1, index: $0) }.joined(separator: ",") + "]"
    }

    private static func spinJSON(_ spin: SpinModel, index: Int) -> String {
        let states = spin.tree.nodes.enumerated().map { state, node in
            let kind: String
            switch node.kind {
            case .atomic: kind = "atomic"
            case .compound: kind = "compound"
            case .parallel: kind = "parallel"
            }
            return "{\"name\":\(JSONText.string(node.name.text)),\"id\":\(JSONText.string(stateID(spin: index, state: state))),\"parent\":\(node.parent.map(String.init) ?? "null"),\"kind\":\"\(kind)\"}"
        }
        let edges = drawnEdges(of: spin).enumerated().compactMap { position, merged -> String? in
            let edge = merged.edge
            // A spin with control states draws only edges with both ends (`DOTDiagram`).
            guard !spin.hasControlStates || (edge.from != nil && edge.to != nil) else { return nil }
            let events = "[" + edge.events.map(JSONText.string).joined(separator: ",") + "]"
            return "{\"id\":\(JSONText.string(edgeID(spin: index, edge: position))),\"from\":\(edge.from.map(String.init) ?? "null"),\"to\":\(edge.to.map(String.init) ?? "null"),\"events\":\(events)}"
        }
        let initial = spin.hasControlStates
            ? spin.configurations.leaves(of: spin.initialState).map { spin.states.indices.contains($0) ? JSONText.string(spin.states[$0].text) : "\"#\($0)\"" }
            : []
        return "{\"name\":\(JSONText.string(spin.name.text)),\"states\":[\(states.joined(separator: ","))],\"edges\":[\(edges.joined(separator: ","))],\"initial\":[\(initial.joined(separator: ","))],\"data\":\(spin.dataJSON(spin.initialData))}"
    }

    /// The edges of `spin` as the DOT export draws them, merged, in its order.
    static func drawnEdges(of spin: SpinModel) -> [(edge: DiagramFacts.TransitionEdge, labels: [String])] {
        let edges = DiagramFacts.isStatechart(spin)
            ? DiagramFacts.statechartEdges(of: spin, detail: .guards)
            : DiagramFacts.transitionEdges(of: spin, detail: .guards)
        return DiagramFacts.merged(edges)
    }

    static func stateID(spin: Int, state: Int) -> String { "s\(spin)_\(state)" }
    static func spinID(spin: Int) -> String { "d\(spin)" }
    static func edgeID(spin: Int, edge: Int) -> String { "e\(spin)_\(edge)" }
}
