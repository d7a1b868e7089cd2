/// Works out microsteps by the algorithm of the W3C SCXML recommendation (Appendix D): the
/// transitions' domains and exit sets, the history they record, the exit actions innermost first,
/// the rows' actions, the entry set with its default entries, the entry actions outermost first and
/// the completion events entering final states raises.
///
/// The compiler calls it once per (configuration, transition) and keeps the results; a reducer
/// calls it only for the rare microstep that takes transitions in several parallel regions at once.
package struct MicrostepPlanner: Sendable {
    let tree: StateTree
    let configurations: Configurations
    /// Per state, the ids of its entry and exit action blocks, in order.
    let entryBlocks: [[Int32]]
    let exitBlocks: [[Int32]]
    /// Per row, the id of its own action block.
    let rowBlocks: [Int32]
    /// Per state, the id of the block raising its completion event; -1 when no row is on it.
    let doneBlocks: [Int32]
    /// Per state, the id of its default entry's actions (`initial: { to, … }`); -1 for none.
    let initialBlocks: [Int32]
    /// The id of the spin's start's actions; -1 for none.
    let startBlock: Int32
    /// Per state, the hidden data slot of its history record; -1 for a state without history.
    package let historySlots: [Int]

    /// The configuration the spin starts in: the default entry of its initial state.
    static func initialConfiguration(of tree: StateTree, _ configurations: Configurations) -> Int {
        let empty = [[Int32]](repeating: [], count: tree.nodes.count)
        let planner = MicrostepPlanner(
            tree: tree, configurations: configurations, entryBlocks: empty, exitBlocks: empty, rowBlocks: [],
            doneBlocks: [Int32](repeating: -1, count: tree.nodes.count), initialBlocks: [Int32](repeating: -1, count: tree.nodes.count),
            startBlock: -1, historySlots: [Int](repeating: -1, count: tree.nodes.count))
        return planner.plan(from: nil, taking: [], record: { _ in 0 }).target
    }

    /// How many values a history record of `state` can take besides 0 (nothing recorded).
    package func recordCount(of state: Int) -> Int {
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
    package func plan(from configuration: Int?, taking transitions: [PlannedTransition], record: (Int) -> Int) -> PlannedMicrostep {
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
        var entries = EntrySet(tree: tree)
        if configuration == nil { entries.enter(tree.initialTargets, upTo: nil) }
        for transition in transitions {
            guard let target = transition.target, case .some(let domain) = domain(of: transition) else { continue }
            if transition.targetsHistory {
                // The recorded states (or the default entry) below the history's state, then the
                // states above them up to the domain. A step that exits the history's state
                // records it before it enters the target (SCXML's exitStates, then enterStates):
                // a row from S to history(S) restores what this very step recorded (W3C test 580).
                restore(target, record: recordedNow[target] ?? record(target), kind: transition.historyKind, upTo: domain, into: &entries)
            } else {
                entries.enter([target], upTo: domain)
            }
        }
        let entering = entries.states

        // Entry actions in document order, with the completion events of the final states entered.
        var after = activeSet.subtracting(exitedSet)
        var reentered: [Int] = []
        let entered = entering.sorted()
        // The spin's start's actions, before any entry action.
        if configuration == nil, startBlock >= 0 { blocks.append(startBlock) }
        for state in entered {
            if exitedSet.contains(state) { reentered.append(state) }
            after.insert(state)
            blocks += entryBlocks[state]
            // A default entry's actions: after the state's entry actions, before its children's.
            if initialBlocks[state] >= 0, entries.enteredByDefault.contains(state) { blocks.append(initialBlocks[state]) }
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

    /// Enters `state`'s `kind` history (nil: the kind it records) with record `record`, and the
    /// states above up to `domain`: with 0 (nothing recorded), its history's `default` with that
    /// state's default entry, or else what its default entry enters below it (its `initial`, or
    /// every region of a parallel state).
    private func restore(_ state: Int, record: Int, kind: HistoryKind?, upTo domain: Int?, into entries: inout EntrySet) {
        let node = tree.nodes[state]
        let defaultTargets = node.kind == .parallel ? node.children : node.initialTargets
        guard record > 0, let recorded = node.recordedHistory else {
            entries.enter(node.historyDefault.map { [$0] } ?? defaultTargets, upTo: domain)
            return
        }
        var child: Int?
        switch recorded {
        case .shallow:
            // A parallel state's shallow history is all its regions, each entered by default.
            if node.kind == .compound, node.children.indices.contains(record &- 1) { child = node.children[record &- 1] }
        case .deep:
            guard record &- 1 < configurations.subtreeCount[state] else { break }
            let states = configurations.states(of: tree, below: state, index: record &- 1)
            guard (kind ?? recorded) == .shallow else {
                entries.restore(states, upTo: domain)
                return
            }
            // A shallow history read from a deep record: the child that was active, entered by default.
            if node.kind == .compound { child = states.first { tree.nodes[$0].parent == state } }
        }
        entries.enter(child.map { [$0] } ?? defaultTargets, upTo: domain)
    }
}
