/// Rows that can never fire because rows tried before them always fire first. For the active
/// state and the event, the state's own rows are tried first, then its parent's and so on up, then
/// the rows of the whole spin (no `from`, or `from: any`), each state's in document order; the first
/// whose guard holds fires (docs/statecharts.md, rule 3). So a row whose every case rows tried
/// before it (one, or several together) already take is dead. Decided on the guards' meaning where
/// the analysis can see it (`GuardNormalizer`): `n < 5` then `n < 3`, `n >= 0` and `n < 0` then
/// anything, unguarded rows of every state then a row of the whole spin; and never when it cannot
/// tell — a guarded row followed by an unguarded catch-all (the "else" row) is not reported.
///
/// The places a row is tried in are the live leaves (atomic states; every state of a flat spin):
/// a row listing a compound state applies in each live leaf below it, after the rows of the states
/// in between. Rows are taken event by event: first the rows listing states, the innermost
/// states' first (deepest, then document order: for each leaf that is the order it tries them
/// in), each checked, and then filed, in the leaves it applies in: its guard normalized there,
/// against that leaf's cell; then the rows of the whole spin in document order, checked against
/// the earlier ones in the leaves without a cell, then in each leaf with one, and filed once,
/// whatever the number of leaves. So the work of a flat spin is linear in rows and in the states
/// rows list, not their product.
struct ShadowAnalysis {
    /// How many states with a cell of their own a row on any state is checked in, at most; beyond
    /// that it is not reported (a limit on pathological tables).
    static let stateChecksLimit = 256
    /// How many earlier rows are looked through to name the ones that fire first.
    static let blameLimit = 64

    private let spin: SpinModel
    private let live: [Bool]
    private let rowSources: [[Int]?]
    /// What the spin analysis gathered of each row in one pass: read here instead of each row's
    /// model, an object of its own, whose every read on a large table is a cache miss.
    private let rowFacts: [RowFacts]
    private var normalizer: GuardNormalizer
    /// The live leaves, as a set of the control-state variable's cases.
    private let liveStates: CaseSet
    private let liveCount: Int
    /// Whether some state has children: rows then apply in the leaves below their states, and the
    /// control state is not a guard's variable (`state == .S` means `active(.S)`).
    private let isNested: Bool
    private var cells: StateCells
    private(set) var diagnostics: [Diagnostic] = []
    /// The row each of `diagnostics` is about.
    private var reported: [Int] = []

    /// Checks the rows at `positions` (in document order; rows that never fire for other reasons
    /// left out) of `spin`, whose states are live as `live` says and whose rows apply in
    /// `rowSources` (nil: any state; in state order), whose facts are `rowFacts`.
    init(spin: SpinModel, live: [Bool], rowSources: [[Int]?], rowFacts: [RowFacts], positions: [Int]) {
        self.spin = spin
        self.live = live
        self.rowSources = rowSources
        self.rowFacts = rowFacts
        let nodes = spin.tree.nodes
        isNested = nodes.contains { !$0.isAtomic }
        normalizer = GuardNormalizer(controlCount: spin.controlCount)
        let isLiveLeaf = live.indices.map { live[$0] && (!nodes.indices.contains($0) || nodes[$0].isAtomic) }
        liveStates = CaseSet(count: live.count, members: Set(live.indices.filter { !isLiveLeaf[$0] }), isComplement: true)
        liveCount = isLiveLeaf.count { $0 }
        cells = StateCells(stateCount: live.count)
        // The events, and the eventless pseudo-event one past them.
        var byEvent = [[Int]](repeating: [], count: spin.events.count &+ 1)
        for position in positions where rowFacts.indices.contains(position) && byEvent.indices.contains(rowFacts[position].event) {
            byEvent[rowFacts[position].event].append(position)
        }
        for rows in byEvent where rows.count > 1 {
            check(rows)
        }
        keepWhollyShadowedDescriptors(positions)
    }

