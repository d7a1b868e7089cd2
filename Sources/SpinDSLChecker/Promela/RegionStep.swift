import SpinDSLFrontEnd
import SpinDSLRunner

/// The step of one parallel state on one event, worked out region by region for the Promela model
/// (docs/checking.md, "Statecharts, flattened"), so that the model's step grows with the sum of
/// the regions' sizes rather than with their product.
///
/// It holds for a parallel state with no parallel state above or below it and no completion event
/// (`done.P` is raised when every region is final: the regions' steps are not independent then).
/// Its configurations are one range, numbered as a mixed-radix product of its regions'
/// (`Configurations`): region `r`'s own configuration is `((c - first) / weight) % count`, and a
/// transition inside region `r` moves the configuration by a difference that depends on that
/// region alone. Each leaf's candidates (`Statechart.cells`) are its region's own rows (sources
/// inside the region), then the rows of the parallel state and above, which are the same for
/// every leaf. The reducer's choice (`Statechart.choose`, `withoutConflicts`) then comes to one of
/// three outcomes, which the model works out from each region's choice:
///
/// - the first region (in document order) whose choice is targeted and leaves nothing of the
///   region's own (a transition inside its region: `local`) or leaves the parallel state
///   (`leaving`) decides. `local`: every `local` choice is taken, every `leaving` one is dropped
///   (a later one is preempted, an earlier outer row removed by a deeper source);
/// - `leaving`: that one alone of the targeted choices is taken;
/// - neither: the outer row the leaves without a choice of their own fall to, if it is targeted,
///   is taken, once.
///
/// Targetless choices (`untargeted`) are always taken, an outer one once. The microstep is then
/// the planner's (`MicrostepPlanner.plan(from:taking:)`): history records and exit actions of the
/// regions last to first (a transition leaving the parallel state exits every region), the rows'
/// actions in the choices' order, the entry actions of the regions first to last, the
/// configuration. Every part is read from the microsteps compiled for one transition
/// (`Statechart.plans`), and `make` returns nil — the model then writes the configurations one by
/// one — unless each part is the same in every configuration it is read from.
struct RegionStep {
    /// History records, action blocks and entry parities of one part of a microstep.
    struct Part: Equatable {
        var writes: [SlotWrite] = []
        var blocks: [Int32] = []
        var flipped: [Int] = []

        var isEmpty: Bool { writes.isEmpty && blocks.isEmpty && flipped.isEmpty }
    }

    /// What a transition does after the rows' actions, for one history record: its entry actions
    /// and parities, and the configuration (a difference for a `local` transition, else the
    /// configuration after it).
    struct Ending: Equatable {
        var part: Part
        var configuration: Int
    }

    enum Kind: Equatable {
        /// Targeted, inside the region's own states.
        case local
        /// Targeted, exiting the parallel state.
        case leaving
        /// Without a target: its row's actions only.
        case untargeted
    }

    /// A transition a region may choose (its number in `g<region>` is its index plus one), or an
    /// outer row (its number in `go`).
    struct Choice: Equatable {
        let kind: Kind
        /// The region's configuration it is chosen in (-1 for an outer row).
        let local: Int
        /// One of its candidates, for its guard and its row.
        let candidate: Int
        /// Its row's action block.
        let row: Int32
        /// Before the rows' actions: a `local` transition's history records and exit actions; a
        /// `leaving` one's above the parallel state (the regions' are `regionExits`).
        let before: Part
        /// After them, per history record (one, unless it targets a history).
        let endings: [Ending]
        /// The state whose history record selects the ending.
        let historyState: Int?
    }

    let parallel: Int
    let event: Int
    /// The parallel state's configurations.
    let first: Int
    let last: Int
    let regions: [Int]
    let weights: [Int]
    let counts: [Int]
    /// The outer rows (of the parallel state and above), in priority order.
    let outer: [Choice]
    /// Per region, per region configuration: its choices in priority order (indices into
    /// `choices`).
    let locals: [[[Int]]]
    let choices: [[Choice]]
    /// Per region, per region configuration: its history records and exit actions when a
    /// `leaving` transition is taken (nil where none is).
    let regionExits: [[Part?]]

    /// Whether any choice leaves the parallel state (the model then works out which is taken).
    var leaves: Bool {
        outer.contains { $0.kind != .untargeted } || choices.joined().contains { $0.kind == .leaving }
    }

