/// Resolves a spin's states into a `StateTree`: indices in document order, parents and children,
/// initial children, history, final states; every mistake reported where it is written.
///
/// The states' entry and exit actions are resolved later, with the rest of the spin's
/// expressions (`withActions`): expressions need the configurations, which need the tree.
struct StateTreeResolver {
    private(set) var diagnostics: [Diagnostic] = []

    /// The tree of `spin` (without actions), and the declaration of each state (nil for the list
    /// form).
    mutating func resolve(_ spin: SpinDeclaration, states: NameIndex) -> (tree: StateTree, declarations: [StateDeclaration?]) {
        guard let written = spin.stateTree else {
            // The list form: top-level atomic states.
            let nodes = spin.states.enumerated().map { index, name in
                StateNode(
                    name: name, parent: nil, kind: .atomic, children: [], initial: nil, history: nil,
                    isFinal: false, end: index &+ 1, depth: 0, entry: [], exit: [])
            }
            let shape = StateTree(nodes: nodes, topLevel: Array(nodes.indices), initial: 0)
            return (finishing(shape, spin: spin, states: states), nodes.map { _ in nil })
        }
        // Pre-order numbering with an explicit stack: each entry is a declaration and its parent.
        var declarations: [StateDeclaration] = []
        var parents: [Int?] = []
        var depths: [Int] = []
        var pending: [(declaration: StateDeclaration, parent: Int?, depth: Int)] = written.reversed().map { ($0, nil, 0) }
        while let (declaration, parent, depth) = pending.popLast() {
            declarations.append(declaration)
            parents.append(parent)
            depths.append(depth)
            let index = declarations.count &- 1
            pending.append(contentsOf: declaration.children.reversed().map { ($0, index, depth &+ 1) })
        }
        var children = [[Int]](repeating: [], count: declarations.count)
        var topLevel: [Int] = []
        for (index, parent) in parents.enumerated() {
            if let parent { children[parent].append(index) } else { topLevel.append(index) }
        }
        // A state's subtree ends where the next state at its depth or above begins.
        var ends = [Int](repeating: declarations.count, count: declarations.count)
        var open: [Int] = []
        for index in declarations.indices {
            while let last = open.last, depths[last] >= depths[index] {
                ends[last] = index
                open.removeLast()
            }
            open.append(index)
        }
        var nodes: [StateNode] = []
        nodes.reserveCapacity(declarations.count)
        for (index, declaration) in declarations.enumerated() {
            let childNames = children[index].map { declarations[$0].name.text }
            var kind = declaration.kind
            if kind != .atomic, children[index].isEmpty {
                diagnostics.append(Diagnostic(.stateWithoutChildren, at: declaration.location, ["state": declaration.name]))
                kind = .atomic
            }
            var initial: Int?
            if kind == .compound { initial = children[index].first }
            if let written = declaration.initial {
                if kind == .compound {
                    if let found = children[index].first(where: { declarations[$0].name.text == written.text }) {
                        initial = found
                    } else {
                        diagnostics.append(Diagnostic(
                            .initialNotAChild, at: written.location, ["name": written, "state": declaration.name],
                            suggestion: Suggestion.hint(for: written.text, in: childNames)))
                    }
                } else {
                    let why = kind == .parallel ? "is parallel (all its regions are entered)" : "has no children"
                    diagnostics.append(Diagnostic(.initialWithoutChildren, at: written.location, ["state": declaration.name, "why": why]))
                }
            }
            var history: HistoryKind?
            var historyDefault: Int?
            if let written = declaration.history {
                if kind != .atomic {
                    history = written.kind
                    if let target = written.defaultTarget {
                        // SCXML: a history's default transition targets states below its parent.
                        if let found = states[target.text], found > index, found < ends[index] {
                            historyDefault = found
                        } else {
                            diagnostics.append(Diagnostic(
                                .historyDefaultOutside, at: target.location, ["name": target, "state": declaration.name],
                                suggestion: Suggestion.hint(for: target.text, in: (index &+ 1..<ends[index]).map { declarations[$0].name.text })))
                        }
                    }
                } else {
                    diagnostics.append(Diagnostic(.historyOnNonCompound, at: written.location, ["state": declaration.name]))
                }
            }
            for final in declaration.finals {
                if kind == .parallel {
                    diagnostics.append(Diagnostic(.finalInParallel, at: final.location, ["state": declaration.name]))
                } else if !childNames.contains(final.text) {
                    diagnostics.append(Diagnostic(
                        .finalNotAChild, at: final.location, ["name": final, "state": declaration.name],
                        suggestion: Suggestion.hint(for: final.text, in: childNames)))
                }
            }
            let isFinal = parents[index].map { declarations[$0].finals.contains { $0.text == declaration.name.text } } ?? false
            nodes.append(StateNode(
                name: declaration.name, parent: parents[index], kind: kind, children: kind == .atomic ? [] : children[index],
                initial: initial, history: history, isFinal: isFinal, end: ends[index], depth: depths[index], entry: [], exit: [],
                historyDefault: historyDefault))
        }
        let shape = StateTree(nodes: nodes, topLevel: topLevel, initial: topLevel.first ?? 0, isParallelSpin: spin.isParallel)
        return (finishing(shape, spin: spin, states: states), declarations)
    }

