/// The states one microstep enters, gathered as SCXML's `computeEntrySet` does (Appendix D): each
/// target with its default entry below it (`addDescendantStatesToEnter`), then the states between
/// it and the transition's domain, with the default entry of the other regions of every parallel
/// state among them (`addAncestorStatesToEnter`).
///
/// A compound state's default entry follows its `initial` (`StateNode.initialTargets`): its
/// initial child, or deeper states with the states between them; it is remembered in
/// `enteredByDefault`, whose states run their default entry's actions.
struct EntrySet {
    let tree: StateTree
    /// The states entered.
    private(set) var states = Set<Int>()
    /// The compound states entered by their default entry (SCXML's `statesForDefaultEntry`).
    private(set) var enteredByDefault = Set<Int>()

    init(tree: StateTree) {
        self.tree = tree
    }

    /// Enters `targets`, each with its default entry, and the states above them up to `domain`
    /// (exclusive; nil: up to the spin).
    mutating func enter(_ targets: [Int], upTo domain: Int?) {
        for target in targets { addDescendants(target) }
        for target in targets { addAncestors(target, upTo: domain) }
    }

    /// Enters `states` as they are (a deep history's record: a whole configuration below a state),
    /// and the states above them up to `domain`.
    mutating func restore(_ states: [Int], upTo domain: Int?) {
        self.states.formUnion(states)
        if let first = states.first { addAncestors(first, upTo: domain) }
    }

    /// `state` and its default entry below it. Recursion only for a compound state whose
    /// `initial` names deeper states, so as deep as the tree is (`SpecBuilder.maxStateDepth`).
    private mutating func addDescendants(_ state: Int) {
        var pending = [state]
        while let current = pending.popLast() {
            states.insert(current)
            let node = tree.nodes[current]
            switch node.kind {
            case .atomic:
                break
            case .compound:
                enteredByDefault.insert(current)
                let targets = node.initialTargets
                if targets.count == 1, let only = targets.first, node.children.contains(only) {
                    pending.append(only)
                } else {
                    enter(targets, upTo: current)
                }
            case .parallel:
                for region in node.children where !hasStateBelow(region) { pending.append(region) }
            }
        }
    }

    /// The states above `state` up to `domain` (exclusive), each parallel one with the default
    /// entry of its regions that nothing is entered in yet.
    private mutating func addAncestors(_ state: Int, upTo domain: Int?) {
        for current in tree.properAncestors(of: state) {
            if current == domain { break }
            states.insert(current)
            guard tree.nodes[current].kind == .parallel else { continue }
            for region in tree.nodes[current].children where !hasStateBelow(region) { addDescendants(region) }
        }
    }

    /// Whether a state below `state` is entered.
    private func hasStateBelow(_ state: Int) -> Bool {
        states.contains { tree.isProperDescendant($0, of: state) }
    }
}
