/// Works out microsteps by the algorithm of the W3C SCXML recommendation (Appendix D): the
/// transitions' domains and exit sets, the history they record, the exit actions innermost first,
/// the rows' actions, the entry set with its default entries, the entry actions outermost first and
/// the completion events entering final states raises.
///
/// The compiler calls it once per (configuration, transition) and keeps the results; a reducer
/// calls it only for the rare microstep that takes transitions in several parallel regions at once.
struct MicrostepPlanner: Sendable {
    let tree: StateTree
    let configurations: Configurations
    /// Per state, the ids of its entry and exit action blocks, in order.
    let entryBlocks: [[Int32]]
    let exitBlocks: [[Int32]]
    /// Per row, the id of its own action block.
    let rowBlocks: [Int32]
    /// Per state, the id of the block raising its completion event; -1 when no row is on it.
    let doneBlocks: [Int32]
    /// Per state, the hidden data slot of its history record; -1 for a state without history.
    let historySlots: [Int]

    /// The configuration the spin starts in: the default entry of its initial state.
    static func initialConfiguration(of tree: StateTree, _ configurations: Configurations) -> Int {
        let empty = [[Int32]](repeating: [], count: tree.nodes.count)
        let planner = MicrostepPlanner(
            tree: tree, configurations: configurations, entryBlocks: empty, exitBlocks: empty, rowBlocks: [],
            doneBlocks: [Int32](repeating: -1, count: tree.nodes.count), historySlots: [Int](repeating: -1, count: tree.nodes.count))
        return planner.plan(from: nil, taking: [], record: { _ in 0 }).target
    }

    /// How many values a history record of `state` can take besides 0 (nothing recorded).
    func recordCount(of state: Int) -> Int {
        guard tree.nodes.indices.contains(state), let history = tree.nodes[state].recordedHistory else { return 0 }
        return history == .shallow ? tree.nodes[state].children.count : configurations.subtreeCount[state]
    }

    /// The transition's domain: the state whose descendants it exits (nil for the spin), or
    /// `.none` for a targetless transition, which exits nothing.
    func domain(of transition: PlannedTransition) -> Int?? {
        guard let target = transition.target else { return .none }
        let nodes = tree.nodes
        // The target as SCXML sees it: a history pseudo-state is a child of its state.
        func isBelow(_ ancestor: Int) -> Bool {
            transition.targetsHistory
                ? tree.isDescendant(target, ofOrSelf: ancestor)
                : tree.isProperDescendant(target, of: ancestor)
        }
        if transition.isInternal, let source = transition.source, nodes[source].kind == .compound, isBelow(source) {
            return .some(source)
        }
        // The least common compound ancestor of the source and the target.
        guard let source = transition.source else { return .some(nil) }
        for ancestor in tree.properAncestors(of: source) where nodes[ancestor].kind == .compound && isBelow(ancestor) {
            return .some(ancestor)
        }
        return .some(nil)
    }

    /// The microstep taking `transitions` (conflict-free, in the order their actions run) from
    /// `configuration`, or the initial entry for nil. `record(state)` reads a history record.
    ///
    /// Every set here is as small as the states it holds (never one entry per state of the tree),
    /// so that planning a flat spin's thousands of rows stays linear.
    func plan(from configuration: Int?, taking transitions: [PlannedTransition], record: (Int) -> Int) -> PlannedMicrostep {
        let nodes = tree.nodes
        let active: [Int] = configuration.map { configurations.activeStates($0).map(Int.init) } ?? []
        let activeSet = Set(active)

        // Exit set: the active states strictly below each targeted transition's domain, in exit
        // order: reverse document order, so descendants before ancestors and later regions first.
        var exitedSet = Set<Int>()
        for transition in transitions {
            guard case .some(let domain) = domain(of: transition) else { continue }
            for state in active where tree.isProperDescendant(state, of: domain) { exitedSet.insert(state) }
        }
        let exited = exitedSet.sorted(by: >)
        var writes: [SlotWrite] = []
        var blocks: [Int32] = []
        // History is recorded before any exit action runs.
        var recordedNow: [Int: Int] = [:]
        for state in exited.reversed() where historySlots[state] >= 0 {
            guard let value = recordedValue(of: state, active: activeSet) else { continue }
            writes.append(SlotWrite(slot: historySlots[state], value: Int64(value)))
            recordedNow[state] = value
        }
        for state in exited { blocks += exitBlocks[state] }
        for transition in transitions where transition.row >= 0 && transition.row < rowBlocks.count {
            blocks.append(rowBlocks[transition.row])
        }

        // Entry set.
        var entering = Set<Int>()
        func hasEnteringBelow(_ state: Int) -> Bool {
            entering.contains { tree.isProperDescendant($0, of: state) }
        }
        func addDescendants(_ state: Int) {
            var pending = [state]
            while let current = pending.popLast() {
                entering.insert(current)
                let node = nodes[current]
                switch node.kind {
                case .atomic:
                    break
                case .compound:
                    if let initial = node.initial { pending.append(initial) }
                case .parallel:
                    for region in node.children where !hasEnteringBelow(region) { pending.append(region) }
                }
            }
        }
        func addAncestors(_ state: Int, upTo ancestor: Int?) {
            for current in tree.properAncestors(of: state) {
                if current == ancestor { break }
                entering.insert(current)
                if nodes[current].kind == .parallel {
                    for region in nodes[current].children where !hasEnteringBelow(region) { addDescendants(region) }
                }
            }
        }
        if configuration == nil, nodes.indices.contains(tree.initial) {
            addDescendants(tree.initial)
            addAncestors(tree.initial, upTo: nil)
        }
        for transition in transitions {
            guard let target = transition.target, case .some(let domain) = domain(of: transition) else { continue }
            if transition.targetsHistory {
                // The recorded states (or the default entry) below the history's state, then the
                // states above them up to the domain. A step that exits the history's state
                // records it before it enters the target (SCXML's exitStates, then enterStates):
                // a row from S to history(S) restores what this very step recorded (W3C test 580).
                let restored = restoredStates(of: target, record: recordedNow[target] ?? record(target), kind: transition.historyKind)
                entering.formUnion(restored)
                if let first = restored.first { addAncestors(first, upTo: domain) }
            } else {
                addDescendants(target)
                addAncestors(target, upTo: domain)
            }
        }

        // Entry actions in document order, with the completion events of the final states entered.
        var after = activeSet.subtracting(exitedSet)
        var reentered: [Int] = []
        let entered = entering.sorted()
        for state in entered {
            if exitedSet.contains(state) { reentered.append(state) }
            after.insert(state)
            blocks += entryBlocks[state]
            guard nodes[state].isFinal, let parent = nodes[state].parent else { continue }
            if doneBlocks[parent] >= 0 { blocks.append(doneBlocks[parent]) }
            if let grandparent = nodes[parent].parent, nodes[grandparent].kind == .parallel, doneBlocks[grandparent] >= 0,
               nodes[grandparent].children.allSatisfy({ isInFinalState($0, after) }) {
                blocks.append(doneBlocks[grandparent])
            }
        }
        return PlannedMicrostep(
            target: configurations.index(of: tree, active: after.sorted()), writes: writes, blocks: blocks, reentered: reentered,
            reentry: reentered.isEmpty ? nil : Reentry(exited: exited, entered: entered))
    }

