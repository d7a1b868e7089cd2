/// The microsteps of a statechart spin, worked out once from its tree and its rows: for each
/// configuration and event, the transitions to try in priority order, and for each of them what
/// taking it does (the configuration after it, the history it records, the exit, row and entry
/// actions in order, the completion events raised, the entry parities flipped).
///
/// Priority (SCXML's `selectTransitions`): for each active leaf in document order, its own rows,
/// then its parent's, up to the rows of the whole spin, each state's rows in document order; the
/// first whose guard holds is that leaf's transition. With one active leaf that is the whole
/// choice; with parallel regions the leaves' choices are taken together unless they conflict.
///
/// Everything a step reads is plain numbers in flat arrays, so a step allocates nothing unless it
/// takes transitions in several regions at once (then `planner` works the microstep out).
package final class Statechart: Sendable {
    package let planner: MicrostepPlanner
    /// What each action block is, by id.
    package let blockSources: [ActionBlockSource]
    /// The events plus the eventless pseudo-event: the width of a row of `cells`.
    package let columns: Int
    /// `cells[configuration * columns + kind]`: the candidates to try, in priority order.
    package let cells: [Range<Int>]
    /// Per cell, when its configuration has several active leaves: the ranges of `groupEnds`
    /// giving where each leaf's candidates end. Empty (one group) otherwise.
    package let groups: [Range<Int>]
    package let groupEnds: [Int]
    package let candidates: [StatechartCandidate]
    package let plans: [MicrostepPlan]
    package let sequence: [Int32]
    package let writes: [SlotWrite]
    package let flips: [ParityFlip]
    /// The entry of the initial configuration, run to make the initial state.
    package let initialPlan: MicrostepPlan
    /// The hidden data slots after the spin's fields: history records, then entry parities.
    package let hiddenSlotCount: Int
    /// Per state, the entry parity it flips when it is entered again (states an `enter` rule
    /// watches and some row re-enters); nil for others.
    package let parity: [ParityFlip?]
    /// Whether any row is eventless.
    package let hasEventlessRows: Bool
    /// The first hidden slot.
    package let firstHiddenSlot: Int
    /// Per plan that exits and enters a state again, the states it exits and enters (what a
    /// trace tells of the step; read only when a trace is written).
    package let reentries: [Int: Reentry]
    /// Per action block, whether its expressions read the configuration (`active(.S)`): such a
    /// block runs at its moment of the microstep (`ActionMoment`), not in the configuration the
    /// step started from.
    package let blockReadsActive: [Bool]
    /// Whether any action block reads the configuration.
    package let actionsReadActive: Bool

    /// The events the states defer, and where they wait; nil when no state defers any.
    package let deferral: Deferral?

    /// The most microsteps a spin's table may hold.
    static let microstepLimit = 1_000_000

    private init(
        planner: MicrostepPlanner, blockSources: [ActionBlockSource], columns: Int, cells: [Range<Int>],
        groups: [Range<Int>], groupEnds: [Int], candidates: [StatechartCandidate], plans: [MicrostepPlan],
        sequence: [Int32], writes: [SlotWrite], flips: [ParityFlip], initialPlan: MicrostepPlan, hiddenSlotCount: Int,
        parity: [ParityFlip?], hasEventlessRows: Bool, firstHiddenSlot: Int, reentries: [Int: Reentry], blockReadsActive: [Bool],
        deferral: Deferral?
    ) {
        self.deferral = deferral
        self.planner = planner
        self.blockSources = blockSources
        self.columns = columns
        self.cells = cells
        self.groups = groups
        self.groupEnds = groupEnds
        self.candidates = candidates
        self.plans = plans
        self.sequence = sequence
        self.writes = writes
        self.flips = flips
        self.initialPlan = initialPlan
        self.hiddenSlotCount = hiddenSlotCount
        self.parity = parity
        self.hasEventlessRows = hasEventlessRows
        self.firstHiddenSlot = firstHiddenSlot
        self.reentries = reentries
        self.blockReadsActive = blockReadsActive
        self.actionsReadActive = blockReadsActive.contains(true)
    }

    /// Whether a spin needs a statechart rather than the flat table: a state with children, entry
    /// or exit actions, a completion event, a row that is eventless, targets a history, is internal
    /// or raises or propagates an event, or a state an `enter` rule watches that a row re-enters
    /// (its rule must fire again).
    static func isNeeded(tree: StateTree, transitions: [TransitionModel], events: [EventModel], watched: Set<Int>) -> Bool {
        if !tree.isFlat { return true }
        if tree.nodes.contains(where: { !$0.entry.isEmpty || !$0.exit.isEmpty || $0.initialActions != nil }) { return true }
        if tree.initialActions != nil || tree.initialTargets.count > 1 { return true }
        if tree.nodes.contains(where: { !$0.deferred.isEmpty }) { return true }
        if events.contains(where: { $0.completedState != nil }) { return true }
        let eventless = events.count
        for row in transitions {
            if row.statechart != nil || row.event == eventless { return true }
            if let target = row.target, watched.contains(target), row.sources?.contains(target) ?? true { return true }
        }
        return false
    }

    /// What went wrong building a statechart.
    enum Failure: Error {
        case tooManyMicrosteps
    }

    /// Works out the microsteps of a spin.
    ///
    /// - Parameters:
    ///   - fieldCount: the spin's data fields; the hidden slots follow them.
    ///   - watched: the states `enter` rules name.
    static func build(
        tree: StateTree, configurations: Configurations, transitions: [TransitionModel], events: [EventModel],
        fieldCount: Int, watched: Set<Int>, limit: Int = Statechart.microstepLimit
    ) throws(Failure) -> Statechart {
        var builder = StatechartBuilder(
            tree: tree, configurations: configurations, transitions: transitions, events: events,
            fieldCount: fieldCount, watched: watched, limit: limit)
        try builder.countMicrosteps()
        try builder.addCandidates()
        let (parity, paritySlotCount) = builder.entryParities()
        var hiddenSlotCount = builder.historyEnd &- fieldCount &+ paritySlotCount
        // The deferred events' queue takes the slots after the entry parities.
        let deferral = builder.deferral(firstSlot: fieldCount &+ hiddenSlotCount)
        if let deferral { hiddenSlotCount &+= deferral.slotCount }
        let (plans, reentries) = builder.storePlans(parity: parity)
        let initialPlan = builder.store(builder.planner.plan(from: nil, taking: [], record: { _ in 0 }), parity: parity)
        let blockSources = builder.blocks.sources
        let eventlessKind = events.count
        return Statechart(
            planner: builder.planner, blockSources: blockSources, columns: builder.columns, cells: builder.cells,
            groups: builder.groups, groupEnds: builder.groupEnds, candidates: builder.candidates, plans: plans,
            sequence: builder.sequence, writes: builder.writes, flips: builder.flips,
            initialPlan: initialPlan, hiddenSlotCount: hiddenSlotCount, parity: parity,
            hasEventlessRows: transitions.contains { $0.event == eventlessKind }, firstHiddenSlot: fieldCount,
            reentries: reentries,
            blockReadsActive: blockSources.map { Self.readsActive($0, tree: tree, transitions: transitions) }, deferral: deferral)
    }

    /// Whether the expressions of an action block read the configuration.
    private static func readsActive(
        _ source: ActionBlockSource, tree: StateTree, transitions: [TransitionModel]
    ) -> Bool {
        func reads(_ block: ActionBlockModel?) -> Bool {
            block?.expressions.contains { $0.readsControlState } ?? false
        }
        switch source {
        case .row(let position):
            guard transitions.indices.contains(position) else { return false }
            let row = transitions[position]
            return row.assignments.contains { $0.value.expression.readsControlState } || reads(row.actions)
        case .entry, .exit, .initial:
            return reads(tree.actions(of: source))
        case .raise:
            return false
        }
    }

    /// The moment before the first action block of a microstep from `configuration` (nil: the
    /// initial entry) to `target`; `reentry` lists what the step exits and enters when it enters
    /// a state it exits (else the states exited and entered are the two configurations' difference).
    package func moment(from configuration: Int?, to target: Int, reentry: Reentry?) -> ActionMoment {
        let configurations = planner.configurations
        let before = configuration.map { configurations.activeStates($0).map(Int.init) } ?? []
        let count = planner.tree.nodes.count
        if let reentry {
            return ActionMoment(stateCount: count, before: before, exited: reentry.exited, entered: reentry.entered)
        }
        let after = configurations.activeStates(target).map(Int.init)
        let beforeSet = Set(before), afterSet = Set(after)
        return ActionMoment(
            stateCount: count, before: before, exited: before.filter { !afterSet.contains($0) }.reversed(),
            entered: after.filter { !beforeSet.contains($0) })
    }

    /// Adds a leaf's choice to the choices of a step: a row of an ancestor that several leaves
    /// choose is taken once.
    package func choose(_ candidate: Int, into chosen: inout [Int]) {
        let found = candidates[candidate]
        if !chosen.contains(where: { candidates[$0].row == found.row && candidates[$0].source == found.source }) {
            chosen.append(candidate)
        }
    }

    /// SCXML's `removeConflictingTransitions`: two targeted transitions conflict when one's domain
    /// is the other's or inside it (their exit sets meet).
    package func withoutConflicts(_ chosen: [Int]) -> [Int] {
        let tree = planner.tree
        var kept: [Int] = []
        for candidate in chosen {
            let next = candidates[candidate]
            var preempted = false
            var removed: [Int] = []
            for earlier in kept {
                let other = candidates[earlier]
                guard Self.conflict(next.domain, other.domain, tree: tree) else { continue }
                if Self.isInside(Int(next.source), Int(other.source), tree: tree) {
                    removed.append(earlier)
                } else {
                    preempted = true
                    break
                }
            }
            if !preempted {
                kept.removeAll { removed.contains($0) }
                kept.append(candidate)
            }
        }
        return kept
    }

    /// Whether two domains' exit sets meet (-1: the spin, -2: a targetless transition).
    private static func conflict(_ first: Int32, _ second: Int32, tree: StateTree) -> Bool {
        guard first != -2, second != -2 else { return false }
        let a = first < 0 ? nil : Int(first), b = second < 0 ? nil : Int(second)
        if let a, let b { return tree.isDescendant(a, ofOrSelf: b) || tree.isDescendant(b, ofOrSelf: a) }
        return true
    }

    /// Whether source `inner` is strictly inside source `outer` (-1: the spin).
    private static func isInside(_ inner: Int, _ outer: Int, tree: StateTree) -> Bool {
        guard inner >= 0 else { return false }
        return tree.isProperDescendant(inner, of: outer < 0 ? nil : outer)
    }

    /// Flips of the same slot made one.
    package static func mergedFlips(_ flips: [ParityFlip]) -> [ParityFlip] {
        var merged: [ParityFlip] = []
        for flip in flips {
            if let index = merged.firstIndex(where: { $0.slot == flip.slot }) {
                merged[index] = ParityFlip(slot: flip.slot, mask: merged[index].mask | flip.mask)
            } else {
                merged.append(flip)
            }
        }
        return merged
    }
}
