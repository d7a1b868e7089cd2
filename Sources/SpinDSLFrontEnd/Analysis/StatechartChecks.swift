/// The structural checks of a statechart spin's rows: problems of where a row goes, whatever the
/// configurations it is taken in.
enum StatechartChecks {
    /// The findings for `spin` (none for a flat spin).
    static func diagnostics(for spin: SpinModel) -> [Diagnostic] {
        guard !spin.tree.isFlat else { return [] }
        var found: [Diagnostic] = []
        for row in spin.transitions {
            guard let target = row.target, !row.targetsHistory, let sources = row.sources else { continue }
            for source in sources {
                guard let parallel = separatingParallel(source, target, in: spin.tree) else { continue }
                found.append(Diagnostic(
                    .crossRegionTransition, at: row.declaration.target?.location ?? row.declaration.location,
                    ["source": spin.states[source], "target": spin.states[target], "parallel": spin.states[parallel]]))
                break
            }
        }
        return found
    }

    /// The parallel state whose different regions hold `source` and `target`, if any: their lowest
    /// common ancestor, when it is parallel and neither of them (a row from a state to itself or
    /// to a state inside it, a region included, crosses nothing).
    private static func separatingParallel(_ source: Int, _ target: Int, in tree: StateTree) -> Int? {
        let nodes = tree.nodes
        guard nodes.indices.contains(source), nodes.indices.contains(target) else { return nil }
        var ancestor: Int? = source
        while let current = ancestor, !tree.isDescendant(target, ofOrSelf: current) {
            ancestor = nodes[current].parent
        }
        guard let common = ancestor, common != target, common != source, nodes[common].kind == .parallel else { return nil }
        return common
    }
}