    /// The parallel states whose steps may be written region by region: no parallel state above
    /// or below, at least two regions, no completion event.
    static func parallels(tree: StateTree, events: [EventModel]) -> [Int] {
        let nodes = tree.nodes
        return nodes.indices.filter { state in
            guard nodes[state].kind == .parallel, nodes[state].children.count >= 2 else { return false }
            if tree.properAncestors(of: state).contains(where: { nodes[$0].kind == .parallel }) { return false }
            if (state &+ 1..<nodes[state].end).contains(where: { nodes[$0].kind == .parallel }) { return false }
            return !events.contains { $0.completedState == state }
        }
    }

    /// The step of parallel state `parallel` on event `event`, or nil when its parts are not the
    /// same wherever they are read (the configurations are then written one by one).
    static func make(
        chart: Statechart, configurations: Configurations, tree: StateTree, events: [EventModel], parallel: Int, event: Int
    ) -> RegionStep? {
        var builder = Builder(chart: chart, configurations: configurations, tree: tree, events: events, parallel: parallel, event: event)
        return builder.build()
    }

    /// Reads the parts from every configuration of the parallel state, checking that they agree.
    private struct Builder {
        let chart: Statechart
        let configurations: Configurations
        let tree: StateTree
        let events: [EventModel]
        let parallel: Int
        let event: Int
        let regions: [Int]
        let weights: [Int]
        let counts: [Int]
        let first: Int
        var outerKeys: [Key]?
        var outer: [Choice] = []
        var locals: [[[Int]?]]
        var choices: [[Choice]]
        var choiceKeys: [[Key: Int]]
        var regionExits: [[Part?]]

        /// A candidate's identity: its row and source (and, for a region's, the region's
        /// configuration).
        struct Key: Hashable {
            let row: Int32
            let source: Int32
            let local: Int
        }

        init(chart: Statechart, configurations: Configurations, tree: StateTree, events: [EventModel], parallel: Int, event: Int) {
            self.chart = chart
            self.configurations = configurations
            self.tree = tree
            self.events = events
            self.parallel = parallel
            self.event = event
            regions = tree.nodes[parallel].children
            weights = regions.map { configurations.weight.indices.contains($0) ? max(1, configurations.weight[$0]) : 1 }
            counts = regions.map { configurations.subtreeCount.indices.contains($0) ? max(1, configurations.subtreeCount[$0]) : 1 }
            first = configurations.membership(of: parallel).range.lowerBound
            locals = counts.map { [[Int]?](repeating: nil, count: $0) }
            choices = regions.map { _ in [] }
            choiceKeys = regions.map { _ in [:] }
            regionExits = counts.map { [Part?](repeating: nil, count: $0) }
        }

        func local(_ configuration: Int, _ region: Int) -> Int {
            ((configuration &- first) / weights[region]) % counts[region]
        }

        /// The region holding `state`, or nil for a state outside the parallel state's regions.
        func region(of state: Int) -> Int? {
            regions.firstIndex { tree.isDescendant(state, ofOrSelf: $0) }
        }

        /// The state an action block belongs to (a completion event's state), nil for a row's.
        func state(ofBlock block: Int32) -> Int? {
            guard chart.blockSources.indices.contains(Int(block)) else { return nil }
            switch chart.blockSources[Int(block)] {
            case .row: return nil
            case .entry(let state, _), .exit(let state, _), .initial(let state?): return state
            case .initial(state: nil): return nil
            case .raise(let kind): return events.indices.contains(kind) ? events[kind].completedState : nil
            }
        }

        func state(ofSlot slot: Int) -> Int? {
            chart.planner.historySlots.firstIndex(of: slot)
        }

        mutating func build() -> RegionStep? {
            let membership = configurations.membership(of: parallel)
            guard membership.table == nil, !membership.range.isEmpty else { return nil }
            for configuration in membership.range {
                guard read(configuration) else { return nil }
            }
            var known: [[[Int]]] = []
            for region in regions.indices {
                known.append(locals[region].map { $0 ?? [] })
            }
            return RegionStep(
                parallel: parallel, event: event, first: membership.range.lowerBound, last: membership.range.upperBound &- 1,
                regions: regions, weights: weights, counts: counts, outer: outer, locals: known, choices: choices,
                regionExits: regionExits)
        }