    /// A row on a descriptor (`on: door`, `on: '*'`) stands for one row per event it matches, and
    /// is written to take what the rows before it leave: it is reported only when it never fires
    /// for any of them, and then for each.
    private mutating func keepWhollyShadowedDescriptors(_ positions: [Int]) {
        guard reported.contains(where: { spin.transitions[$0].descriptor != nil }) else { return }
        var matched: [SourceLocation: Int] = [:]
        for position in positions {
            if let descriptor = spin.transitions[position].descriptor { matched[descriptor.location, default: 0] &+= 1 }
        }
        var shadowed: [SourceLocation: Set<Int>] = [:]
        for position in reported {
            if let descriptor = spin.transitions[position].descriptor { shadowed[descriptor.location, default: []].insert(position) }
        }
        var kept: [Diagnostic] = []
        for (diagnostic, position) in zip(diagnostics, reported) {
            if let descriptor = spin.transitions[position].descriptor,
                shadowed[descriptor.location, default: []].count < matched[descriptor.location, default: 0] {
                continue
            }
            kept.append(diagnostic)
        }
        diagnostics = kept
    }

    /// The live states the row at `position` lists, or nil for any state; the row's own array
    /// when they all are (the usual case: no copy per row).
    private func liveSources(_ position: Int) -> [Int]? {
        guard let sources = rowSources[position] else { return nil }
        if sources.allSatisfy({ live.indices.contains($0) && live[$0] }) { return sources }
        return sources.filter { live.indices.contains($0) && live[$0] }
    }

    /// The live leaves the row at `position` applies in, in state order, or nil for any state.
    private func liveLeaves(_ position: Int) -> [Int]? {
        guard let sources = liveSources(position) else { return nil }
        guard isNested else { return sources }
        var leaves: [Int] = []
        for source in sources { forEachLiveLeaf(below: source) { leaves.append($0) } }
        return Array(Set(leaves)).sorted()
    }

    /// Calls `body` with each live leaf at or below `state` (itself, for a leaf), in state order.
    private func forEachLiveLeaf(below state: Int, _ body: (Int) -> Void) {
        Self.forEachLiveLeaf(below: state, nodes: spin.tree.nodes, live: live, isNested: isNested, body)
    }

    /// The same, for a mutating method whose `body` changes the analysis (files a row in `cells`).
    /// Static because Swift copies the whole analysis around a call of the method above with such
    /// a body (the method reads `self` while the body modifies it), and the copy shares the cells'
    /// arrays, one entry per state, which the body's first write then copies: per row, so that a
    /// table's check costs rows times states.
    private static func forEachLiveLeaf(below state: Int, nodes: [StateNode], live: [Bool], isNested: Bool, _ body: (Int) -> Void) {
        guard isNested, nodes.indices.contains(state), !nodes[state].isAtomic else {
            body(state)
            return
        }
        for leaf in state..<nodes[state].end where leaf < live.count && live[leaf] && nodes[leaf].isAtomic {
            body(leaf)
        }
    }

    /// The guard of the row at `position`; its model is read only when it has one.
    private func guardTree(of position: Int) -> TypedExpression? {
        guard rowFacts.indices.contains(position), rowFacts[position].hasGuard else { return nil }
        return spin.transitions[position].guardTree
    }

    /// The tree depth of `state` (0 for a top-level state and in a flat spin).
    private func depth(_ state: Int) -> Int {
        spin.tree.nodes.indices.contains(state) ? spin.tree.nodes[state].depth : 0
    }

    /// The state a guard is normalized in: the leaf in a flat spin (where `state == .idle` is then
    /// known); none in a nested one, whose guards do not read the control state.
    private func guardState(_ leaf: Int) -> Int? {
        isNested ? nil : leaf
    }

    /// The one control state `state`, as the control-state variable's set.
    private func only(_ state: Int) -> CaseSet {
        CaseSet(count: live.count, members: [state])
    }