    /// The tree with the spin's `initial` and `final` resolved: the initial state may be any
    /// state; the final states are top-level ones.
    private mutating func finishing(_ shape: StateTree, spin: SpinDeclaration, states: NameIndex) -> StateTree {
        var nodes = shape.nodes
        var initial = shape.topLevel.first ?? 0
        if let written = spin.initial, !nodes.isEmpty, let found = states[written.text] {
            initial = found
        }
        for final in spin.finals {
            guard let found = states[final.text], nodes.indices.contains(found) else { continue }
            if let parent = nodes[found].parent {
                diagnostics.append(Diagnostic(.nestedSpinFinal, at: final.location, ["name": final, "parent": nodes[parent].name]))
                continue
            }
            let node = nodes[found]
            nodes[found] = StateNode(
                name: node.name, parent: node.parent, kind: node.kind, children: node.children, initial: node.initial,
                history: node.history, isFinal: true, end: node.end, depth: node.depth, entry: node.entry, exit: node.exit,
                historyDefault: node.historyDefault)
        }
        return StateTree(nodes: nodes, topLevel: shape.topLevel, initial: initial, isParallelSpin: shape.isParallelSpin)
    }

    /// `tree` with each state's entry and exit actions.
    static func withActions(_ tree: StateTree, entry: [[ActionBlockModel]], exit: [[ActionBlockModel]]) -> StateTree {
        let nodes = tree.nodes.enumerated().map { index, node in
            StateNode(
                name: node.name, parent: node.parent, kind: node.kind, children: node.children, initial: node.initial,
                history: node.history, isFinal: node.isFinal, end: node.end, depth: node.depth,
                entry: entry.indices.contains(index) ? entry[index] : [], exit: exit.indices.contains(index) ? exit[index] : [],
                historyDefault: node.historyDefault)
        }
        return StateTree(nodes: nodes, topLevel: tree.topLevel, initial: tree.initial, isParallelSpin: tree.isParallelSpin)
    }

    /// `tree` with the kinds of history the rows name (`to: history(S, deep)`) that their target
    /// does not declare.
    static func withNamedHistories(_ tree: StateTree, rows: [TransitionModel]) -> StateTree {
        var nodes = tree.nodes
        for row in rows {
            guard row.targetsHistory, let kind = row.historyKind, let target = row.target, nodes.indices.contains(target),
                  nodes[target].kind != .atomic, !nodes[target].histories.contains(kind) else { continue }
            nodes[target].namedHistories = (nodes[target].namedHistories + [kind]).sorted { $0 == .shallow && $1 == .deep }
        }
        return StateTree(nodes: nodes, topLevel: tree.topLevel, initial: tree.initial, isParallelSpin: tree.isParallelSpin)
    }
}
