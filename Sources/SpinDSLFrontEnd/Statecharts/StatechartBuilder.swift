/// The steps of `Statechart.build`, in the order it takes them: the action blocks and the history
/// slots (which the planner needs), the rows of each state, the microsteps counted before any is
/// planned, the candidates cell by cell, the entry parities, the deferred events, and the plans
/// stored in the chart's flat arrays.
struct StatechartBuilder {
    let tree: StateTree
    let configurations: Configurations
    let transitions: [TransitionModel]
    let events: [EventModel]
    /// The spin's data fields; the hidden slots follow them.
    let fieldCount: Int
    /// The states `enter` rules name.
    let watched: Set<Int>
    let limit: Int
    let nodes: [StateNode]
    /// The events plus the eventless pseudo-event: the width of a row of `cells`.
    let columns: Int
    let blocks: ActionBlocks
    /// Per state, the hidden slot of its history record (-1 for a state without history).
    let historySlots: [Int]
    /// The hidden slot after the history records.
    let historyEnd: Int
    let planner: MicrostepPlanner
    /// The rows of each state (the spin's at `nodes.count`), in document order.
    let rowsOf: [[Int]]

    /// Each (configuration, row, source) planned once, and the candidates made of them.
    private var planned: [PlannedMicrostep] = []
    private var planOf: [PlanKey: (plan: Int, records: Int)] = [:]
    private(set) var candidates: [StatechartCandidate] = []
    private(set) var cells: [Range<Int>] = []
    private(set) var groups: [Range<Int>] = []
    private(set) var groupEnds: [Int] = []

    /// The plans' action blocks, history records and entry parities, one after the other.
    private(set) var sequence: [Int32] = []
    private(set) var writes: [SlotWrite] = []
    private(set) var flips: [ParityFlip] = []

    /// The ids of a spin's action blocks: each row's own, then each state's entry and exit blocks,
    /// then the default entries' actions (the spin's start's last), then the completion events
    /// some row is on.
    struct ActionBlocks {
        var sources: [ActionBlockSource]
        var entry: [[Int32]]
        var exit: [[Int32]]
        /// Per state, the block of its default entry's actions (`initial: { to, … }`), or -1.
        var initial: [Int32]
        /// The block of the spin's start's actions, or -1.
        var start: Int32 = -1
        /// Per state, the block raising its completion event, or -1.
        var done: [Int32]
    }

    private struct PlanKey: Hashable {
        let configuration: Int
        let row: Int
        let source: Int
    }

    /// A candidate's transition in priority order: its event, the active leaf it is a choice of,
    /// its row and the state whose row it is (nil: the spin's).
    private typealias Found = (kind: Int, group: Int, row: Int, source: Int?)

    init(
        tree: StateTree, configurations: Configurations, transitions: [TransitionModel], events: [EventModel],
        fieldCount: Int, watched: Set<Int>, limit: Int
    ) {
        self.tree = tree
        self.configurations = configurations
        self.transitions = transitions
        self.events = events
        self.fieldCount = fieldCount
        self.watched = watched
        self.limit = limit
        nodes = tree.nodes
        columns = events.count &+ 1
        blocks = Self.actionBlocks(tree: tree, transitions: transitions, events: events)
        (historySlots, historyEnd) = Self.historySlots(of: tree.nodes, after: fieldCount)
        planner = MicrostepPlanner(
            tree: tree, configurations: configurations, entryBlocks: blocks.entry, exitBlocks: blocks.exit,
            rowBlocks: transitions.indices.map { Int32($0) }, doneBlocks: blocks.done, initialBlocks: blocks.initial,
            startBlock: blocks.start, historySlots: historySlots)
        rowsOf = Self.rowsOf(tree.nodes, transitions: transitions, columns: columns)
    }

    // MARK: Action blocks and hidden slots

    private static func actionBlocks(tree: StateTree, transitions: [TransitionModel], events: [EventModel]) -> ActionBlocks {
        let nodes = tree.nodes
        var blocks = ActionBlocks(
            sources: transitions.indices.map { .row($0) }, entry: [[Int32]](repeating: [], count: nodes.count),
            exit: [[Int32]](repeating: [], count: nodes.count), initial: [Int32](repeating: -1, count: nodes.count),
            done: [Int32](repeating: -1, count: nodes.count))
        for state in nodes.indices {
            for index in nodes[state].entry.indices {
                blocks.entry[state].append(Int32(blocks.sources.count))
                blocks.sources.append(.entry(state: state, index: index))
            }
            for index in nodes[state].exit.indices {
                blocks.exit[state].append(Int32(blocks.sources.count))
                blocks.sources.append(.exit(state: state, index: index))
            }
        }
        for state in nodes.indices where nodes[state].initialActions != nil {
            blocks.initial[state] = Int32(blocks.sources.count)
            blocks.sources.append(.initial(state: state))
        }
        if tree.initialActions != nil {
            blocks.start = Int32(blocks.sources.count)
            blocks.sources.append(.initial(state: nil))
        }
        for (kind, event) in events.enumerated() {
            guard let state = event.completedState, nodes.indices.contains(state) else { continue }
            blocks.done[state] = Int32(blocks.sources.count)
            blocks.sources.append(.raise(event: kind))
        }
        return blocks
    }