    private mutating func check(_ rows: [Int]) {
        cells.startRound()
        var filed: [Int] = []
        checkRowsOfStates(rows, filed: &filed)
        checkRowsOfTheSpin(rows, filed: &filed)
    }

    /// The rows listing states, innermost states first: each row is shadowed when it is in every
    /// leaf of every state it lists.
    private mutating func checkRowsOfStates(_ rows: [Int], filed: inout [Int]) {
        // (depth, the row's index in `rows`, its live states at that depth): one entry per row
        // and depth; in a flat spin one per row, its states the row's own array.
        var entries: [(depth: Int, index: Int, sources: [Int])] = []
        for (index, position) in rows.enumerated() {
            guard let sources = liveSources(position), !sources.isEmpty else { continue }
            guard isNested else {
                entries.append((0, index, sources))
                continue
            }
            var depths: [Int] = []
            for source in sources where !depths.contains(depth(source)) { depths.append(depth(source)) }
            for level in depths {
                entries.append((level, index, sources.filter { depth($0) == level }))
            }
        }
        guard !entries.isEmpty else { return }
        if isNested {
            entries.sort { $0.depth != $1.depth ? $0.depth > $1.depth : $0.index < $1.index }
        }
        // Per row: whether it is shadowed at every depth checked so far, whether it was filed, and
        // how many rows had been filed when its last entry was checked (the ones the message may
        // name).
        var isShadowed = [Bool](repeating: true, count: rows.count)
        var isFiled = [Bool](repeating: false, count: rows.count)
        var filedBefore = [Int](repeating: 0, count: rows.count)
        let nodes = spin.tree.nodes
        for entry in entries {
            let guardTree = guardTree(of: rows[entry.index])
            var shadowed = true
            if liveCount == 0 || cells.fullCount < liveCount {
                for source in entry.sources where shadowed {
                    Self.forEachLiveLeaf(below: source, nodes: nodes, live: live, isNested: isNested) { leaf in
                        guard shadowed, !cells.isFull(leaf) else { return }
                        guard let cell = cells.coverage(of: leaf) else {
                            shadowed = false
                            return
                        }
                        let condition = normalizer.condition(of: guardTree, inState: guardState(leaf))
                        shadowed = condition.allSatisfy { cell.covers($0, inStates: only(leaf)) }
                    }
                }
            }
            filedBefore[entry.index] = filed.count
            if shadowed { continue }
            isShadowed[entry.index] = false
            if !isFiled[entry.index] {
                isFiled[entry.index] = true
                filed.append(rows[entry.index])
            }
            for source in entry.sources {
                Self.forEachLiveLeaf(below: source, nodes: nodes, live: live, isNested: isNested) { leaf in
                    guard !cells.isFull(leaf) else { return }
                    cells.file(normalizer.condition(of: guardTree, inState: guardState(leaf)), in: leaf, liveStates: liveStates)
                }
            }
        }
        for (index, position) in rows.enumerated() where isShadowed[index] {
            guard let sources = liveSources(position) else { continue }
            diagnostics.append(diagnostic(for: position, sources: sources, amongEarlier: Array(filed.prefix(filedBefore[index]))))
            reported.append(position)
        }
    }

