/// The per-spin analyses: reachability, ways out, dead rows, unemitted events, shadowed rows.
///
/// Rows are referred to by their position in `spin.transitions`, and the states each applies in
/// are worked out once, so that every analysis is linear in rows and states (plus, for a row on
/// `any` state, one entry per state).
struct SpinAnalysis {
    let spin: SpinModel
    /// Whether each state (by index) is reachable from the initial state; `[true]` for a data-only
    /// spin.
    let reachable: [Bool]
    /// Whether each state is reachable and not final: the only states in which a row can fire.
    let live: [Bool]
    /// For each row, the states it applies in, in state order without repeats; nil for any state.
    private let rowSources: [[Int]?]
    /// For each row, what the analyses read of it, gathered in one pass: each row is its own object,
    /// and reading them again in every analysis would be a cache miss per row and analysis.
    private let rowFacts: [RowFacts]
    /// For each state, the rows listing it in `from`, and the rows on any state; rows whose guard is
    /// the literal `false` are left out (see `rowsApplying`).
    private let rowsByState: [[Int]]
    private let anyStateRows: [Int]
    /// For a statechart, the configurations reached (`reachable` and `live` are then per state:
    /// active in a reached configuration, and in a reached one that is not final).
    private let statechartReach: StatechartReachability?
    private(set) var diagnostics: [Diagnostic] = []

    init(_ spin: SpinModel) {
        self.spin = spin
        var rowSources: [[Int]?] = []
        var rowFacts: [RowFacts] = []
        rowSources.reserveCapacity(spin.transitions.count)
        rowFacts.reserveCapacity(spin.transitions.count)
        for row in spin.transitions {
            rowSources.append(Self.sortedSources(row.sources))
            rowFacts.append(RowFacts(
                event: row.event, target: row.target, isNeverTaken: Self.isNeverTaken(row), hasGuard: row.guardExpression != nil,
                emitted: row.actions?.emit?.event))
        }
        self.rowSources = rowSources
        self.rowFacts = rowFacts
        (rowsByState, anyStateRows) = Self.rowsApplying(spin, rowSources: rowSources, rowFacts: rowFacts)
        let count = spin.controlCount
        if let chart = spin.statechart {
            let reach = StatechartReachability(spin, chart, isNeverTaken: { rowFacts[$0].isNeverTaken })
            statechartReach = reach
            var reachable = [Bool](repeating: false, count: spin.states.count)
            var live = reachable
            for configuration in 0..<spin.configurations.count where reach.reachable[configuration] {
                let isFinal = spin.configurations.isFinal[configuration]
                for state in spin.configurations.activeStates(configuration) {
                    reachable[Int(state)] = true
                    if !isFinal { live[Int(state)] = true }
                }
            }
            self.reachable = reachable
            self.live = live
        } else if spin.hasControlStates {
            statechartReach = nil
            let reached = Self.reachableStates(of: spin, rowsByState: rowsByState, anyStateRows: anyStateRows, rowFacts: rowFacts)
            reachable = reached
            live = reached.indices.map { reached[$0] && !spin.finalStates.contains($0) }
        } else {
            statechartReach = nil
            // A data-only spin has one implicit state that it never leaves and that is not final.
            reachable = [Bool](repeating: true, count: count)
            live = reachable
        }
        if spin.hasControlStates {
            checkReachability()
            checkWaysOut()
        }
        let mayFire = checkDeadRows()
        checkEmittedEvents()
        checkShadowedRows(mayFire)
        if let reach = statechartReach, let chart = spin.statechart {
            diagnostics += EventlessCycles.diagnostics(for: spin, chart: chart, reach: reach, isNeverTaken: { rowFacts[$0].isNeverTaken })
        }
    }

    private var spinName: String { spin.name.text }

    /// Whether the row's guard is the literal `false`: such a row is never taken.
    private static func isNeverTaken(_ row: TransitionModel) -> Bool {
        guard let guardExpression = row.guardTree else { return false }
        // Matched rather than compared with `==`, which would box a `.constant(.bool(false))` (the
        // kind is an indirect enum) on every call, and this is asked several times per row.
        if case .constant(.bool(false)) = guardExpression.kind { return true }
        return false
    }

    /// `sources` in state order without repeats; the array itself when it already is (the usual case).
    private static func sortedSources(_ sources: [Int]?) -> [Int]? {
        guard let sources else { return nil }
        var ordered = true
        var index = 1
        while index < sources.count {
            if sources[index &- 1] >= sources[index] {
                ordered = false
                break
            }
            index &+= 1
        }
        return ordered ? sources : Array(Set(sources)).sorted()
    }

