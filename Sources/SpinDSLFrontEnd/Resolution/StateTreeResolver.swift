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
        let outline = Outline(written)
        var nodes: [StateNode] = []
        nodes.reserveCapacity(outline.declarations.count)
        for index in outline.declarations.indices {
            nodes.append(node(index, of: outline, states: states))
        }
        let topLevel = outline.topLevel
        let shape = StateTree(nodes: nodes, topLevel: topLevel, initial: topLevel.first ?? 0, isParallelSpin: spin.isParallel)
        return (finishing(shape, spin: spin, states: states), outline.declarations)
    }

    /// The written states numbered in pre-order, with where each lies: its parent, its depth, its
    /// children, and where its subtree ends.
    private struct Outline {
        var declarations: [StateDeclaration] = []
        var parents: [Int?] = []
        var depths: [Int] = []
        var children: [[Int]] = []
        var topLevel: [Int] = []
        /// A state's subtree ends where the next state at its depth or above begins.
        var ends: [Int] = []

        init(_ written: [StateDeclaration]) {
            // Pre-order numbering with an explicit stack: each entry is a declaration and its parent.
            var pending: [(declaration: StateDeclaration, parent: Int?, depth: Int)] = written.reversed().map { ($0, nil, 0) }
            while let (declaration, parent, depth) = pending.popLast() {
                declarations.append(declaration)
                parents.append(parent)
                depths.append(depth)
                let index = declarations.count &- 1
                pending.append(contentsOf: declaration.children.reversed().map { ($0, index, depth &+ 1) })
            }
            children = [[Int]](repeating: [], count: declarations.count)
            for (index, parent) in parents.enumerated() {
                if let parent { children[parent].append(index) } else { topLevel.append(index) }
            }
            ends = [Int](repeating: declarations.count, count: declarations.count)
            var open: [Int] = []
            for index in declarations.indices {
                while let last = open.last, depths[last] >= depths[index] {
                    ends[last] = index
                    open.removeLast()
                }
                open.append(index)
            }
        }
    }

    /// The node of state `index`, its mistakes reported: a compound or parallel state without
    /// children (then atomic), then its `initial`, its history and its `final`.
    private mutating func node(_ index: Int, of outline: Outline, states: NameIndex) -> StateNode {
        let declaration = outline.declarations[index]
        let children = outline.children[index]
        var kind = declaration.kind
        if kind != .atomic, children.isEmpty {
            diagnostics.append(Diagnostic(.stateWithoutChildren, at: declaration.location, ["state": declaration.name]))
            kind = .atomic
        }
        let (initial, initialTargets) = self.initial(of: index, kind: kind, in: outline, states: states)
        let (history, historyDefault) = self.history(of: index, kind: kind, in: outline, states: states)
        checkFinals(of: declaration, kind: kind, childNames: children.map { outline.declarations[$0].name.text })
        let parent = outline.parents[index]
        let isFinal = parent.map { outline.declarations[$0].finals.contains { $0.text == declaration.name.text } } ?? false
        return StateNode(
            name: declaration.name, parent: parent, kind: kind, children: kind == .atomic ? [] : children,
            initial: initial, history: history, isFinal: isFinal, end: outline.ends[index], depth: outline.depths[index], entry: [], exit: [],
            historyDefault: historyDefault, initialTargets: initialTargets)
    }

    /// A state's initial child, and the states its default entry enters below it: its first child
    /// unless its `initial` names others.
    private mutating func initial(
        of index: Int, kind: StateKind, in outline: Outline, states: NameIndex
    ) -> (child: Int?, targets: [Int]) {
        let declaration = outline.declarations[index]
        var initial: Int?
        if kind == .compound { initial = outline.children[index].first }
        var initialTargets = initial.map { [$0] } ?? []
        guard let written = declaration.initialTransition, let first = written.targets.first else { return (initial, initialTargets) }
        if kind == .compound {
            // SCXML's initial transition: states below the state, one per region of the
            // parallel states between; the child above the first is its initial child.
            let below = (index &+ 1)..<outline.ends[index]
            if let targets = self.initialTargets(
                written, below: below, of: declaration.name, states: states, parents: outline.parents,
                nameOf: { outline.declarations[$0].name.text },
                isParallel: { outline.declarations[$0].kind == .parallel && !outline.children[$0].isEmpty }) {
                initialTargets = targets
                var child = targets[0]
                while let parent = outline.parents[child], parent != index { child = parent }
                initial = child
            }
        } else {
            let why = kind == .parallel ? "is parallel (all its regions are entered)" : "has no children"
            diagnostics.append(Diagnostic(.initialWithoutChildren, at: first.location, ["state": declaration.name, "why": why]))
        }
        return (initial, initialTargets)
    }

    /// A state's kind of history and its default target, if it declares them.
    private mutating func history(
        of index: Int, kind: StateKind, in outline: Outline, states: NameIndex
    ) -> (kind: HistoryKind?, defaultTarget: Int?) {
        let declaration = outline.declarations[index]
        guard let written = declaration.history else { return (nil, nil) }
        guard kind != .atomic else {
            diagnostics.append(Diagnostic(.historyOnNonCompound, at: written.location, ["state": declaration.name]))
            return (nil, nil)
        }
        guard let target = written.defaultTarget else { return (written.kind, nil) }
        // SCXML: a history's default transition targets states below its parent.
        let ends = outline.ends[index]
        if let found = states[target.text], found > index, found < ends {
            return (written.kind, found)
        }
        diagnostics.append(Diagnostic(
            .historyDefaultOutside, at: target.location, ["name": target, "state": declaration.name],
            suggestion: Suggestion.hint(for: target.text, in: (index &+ 1..<ends).map { outline.declarations[$0].name.text })))
        return (written.kind, nil)
    }

    /// A state's `final` names children of a compound state.
    private mutating func checkFinals(of declaration: StateDeclaration, kind: StateKind, childNames: [String]) {
        for final in declaration.finals {
            if kind == .parallel {
                diagnostics.append(Diagnostic(.finalInParallel, at: final.location, ["state": declaration.name]))
            } else if !childNames.contains(final.text) {
                diagnostics.append(Diagnostic(
                    .finalNotAChild, at: final.location, ["name": final, "state": declaration.name],
                    suggestion: Suggestion.hint(for: final.text, in: childNames)))
            }
        }
    }

    /// The tree with the spin's `initial` and `final` resolved: the initial state may be any
    /// state; the final states are top-level ones.
    private mutating func finishing(_ shape: StateTree, spin: SpinDeclaration, states: NameIndex) -> StateTree {
        var nodes = shape.nodes
        var initial = shape.topLevel.first ?? 0
        var initialTargets: [Int]?
        if let written = spin.initialTransition, !nodes.isEmpty {
            let parents = nodes.map(\.parent)
            initialTargets = self.initialTargets(
                written, below: 0..<nodes.count, of: spin.name, states: states, parents: parents,
                nameOf: { nodes[$0].name.text }, isParallel: { nodes[$0].kind == .parallel }, reportingUnknown: false)
            if let first = initialTargets?.first { initial = first }
        }
        for final in spin.finals {
            guard let found = states[final.text], nodes.indices.contains(found) else { continue }
            if let parent = nodes[found].parent {
                diagnostics.append(Diagnostic(.nestedSpinFinal, at: final.location, ["name": final, "parent": nodes[parent].name]))
                continue
            }
            nodes[found].isFinal = true
        }
        var tree = StateTree(nodes: nodes, topLevel: shape.topLevel, initial: initial, isParallelSpin: shape.isParallelSpin)
        if let initialTargets { tree.initialTargets = initialTargets }
        return tree
    }

    /// `tree` with each state's entry and exit actions, the actions of each state's default entry
    /// (`initial: { to, … }`), and those of the spin's start.
    static func withActions(
        _ tree: StateTree, entry: [[ActionBlockModel]], exit: [[ActionBlockModel]], initial: [ActionBlockModel?], start: ActionBlockModel?
    ) -> StateTree {
        var tree = tree
        for index in tree.nodes.indices {
            tree.nodes[index].entry = entry.indices.contains(index) ? entry[index] : []
            tree.nodes[index].exit = exit.indices.contains(index) ? exit[index] : []
            tree.nodes[index].initialActions = initial.indices.contains(index) ? initial[index] : nil
        }
        tree.initialActions = start
        return tree
    }

    /// The states `written` names, each one of `below` (the states below the state or spin
    /// `owner` whose `initial` it is), no two of which exclude each other; nil after reporting
    /// the first problem.
    ///
    /// - Parameter reportingUnknown: false where a name that is no state at all is reported by the
    ///   caller (the spin's `initial`, resolved as any state).
    private mutating func initialTargets(
        _ written: InitialDeclaration, below: Range<Int>, of owner: Name, states: NameIndex, parents: [Int?],
        nameOf: (Int) -> String, isParallel: (Int) -> Bool, reportingUnknown: Bool = true
    ) -> [Int]? {
        var targets: [Int] = []
        for name in written.targets {
            guard let found = states[name.text] else {
                if reportingUnknown {
                    diagnostics.append(Diagnostic(
                        .initialNotAChild, at: name.location, ["name": name, "state": owner],
                        suggestion: Suggestion.hint(for: name.text, in: below.map(nameOf))))
                }
                return nil
            }
            guard below.contains(found) else {
                diagnostics.append(Diagnostic(
                    .initialNotAChild, at: name.location, ["name": name, "state": owner],
                    suggestion: Suggestion.hint(for: name.text, in: below.map(nameOf))))
                return nil
            }
            if let other = targets.first(where: { !Self.orthogonal($0, found, parents: parents, isParallel: isParallel) }) {
                diagnostics.append(Diagnostic(
                    .initialTargetsConflict, at: name.location,
                    ["name": name, "other": written.targets[targets.firstIndex(of: other) ?? 0], "state": owner]))
                return nil
            }
            targets.append(found)
        }
        return targets.isEmpty ? nil : targets
    }

    /// Whether states `a` and `b` can be active together: neither is above the other, and the
    /// nearest state above both is a parallel one.
    static func orthogonal(_ a: Int, _ b: Int, parents: [Int?], isParallel: (Int) -> Bool) -> Bool {
        var aboveA: [Int] = []
        var next = parents[a]
        while let state = next {
            aboveA.append(state)
            next = parents[state]
        }
        guard a != b, !aboveA.contains(b) else { return false }
        next = parents[b]
        while let state = next {
            if state == a { return false }
            if aboveA.contains(state) { return isParallel(state) }
            next = parents[state]
        }
        return false
    }

    /// `tree` with the kinds of history the rows name (`to: history(S, deep)`) that their target
    /// does not declare.
    static func withNamedHistories(_ tree: StateTree, rows: [TransitionModel]) -> StateTree {
        var tree = tree
        for row in rows {
            guard row.targetsHistory, let kind = row.historyKind, let target = row.target, tree.nodes.indices.contains(target),
                  tree.nodes[target].kind != .atomic, !tree.nodes[target].histories.contains(kind) else { continue }
            tree.nodes[target].namedHistories = (tree.nodes[target].namedHistories + [kind]).sorted { $0 == .shallow && $1 == .deep }
        }
        return tree
    }
}