    /// Whether `state` is complete among the states `active`: a compound state with an active final
    /// child, a parallel state whose regions all are.
    private func isInFinalState(_ state: Int, _ active: Set<Int>) -> Bool {
        let node = tree.nodes[state]
        switch node.kind {
        case .atomic:
            return false
        case .compound:
            return node.children.contains { active.contains($0) && tree.nodes[$0].isFinal }
        case .parallel:
            return node.children.allSatisfy { isInFinalState($0, active) }
        }
    }

    /// What `state`'s history records as it is exited: the active child's position plus one
    /// (shallow), or its configuration's number plus one (deep).
    private func recordedValue(of state: Int, active: Set<Int>) -> Int? {
        guard let history = tree.nodes[state].recordedHistory else { return nil }
        let node = tree.nodes[state]
        switch history {
        case .shallow:
            return node.children.firstIndex { active.contains($0) }.map { $0 &+ 1 }
        case .deep:
            let below = active.filter { tree.isProperDescendant($0, of: state) }.sorted()
            return configurations.index(of: tree, below: state, active: below) &+ 1
        }
    }

    /// The states below `state` that entering its `kind` history (nil: the kind it records) with
    /// record `record` enters, in document order (0: nothing recorded, the entry of its history's
    /// `default` or else its default entry: of its initial child, or of every region of a parallel
    /// state).
    func restoredStates(of state: Int, record: Int, kind: HistoryKind?) -> [Int] {
        let node = tree.nodes[state]
        guard record > 0, let recorded = node.recordedHistory else { return historyDefaultEntry(of: state) }
        switch (recorded, kind ?? recorded) {
        case (.shallow, _):
            // A parallel state's shallow history is all its regions, each entered by default.
            guard node.kind == .compound, node.children.indices.contains(record &- 1) else { return defaultChildren(of: state) }
            return defaultEntry(of: node.children[record &- 1])
        case (.deep, let restored):
            guard record &- 1 < configurations.subtreeCount[state] else { return defaultChildren(of: state) }
            let states = configurations.states(of: tree, below: state, index: record &- 1)
            guard restored == .shallow else { return states }
            // A shallow history read from a deep record: the child that was active, entered by default.
            guard node.kind == .compound, let child = states.first(where: { tree.nodes[$0].parent == state }) else {
                return defaultChildren(of: state)
            }
            return defaultEntry(of: child)
        }
    }

    /// The states below `state` entering its history enters while nothing is recorded: the
    /// history's `default` with its default entry, the states between, and the default entry of
    /// the other regions of parallel states between (as a row to that state enters them); else
    /// `state`'s own default entry.
    private func historyDefaultEntry(of state: Int) -> [Int] {
        guard let target = tree.nodes[state].historyDefault else { return defaultChildren(of: state) }
        var entered = Set(defaultEntry(of: target))
        var child = target
        while let parent = tree.nodes[child].parent, parent != state {
            entered.insert(parent)
            if tree.nodes[parent].kind == .parallel {
                for region in tree.nodes[parent].children where region != child { entered.formUnion(defaultEntry(of: region)) }
            }
            child = parent
        }
        if tree.nodes[state].kind == .parallel {
            for region in tree.nodes[state].children where region != child { entered.formUnion(defaultEntry(of: region)) }
        }
        return entered.sorted()
    }

    /// The states below `state` its default entry enters, in document order.
    private func defaultChildren(of state: Int) -> [Int] {
        let node = tree.nodes[state]
        switch node.kind {
        case .atomic: return []
        case .compound: return node.initial.map { defaultEntry(of: $0) } ?? []
        case .parallel: return node.children.flatMap { defaultEntry(of: $0) }.sorted()
        }
    }

    /// `state` and the states its default entry enters below it, in document order.
    private func defaultEntry(of state: Int) -> [Int] {
        var found: [Int] = []
        var pending = [state]
        while let current = pending.popLast() {
            found.append(current)
            let node = tree.nodes[current]
            switch node.kind {
            case .atomic: break
            case .compound: if let initial = node.initial { pending.append(initial) }
            case .parallel: pending.append(contentsOf: node.children)
            }
        }
        return found.sorted()
    }
}