    /// Whether `state` is a valid index into a per-state array.
    private func isState(_ state: Int) -> Bool {
        state >= 0 && state < live.count
    }

    /// Whether the row at `position` applies in some live state.
    private func appliesInLiveState(_ position: Int) -> Bool {
        guard let sources = rowSources[position] else { return live.contains(true) }
        return sources.contains { isState($0) && live[$0] }
    }

    /// Calls `body` with each live state the row at `position` applies in, in state order.
    private func forEachLiveSource(of position: Int, _ body: (Int) -> Void) {
        if let sources = rowSources[position] {
            for state in sources where isState(state) && live[state] { body(state) }
        } else {
            for state in live.indices where live[state] { body(state) }
        }
    }

    // MARK: Reachability

    /// A graph search from the initial state, ignoring guards except the literal `false`. A final
    /// state is not expanded: the spin stops there, so rows out of it never fire. Only the set of
    /// reached states matters, so the visiting order does not (a stack is simplest).
    private static func reachableStates(of spin: SpinModel, rowsByState: [[Int]], anyStateRows: [Int], rowFacts: [RowFacts]) -> [Bool] {
        let count = spin.controlCount
        var reached = [Bool](repeating: false, count: count)
        var pending: [Int] = []
        func reach(_ state: Int) {
            guard state >= 0, state < count, !reached[state] else { return }
            reached[state] = true
            pending.append(state)
        }
        reach(spin.initialState)
        // Rows on any state lead to the same places from every state, so they are followed once.
        var followedAnyStateRows = false
        while let state = pending.popLast() {
            if spin.finalStates.contains(state) { continue }
            for position in rowsByState[state] {
                reach(rowFacts[position].target ?? state)
            }
            if !followedAnyStateRows {
                followedAnyStateRows = true
                for position in anyStateRows {
                    if let target = rowFacts[position].target { reach(target) }
                }
            }
        }
        return reached
    }

    /// For each control state, the positions of the rows listing it in `from`, in document order;
    /// and the rows on any state. Rows whose guard is the literal `false` are left out. An index
    /// built once so that the analyses are linear in rows and states rather than their product.
    private static func rowsApplying(_ spin: SpinModel, rowSources: [[Int]?], rowFacts: [RowFacts]) -> (byState: [[Int]], anyState: [Int]) {
        let count = spin.controlCount
        var byState = [[Int]](repeating: [], count: count)
        var anyState: [Int] = []
        for position in rowFacts.indices where !rowFacts[position].isNeverTaken {
            guard let sources = rowSources[position] else {
                anyState.append(position)
                continue
            }
            for state in sources where state >= 0 && state < count {
                byState[state].append(position)
            }
        }
        return (byState, anyState)
    }

    private mutating func checkReachability() {
        let initial = spin.tree.initial
        let initialName = spin.states.indices.contains(initial) ? spin.states[initial].text : "?"
        for (index, state) in spin.states.enumerated() where !(isState(index) && reachable[index]) {
            diagnostics.append(Diagnostic(
                .unreachableState, at: state.location, ["state": state, "spin": spinName, "initial": initialName]))
        }
    }

    // MARK: Ways out

    /// A reachable, non-final state must have a row that can take it elsewhere. Unreachable states
    /// are skipped: they are already reported, and whether they can be left does not matter while
    /// nothing leads into them.
    private mutating func checkWaysOut() {
        if let reach = statechartReach {
            checkWaysOut(reach)
            return
        }
        // A row on any state is a way out of every state but its target; two different targets are
        // a way out of every state.
        var anyStateTargets: [Int] = []
        for position in anyStateRows {
            guard let target = rowFacts[position].target, !anyStateTargets.contains(target) else { continue }
            anyStateTargets.append(target)
            if anyStateTargets.count == 2 { break }
        }
        for (index, state) in spin.states.enumerated() where isState(index) && live[index] {
            let hasWayOut = anyStateTargets.contains { $0 != index } || rowsByState[index].contains { position in
                guard let target = rowFacts[position].target else { return false }
                return target != index
            }
            if !hasWayOut {
                diagnostics.append(Diagnostic(.noWayOut, at: state.location, ["state": state, "spin": spinName]))
            }
        }
    }

    /// A statechart: a reached configuration that is not final must have a microstep to another
    /// one; its active states are reported when it has none.
    private mutating func checkWaysOut(_ reach: StatechartReachability) {
        var reported = Set<Int>()
        for configuration in 0..<spin.configurations.count
        where reach.reachable[configuration] && !reach.hasWayOut[configuration] && !spin.configurations.isFinal[configuration] {
            for leaf in spin.configurations.leaves(of: configuration) where reported.insert(leaf).inserted {
                let state = spin.states[leaf]
                diagnostics.append(Diagnostic(.noWayOut, at: state.location, ["state": state, "spin": spinName]))
            }
        }
    }