        /// Reads configuration `configuration`'s cell; false when a part disagrees.
        private mutating func read(_ configuration: Int) -> Bool {
            let cellIndex = configuration &* chart.columns &+ event
            guard chart.cells.indices.contains(cellIndex) else { return false }
            let cell = chart.cells[cellIndex]
            var groups: [Range<Int>] = []
            if !cell.isEmpty {
                guard !chart.groups[cellIndex].isEmpty else { return false }
                var start = cell.lowerBound
                for group in chart.groups[cellIndex] {
                    guard chart.groupEnds.indices.contains(group) else { return false }
                    groups.append(start..<chart.groupEnds[group])
                    start = chart.groupEnds[group]
                }
            }
            var seen = [Bool](repeating: false, count: regions.count)
            var outerHere: [Int]?
            for group in groups {
                let inside = group.prefix { tree.isProperDescendant(Int(chart.candidates[$0].source), of: parallel) }
                let rest = group.dropFirst(inside.count)
                guard !rest.contains(where: { tree.isProperDescendant(Int(chart.candidates[$0].source), of: parallel) }) else { return false }
                if let outerHere {
                    guard outerHere.map(key) == rest.map(key) else { return false }
                } else {
                    outerHere = Array(rest)
                }
                guard let firstLocal = inside.first else { continue }
                guard let region = region(of: Int(chart.candidates[firstLocal].source)), !seen[region],
                      inside.allSatisfy({ self.region(of: Int(chart.candidates[$0].source)) == region }) else { return false }
                seen[region] = true
                guard registerLocals(Array(inside), region: region, configuration: configuration) else { return false }
            }
            for region in regions.indices where !seen[region] {
                guard registerLocals([], region: region, configuration: configuration) else { return false }
            }
            // Every leaf falls to the same outer rows; with no candidates at all, there are none.
            let outerCandidates = outerHere ?? []
            if let outerKeys {
                guard outerKeys == outerCandidates.map(key) else { return false }
            } else {
                outerKeys = outerCandidates.map(key)
            }
            for (position, candidate) in outerCandidates.enumerated() {
                guard let choice = self.choice(candidate, region: nil, configuration: configuration) else { return false }
                if outer.indices.contains(position) {
                    guard outer[position] == choiceWith(candidate: outer[position].candidate, choice) else { return false }
                } else {
                    outer.append(choice)
                }
            }
            return true
        }

        private func key(_ candidate: Int) -> Key {
            Key(row: chart.candidates[candidate].row, source: chart.candidates[candidate].source, local: -1)
        }

        /// Records region `region`'s choices in `configuration`.
        private mutating func registerLocals(_ candidates: [Int], region: Int, configuration: Int) -> Bool {
            let local = local(configuration, region)
            var ids: [Int] = []
            for candidate in candidates {
                let found = chart.candidates[candidate]
                let key = Key(row: found.row, source: found.source, local: local)
                guard let choice = choice(candidate, region: region, configuration: configuration) else { return false }
                if let id = choiceKeys[region][key] {
                    guard choices[region][id] == choiceWith(candidate: choices[region][id].candidate, choice) else { return false }
                    ids.append(id)
                } else {
                    choiceKeys[region][key] = choices[region].count
                    ids.append(choices[region].count)
                    choices[region].append(choice)
                }
            }
            if let known = locals[region][local] {
                return known == ids
            }
            locals[region][local] = ids
            return true
        }

        /// `choice` with another representative candidate (the candidates of one row and source
        /// differ from cell to cell).
        private func choiceWith(candidate: Int, _ choice: Choice) -> Choice {
            Choice(kind: choice.kind, local: choice.local, candidate: candidate, row: choice.row, before: choice.before,
                   endings: choice.endings, historyState: choice.historyState)
        }