    /// The rows of the whole spin, in document order, after every state's rows.
    private mutating func checkRowsOfTheSpin(_ rows: [Int], filed: inout [Int]) {
        var anyState = GuardCoverage(liveStates: liveStates)
        // The live leaves without a cell of their own, made when a row first needs it.
        var uncelled: CaseSet?
        for position in rows where rowSources[position] == nil {
            let guardTree = guardTree(of: position)
            var shadowed = anyState.isTotal || (liveCount > 0 && cells.fullCount == liveCount)
            if !shadowed {
                let condition = normalizer.condition(of: guardTree, inState: nil)
                if cells.listed.count < liveCount {
                    // Leaves no state's row took anything of: only the spin's earlier rows can.
                    if !anyState.isEmpty {
                        if uncelled == nil {
                            var states = liveStates
                            for state in cells.listed { states.remove(state) }
                            uncelled = states
                        }
                        shadowed = !condition.isEmpty && condition.allSatisfy { anyState.covers($0, inStates: uncelled ?? liveStates) }
                    }
                } else {
                    shadowed = !condition.isEmpty
                }
                if shadowed {
                    let open = cells.listed.filter { !cells.isFull($0) }
                    if open.count > Self.stateChecksLimit {
                        shadowed = false
                    } else {
                        for state in open {
                            guard let cell = cells.coverage(of: state) else { continue }
                            let specialized = normalizer.condition(of: guardTree, inState: guardState(state))
                            if !specialized.allSatisfy({ cell.covers($0, inStates: only(state), alongWith: anyState) }) {
                                shadowed = false
                                break
                            }
                        }
                    }
                }
            }
            if shadowed {
                diagnostics.append(diagnostic(for: position, sources: nil, amongEarlier: filed))
                reported.append(position)
                continue
            }
            filed.append(position)
            anyState.add(normalizer.condition(of: guardTree, inState: nil))
        }
    }

    // MARK: The message

    /// The warning for the row at `position`, naming the first of the rows tried before it
    /// (`earlier`, in the order they are tried) that can fire where it could.
    private mutating func diagnostic(for position: Int, sources: [Int]?, amongEarlier earlier: [Int]) -> Diagnostic {
        let row = spin.transitions[position]
        var blamed: [Int] = []
        for candidate in earlier.prefix(Self.blameLimit) where blamed.count < 4 {
            if canFireTogether(candidate, position) { blamed.append(candidate) }
        }
        // Named in document order, whichever order they are tried in.
        blamed.sort()
        let location = row.declaration.location
        // A row on this row's line (a flow-style list) is told apart by its column.
        var sameLine = false
        let places = blamed.prefix(3).map { candidate -> String in
            let at = spin.transitions[candidate].declaration.location
            guard at.line == location.line else { return "\(at.line)" }
            sameLine = true
            return "\(at.line), column \(at.column)"
        }
        let rows: String
        if places.isEmpty {
            rows = "earlier rows fire"
        } else if places.count == 1 {
            rows = "the row at line \(places[0]) fires"
        } else {
            let listed = sameLine ? places.map { "line " + $0 } : places
            let last = blamed.count > 3 ? "others" : (listed.last ?? "")
            let head = blamed.count > 3 ? listed : Array(listed.dropLast())
            rows = "the rows at " + (sameLine ? "" : "lines ") + head.joined(separator: ", ") + " and " + last + " fire"
        }
        let on = spin.events.indices.contains(row.event) ? "on '\(spin.events[row.event].name.text)'" : "without an event"
        var inState = ""
        if spin.hasControlStates, let sources, sources.count == 1, let state = sources.first, spin.states.indices.contains(state) {
            inState = " in state '\(spin.states[state].text)'"
        }
        return Diagnostic(.shadowedTransition, at: location, ["on": on, "inState": inState, "rows": rows])
    }

    /// Whether the rows at `first` and `second` can both fire in some (live) state for some data
    /// and payload, as far as their normal forms tell.
    private mutating func canFireTogether(_ first: Int, _ second: Int) -> Bool {
        let a = liveLeaves(first), b = liveLeaves(second)
        var states: [Int?]
        switch (a, b) {
        case (nil, nil): states = [nil]
        case (let listed?, nil), (nil, let listed?): states = listed.prefix(4).map { $0 }
        case (let one?, let other?): states = one.filter { other.contains($0) }.prefix(4).map { $0 }
        }
        for state in states {
            let x = normalizer.condition(of: guardTree(of: first), inState: state.flatMap(guardState))
            let y = normalizer.condition(of: guardTree(of: second), inState: state.flatMap(guardState))
            if x.contains(where: { c in y.contains { c.and($0) != nil } }) { return true }
        }
        return false
    }
}