    /// A hidden slot per state with history, from `firstSlot` on; and the slot after them.
    private static func historySlots(of nodes: [StateNode], after firstSlot: Int) -> (slots: [Int], end: Int) {
        var slots = [Int](repeating: -1, count: nodes.count)
        var nextSlot = firstSlot
        for state in nodes.indices where nodes[state].recordedHistory != nil {
            slots[state] = nextSlot
            nextSlot &+= 1
        }
        return (slots, nextSlot)
    }

    // MARK: Rows and microsteps

    private static func rowsOf(_ nodes: [StateNode], transitions: [TransitionModel], columns: Int) -> [[Int]] {
        var rowsOf = [[Int]](repeating: [], count: nodes.count &+ 1)
        for (position, row) in transitions.enumerated() {
            guard row.event >= 0, row.event < columns else { continue }
            if let sources = row.sources {
                var seen = Set<Int>()
                for source in sources where nodes.indices.contains(source) && seen.insert(source).inserted {
                    rowsOf[source].append(position)
                }
            } else {
                rowsOf[nodes.count].append(position)
            }
        }
        return rowsOf
    }

    /// Counts the microsteps to plan before planning any: one per (configuration, row of an active
    /// state or of the spin), and one more per history record for a history target. Throws as
    /// soon as the count passes the limit.
    func countMicrosteps() throws(Statechart.Failure) {
        var microsteps = 0
        func microstepsOf(_ state: Int) -> Int {
            rowsOf[state].reduce(0) { count, position in
                let row = transitions[position]
                return count &+ 1 &+ (row.targetsHistory ? planner.recordCount(of: row.target ?? -1) : 0)
            }
        }
        let perState = (0...nodes.count).map(microstepsOf)
        for configuration in 0..<configurations.count {
            microsteps &+= perState[nodes.count]
            for state in configurations.activeStates(configuration) { microsteps &+= perState[Int(state)] }
            if microsteps > limit { throw .tooManyMicrosteps }
        }
    }

    // MARK: Candidates

    /// The candidates of every cell, configuration by configuration, event by event; each
    /// (configuration, row, source) planned once.
    mutating func addCandidates() throws(Statechart.Failure) {
        cells.reserveCapacity(configurations.count &* columns)
        for configuration in 0..<configurations.count {
            let leaves = configurations.leaves(of: configuration)
            let found = prioritized(leaves)
            var next = 0
            for kind in 0..<columns {
                try addCell(kind, of: configuration, found: found, next: &next, grouped: leaves.count > 1)
            }
        }
    }

    /// The transitions of the active `leaves`, each leaf's in priority order (its own rows, then
    /// its ancestors', then the spin's), sorted by event.
    private func prioritized(_ leaves: [Int]) -> [Found] {
        var found: [Found] = []
        for (group, leaf) in leaves.enumerated() {
            var chain: [Int?] = [leaf]
            chain += tree.properAncestors(of: leaf).map { Optional($0) }
            chain.append(nil)
            for state in chain {
                for position in rowsOf[state ?? nodes.count] {
                    found.append((transitions[position].event, group, position, state))
                }
            }
        }
        // By event, keeping the priority order (which lists the groups one after the other):
        // the position breaks ties, since `sort` is not stable.
        return found.enumerated().sorted { ($0.element.kind, $0.offset) < ($1.element.kind, $1.offset) }.map(\.element)
    }

    /// The cell of `configuration` and event `kind`: the candidates of `found` from `next` on that
    /// are on `kind`, and where each leaf's end when `grouped` (several active leaves).
    private mutating func addCell(_ kind: Int, of configuration: Int, found: [Found], next: inout Int, grouped: Bool) throws(Statechart.Failure) {
        let start = candidates.count
        var ends: [Int] = []
        var currentGroup = -1
        while next < found.count, found[next].kind == kind {
            let item = found[next]
            if item.group != currentGroup {
                if currentGroup >= 0 { ends.append(candidates.count) }
                currentGroup = item.group
            }
            try addCandidate(item, of: configuration)
            next &+= 1
        }
        if currentGroup >= 0, grouped {
            ends.append(candidates.count)
            groups.append(groupEnds.count..<(groupEnds.count &+ ends.count))
            groupEnds += ends
        } else {
            groups.append(0..<0)
        }
        cells.append(start..<candidates.count)
    }