        /// The parts of `candidate`'s microsteps from `configuration`, for a region's candidate or
        /// an outer one (`region` nil); nil when they do not split as the model writes them.
        private mutating func choice(_ candidate: Int, region: Int?, configuration: Int) -> Choice? {
            let found = chart.candidates[candidate]
            let base = Int(found.plan)
            var records = 0
            var historyState: Int?
            if found.historySlot >= 0, found.recordLimit > 0 {
                guard let state = state(ofSlot: Int(found.historySlot)) else { return nil }
                records = Int(found.recordLimit)
                historyState = state
            }
            let kind: Kind
            if found.domain == -2 {
                kind = .untargeted
            } else if let region, found.domain >= 0, tree.isDescendant(Int(found.domain), ofOrSelf: regions[region]) {
                kind = .local
            } else {
                kind = .leaving
            }
            var before: Part?
            var row: Int32?
            var endings: [Ending] = []
            for record in 0...records {
                guard chart.plans.indices.contains(base &+ record) else { return nil }
                guard let split = split(chart.plans[base &+ record], kind: kind, region: region, configuration: configuration) else { return nil }
                if let before, before != split.before || row != split.row { return nil }
                before = split.before
                row = split.row
                endings.append(split.ending)
            }
            guard let before, let row else { return nil }
            return Choice(
                kind: kind, local: region.map { local(configuration, $0) } ?? -1, candidate: candidate, row: row, before: before,
                endings: endings, historyState: historyState)
        }

        /// One compiled microstep as the model writes it: the part before the row's actions, the
        /// row's block, the ending.
        private mutating func split(
            _ plan: MicrostepPlan, kind: Kind, region: Int?, configuration: Int
        ) -> (before: Part, row: Int32, ending: Ending)? {
            let writes = Array(chart.writes[Int(plan.writeStart)..<Int(plan.writeEnd)])
            let blocks = Array(chart.sequence[Int(plan.blockStart)..<Int(plan.blockEnd)])
            let flips = chart.flips[Int(plan.flipStart)..<Int(plan.flipEnd)]
            let flipped = chart.parity.indices.filter { state in
                guard let parity = chart.parity[state] else { return false }
                return flips.contains { $0.slot == parity.slot && $0.mask & parity.mask != 0 }
            }
            guard blocks.allSatisfy({ chart.blockSources.indices.contains(Int($0)) }) else { return nil }
            let rows = blocks.indices.filter { position in
                if case .row = chart.blockSources[Int(blocks[position])] { return true }
                return false
            }
            guard rows.count == 1, let rowPosition = rows.first else { return nil }
            let exits = Array(blocks[..<rowPosition])
            let entries = Array(blocks[(rowPosition &+ 1)...])
            let target = Int(plan.target)
            switch kind {
            case .untargeted:
                guard writes.isEmpty, exits.isEmpty, entries.isEmpty, flipped.isEmpty, target == configuration else { return nil }
                return (Part(), blocks[rowPosition], Ending(part: Part(), configuration: 0))
            case .local:
                // Everything inside the region: its exits, entries, records and parities.
                guard let region else { return nil }
                func inRegion(_ state: Int?) -> Bool { state.map { self.region(of: $0) == region } ?? false }
                guard writes.allSatisfy({ inRegion(state(ofSlot: $0.slot)) }), exits.allSatisfy({ inRegion(state(ofBlock: $0)) }),
                      entries.allSatisfy({ inRegion(state(ofBlock: $0)) }), flipped.allSatisfy({ inRegion($0) }) else { return nil }
                return (Part(writes: writes, blocks: exits), blocks[rowPosition],
                        Ending(part: Part(blocks: entries, flipped: flipped), configuration: target &- configuration))
            case .leaving:
                // The regions' records and exits (last region first), then those above.
                var regionParts = [Part](repeating: Part(), count: regions.count)
                var above = Part()
                for write in writes {
                    if let state = state(ofSlot: write.slot), let owner = self.region(of: state) {
                        regionParts[owner].writes.append(write)
                    } else {
                        above.writes.append(write)
                    }
                }
                var previous = regions.count
                for block in exits {
                    guard let state = state(ofBlock: block) else { return nil }
                    if let owner = self.region(of: state) {
                        guard owner <= previous, above.blocks.isEmpty else { return nil }
                        previous = owner
                        regionParts[owner].blocks.append(block)
                    } else {
                        above.blocks.append(block)
                    }
                }
                // Every region is exited: its part is the region's, whichever transition leaves.
                for owner in regions.indices {
                    let local = local(configuration, owner)
                    if let known = regionExits[owner][local] {
                        guard known == regionParts[owner] else { return nil }
                    } else {
                        regionExits[owner][local] = regionParts[owner]
                    }
                }
                return (above, blocks[rowPosition], Ending(part: Part(blocks: entries, flipped: flipped), configuration: target))
            }
        }
    }
}