    // MARK: Dead rows

    /// Reports the rows that can never fire, and returns the positions of the others.
    private mutating func checkDeadRows() -> [Int] {
        var mayFire: [Int] = []
        mayFire.reserveCapacity(spin.transitions.count)
        let defers = spin.tree.nodes.contains { !$0.deferred.isEmpty }
        for position in spin.transitions.indices {
            // Read only for a finding: each row's model is an object of its own, and reading it is
            // a cache miss per row of a large table.
            var location: SourceLocation { spin.transitions[position].declaration.location }
            if rowFacts[position].isNeverTaken {
                diagnostics.append(Diagnostic(.alwaysFalseGuard, at: location))
            } else if let why = deadSourcesReason(position) {
                diagnostics.append(Diagnostic(.transitionFromDeadState, at: location, ["why": why]))
            } else if defers, let deferring = deferringState(position) {
                diagnostics.append(Diagnostic(
                    .rowOnDeferredEvent, at: location,
                    ["event": spin.events[spin.transitions[position].event].name, "state": spin.tree.nodes[deferring].name]))
            } else {
                mayFire.append(position)
            }
        }
        return mayFire
    }

    /// A state that defers the row's event wherever the row could fire (each of its sources, or a
    /// state above each, defers it: rule 19), so that the row never does; nil when none does.
    private func deferringState(_ position: Int) -> Int? {
        let row = spin.transitions[position]
        guard let sources = rowSources[position], !sources.isEmpty, spin.events.indices.contains(row.event) else { return nil }
        var first: Int?
        for source in sources {
            // The source, then the states above it.
            var state: Int? = source
            while let current = state, spin.tree.nodes.indices.contains(current),
                  !spin.tree.nodes[current].deferred.contains(row.event) {
                state = spin.tree.nodes[current].parent
            }
            guard let deferring = state, spin.tree.nodes.indices.contains(deferring) else { return nil }
            if first == nil { first = deferring }
        }
        return first
    }

    /// What the source states of the row at `position` are when it applies in no live state
    /// (`final`, `unreachable`, `final or unreachable`), or nil when it may fire.
    private func deadSourcesReason(_ position: Int) -> String? {
        if let reach = statechartReach, reach.rowApplies[position] { return nil }
        guard spin.hasControlStates else { return nil }
        if appliesInLiveState(position) { return nil }
        let states = rowSources[position] ?? Array(live.indices)
        if states.allSatisfy(spin.finalStates.contains) { return "final" }
        if states.allSatisfy({ !(isState($0) && reachable[$0]) }) { return "unreachable" }
        return "final or unreachable"
    }

    // MARK: Shadowed rows

    /// Rows that never fire because earlier rows always fire first (`ShadowAnalysis`), among those
    /// that `checkDeadRows` found may fire: the others are reported as dead already.
    private mutating func checkShadowedRows(_ mayFire: [Int]) {
        diagnostics += ShadowAnalysis(spin: spin, live: live, rowSources: rowSources, rowFacts: rowFacts, positions: mayFire).diagnostics
    }

    // MARK: Events

    /// An event that is not an input and that no rule can emit never occurs, so every row on it is
    /// dead weight; usually it is a missing `inputs` entry.
    private mutating func checkEmittedEvents() {
        var emitted = Set(spin.events.indices.filter { spin.events[$0].isInput })
        for feedback in spin.feedbacks {
            for rule in feedback.cases {
                switch rule.action {
                case .emit(let emit):
                    emitted.insert(emit.event)
                case .choose(let branches):
                    emitted.formUnion(branches.map(\.emit.event))
                case .effect(_, let simulate?):
                    emitted.formUnion(simulate.outcome.map(\.emit.event))
                case .effect(_, nil):
                    // A host effect may answer with any event of the spin: nothing can be said.
                    return
                case .propagate, .render:
                    break
                }
            }
        }
        // The resolver already requires script events to be inputs; counting them keeps this check
        // independent of that rule.
        emitted.formUnion(spin.script.map(\.emit.event))
        // Rows and entry and exit actions raise events too; completion events are raised by the
        // states they complete.
        for facts in rowFacts {
            if let event = facts.emitted { emitted.insert(event) }
        }
        for block in spin.tree.actionBlocks.flatMap(\.nested) {
            if let emit = block.emit { emitted.insert(emit.event) }
        }
        for (index, event) in spin.events.enumerated() where !emitted.contains(index) && event.completedState == nil {
            diagnostics.append(Diagnostic(.neverEmittedEvent, at: event.name.location, ["event": event.name, "spin": spinName]))
        }
    }
}
