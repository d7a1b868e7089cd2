/// Rows that can never fire because earlier rows always fire first: rows are tried in document
/// order and the first whose guard holds fires, so a row whose every case an earlier row (or
/// several together) already takes is dead. Decided on the guards' meaning where the analysis can
/// see it (`GuardNormalizer`): `n < 5` then `n < 3`, `n >= 0` and `n < 0` then anything,
/// `from: any, when: state != .busy` and `from: busy` then `from: any`; and never when it cannot
/// tell — a guarded row followed by an unguarded catch-all (the "else" row) is not reported.
///
/// Rows are taken event by event, in document order. A row listing its `from` states is checked,
/// and then filed, in each of those (live) states: its guard normalized there, against that
/// state's cell and the rows on any state. A row on any state is checked against the rows on any
/// state in the states without a cell, then in each state with one; and filed once, whatever the
/// number of states. So the work is linear in rows and in the states rows list, not their product.
struct ShadowAnalysis {
    /// How many states with a cell of their own a row on any state is checked in, at most; beyond
    /// that it is not reported (a limit on pathological tables).
    static let stateChecksLimit = 256
    /// How many earlier rows are looked through to name the ones that fire first.
    static let blameLimit = 64

    private let spin: SpinModel
    private let live: [Bool]
    private let rowSources: [[Int]?]
    private var normalizer: GuardNormalizer
    /// The live control states, as a set of the control-state variable's cases.
    private let liveStates: CaseSet
    private let liveCount: Int
    private var cells: StateCells
    private(set) var diagnostics: [Diagnostic] = []

    /// Checks the rows at `positions` (in document order; rows that never fire for other reasons
    /// left out) of `spin`, whose states are live as `live` says and whose rows apply in
    /// `rowSources` (nil: any state; in state order).
    init(spin: SpinModel, live: [Bool], rowSources: [[Int]?], positions: [Int]) {
        self.spin = spin
        self.live = live
        self.rowSources = rowSources
        normalizer = GuardNormalizer(controlCount: spin.controlCount)
        liveStates = CaseSet(count: live.count, members: Set(live.indices.filter { !live[$0] }), isComplement: true)
        liveCount = live.count { $0 }
        cells = StateCells(stateCount: live.count)
        var byEvent = [[Int]](repeating: [], count: spin.events.count)
        for position in positions where byEvent.indices.contains(spin.transitions[position].event) {
            byEvent[spin.transitions[position].event].append(position)
        }
        for rows in byEvent where rows.count > 1 {
            check(rows)
        }
    }

    /// The live states the row at `position` lists, or nil for any state; the row's own array
    /// when they all are (the usual case: no copy per row).
    private func liveSources(_ position: Int) -> [Int]? {
        guard let sources = rowSources[position] else { return nil }
        if sources.allSatisfy({ live.indices.contains($0) && live[$0] }) { return sources }
        return sources.filter { live.indices.contains($0) && live[$0] }
    }

    /// The one control state `state`, as the control-state variable's set.
    private func only(_ state: Int) -> CaseSet {
        CaseSet(count: live.count, members: [state])
    }

    private mutating func check(_ rows: [Int]) {
        var anyState = GuardCoverage(liveStates: liveStates)
        cells.startRound()
        // The live states without a cell of their own, made when a row on any state first needs it.
        var uncelled: CaseSet?
        var filed: [Int] = []
        for position in rows {
            let guardTree = spin.transitions[position].guardTree
            let sources = liveSources(position)
            var shadowed = anyState.isTotal || (liveCount > 0 && cells.fullCount == liveCount)
            if !shadowed, let sources {
                shadowed = sources.allSatisfy { state in
                    if cells.isFull(state) { return true }
                    let cell = cells.coverage(of: state)
                    // Nothing filed that could take this state's cases.
                    if cell == nil, anyState.isEmpty { return false }
                    let condition = normalizer.condition(of: guardTree, inState: state)
                    return condition.allSatisfy { conjunction in
                        cell.map { $0.covers(conjunction, inStates: only(state), alongWith: anyState) }
                            ?? anyState.covers(conjunction, inStates: only(state))
                    }
                }
            } else if !shadowed, !anyState.isEmpty {
                if uncelled == nil {
                    var states = liveStates
                    for state in cells.listed { states.remove(state) }
                    uncelled = states
                }
                let condition = normalizer.condition(of: guardTree, inState: nil)
                shadowed = !condition.isEmpty && condition.allSatisfy { anyState.covers($0, inStates: uncelled ?? liveStates) }
                if shadowed {
                    let open = cells.listed.filter { !cells.isFull($0) }
                    if open.count > Self.stateChecksLimit {
                        shadowed = false
                    } else {
                        for state in open {
                            guard let cell = cells.coverage(of: state) else { continue }
                            let specialized = normalizer.condition(of: guardTree, inState: state)
                            if !specialized.allSatisfy({ cell.covers($0, inStates: only(state), alongWith: anyState) }) {
                                shadowed = false
                                break
                            }
                        }
                    }
                }
            }
            if shadowed {
                diagnostics.append(diagnostic(for: position, sources: sources, amongEarlier: filed))
                continue
            }
            filed.append(position)
            guard let sources else {
                anyState.add(normalizer.condition(of: guardTree, inState: nil))
                continue
            }
            for state in sources where !cells.isFull(state) {
                if uncelled != nil, cells.coverage(of: state) == nil { uncelled?.remove(state) }
                cells.file(normalizer.condition(of: guardTree, inState: state), in: state, liveStates: liveStates)
            }
        }
    }

    // MARK: The message

    /// The warning for the row at `position`, naming the first earlier rows (of `earlier`, in
    /// document order) that can fire where it could.
    private mutating func diagnostic(for position: Int, sources: [Int]?, amongEarlier earlier: [Int]) -> Diagnostic {
        let row = spin.transitions[position]
        var blamed: [Int] = []
        for candidate in earlier.prefix(Self.blameLimit) where blamed.count < 4 {
            if canFireTogether(candidate, position) { blamed.append(candidate) }
        }
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
        let event = spin.events.indices.contains(row.event) ? spin.events[row.event].name.text : "?"
        var inState = ""
        if spin.hasControlStates, let sources, sources.count == 1, let state = sources.first, spin.states.indices.contains(state) {
            inState = " in state '\(spin.states[state].text)'"
        }
        return Diagnostic(.shadowedTransition, at: location, ["event": event, "inState": inState, "rows": rows])
    }

    /// Whether the rows at `first` and `second` can both fire in some (live) state for some data
    /// and payload, as far as their normal forms tell.
    private mutating func canFireTogether(_ first: Int, _ second: Int) -> Bool {
        let a = liveSources(first), b = liveSources(second)
        var states: [Int?]
        switch (a, b) {
        case (nil, nil): states = [nil]
        case (let listed?, nil), (nil, let listed?): states = listed.prefix(4).map { $0 }
        case (let one?, let other?): states = one.filter { other.contains($0) }.prefix(4).map { $0 }
        }
        for state in states {
            let x = normalizer.condition(of: spin.transitions[first].guardTree, inState: state)
            let y = normalizer.condition(of: spin.transitions[second].guardTree, inState: state)
            if x.contains(where: { c in y.contains { c.and($0) != nil } }) { return true }
        }
        return false
    }
}