    private mutating func addCandidate(_ item: Found, of configuration: Int) throws(Statechart.Failure) {
        let transition = PlannedTransition(row: item.row, source: item.source, of: transitions[item.row])
        let made = try plan(transition, from: configuration)
        let domain: Int32 = switch planner.domain(of: transition) {
        case .none: -2
        case .some(nil): -1
        case .some(.some(let state)): Int32(state)
        }
        let historySlot = transition.targetsHistory ? (transition.target.map { historySlots[$0] } ?? -1) : -1
        candidates.append(StatechartCandidate(
            row: Int32(item.row), source: Int32(item.source ?? -1), domain: domain, plan: Int32(made.plan),
            historySlot: Int32(historySlot), recordLimit: Int32(made.records)))
    }

    /// The first of the microsteps taking `transition` from `configuration` (one per history
    /// record its target may have), planned when no earlier cell planned them.
    private mutating func plan(_ transition: PlannedTransition, from configuration: Int) throws(Statechart.Failure) -> (plan: Int, records: Int) {
        let key = PlanKey(configuration: configuration, row: transition.row, source: transition.source ?? -1)
        if let existing = planOf[key] { return existing }
        let records = transition.targetsHistory ? planner.recordCount(of: transition.target ?? -1) : 0
        guard planned.count &+ records &+ 1 <= limit else { throw .tooManyMicrosteps }
        let made = (plan: planned.count, records: records)
        for record in 0...records {
            planned.append(planner.plan(from: configuration, taking: [transition], record: { _ in record }))
        }
        planOf[key] = made
        return made
    }

    // MARK: Entry parities and deferral

    /// The watched states some microstep exits and enters again, a bit each in the hidden slots
    /// after the history records; and how many slots those bits take.
    func entryParities() -> (parity: [ParityFlip?], slotCount: Int) {
        var reenteredWatched = Set<Int>()
        for step in planned { reenteredWatched.formUnion(step.reentered.filter(watched.contains)) }
        var parity = [ParityFlip?](repeating: nil, count: nodes.count)
        for (bit, state) in reenteredWatched.sorted().enumerated() {
            parity[state] = ParityFlip(slot: historyEnd &+ bit / 64, mask: 1 << UInt64(bit % 64))
        }
        return (parity, (reenteredWatched.count &+ 63) / 64)
    }

    /// Which configurations defer which events, with the queue's slots from `firstSlot` on; nil
    /// when no state defers any.
    func deferral(firstSlot: Int) -> Deferral? {
        guard nodes.contains(where: { !$0.deferred.isEmpty }) else { return nil }
        var defers = [Bool](repeating: false, count: configurations.count &* columns)
        for configuration in 0..<configurations.count {
            for state in configurations.activeStates(configuration) {
                for kind in nodes[Int(state)].deferred where kind >= 0 && kind < columns {
                    defers[configuration &* columns &+ kind] = true
                }
            }
        }
        var locations = [SourceLocation?](repeating: nil, count: columns)
        for node in nodes {
            for kind in node.deferred where locations.indices.contains(kind) && locations[kind] == nil { locations[kind] = node.name.location }
        }
        return Deferral(
            defers: defers, columns: columns, firstSlot: firstSlot, locations: locations,
            fieldTypes: events.map { $0.fields.map(\.type) })
    }

    // MARK: Storing plans

    /// Every planned microstep stored, in order; and the reentries of those that exit and enter a
    /// state again.
    mutating func storePlans(parity: [ParityFlip?]) -> (plans: [MicrostepPlan], reentries: [Int: Reentry]) {
        var plans: [MicrostepPlan] = []
        plans.reserveCapacity(planned.count)
        var reentries: [Int: Reentry] = [:]
        for (index, step) in planned.enumerated() {
            plans.append(store(step, parity: parity))
            if let reentry = step.reentry { reentries[index] = reentry }
        }
        return (plans, reentries)
    }

    /// A microstep's blocks, writes and entry parity flips appended to the flat arrays.
    mutating func store(_ step: PlannedMicrostep, parity: [ParityFlip?]) -> MicrostepPlan {
        let blockStart = sequence.count, writeStart = writes.count, flipStart = flips.count
        sequence += step.blocks
        writes += step.writes
        flips += Statechart.mergedFlips(step.reentered.compactMap { parity[$0] })
        return MicrostepPlan(
            target: Int32(step.target), blockStart: Int32(blockStart), blockEnd: Int32(sequence.count),
            writeStart: Int32(writeStart), writeEnd: Int32(writes.count), flipStart: Int32(flipStart), flipEnd: Int32(flips.count))
    }
}
