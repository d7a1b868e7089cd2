/// Which configurations of a statechart spin can be reached from its initial one, following every
/// microstep of the compiled table (guards ignored, except the literal `false`, and a candidate
/// after an unguarded one of the same leaf, which is never tried).
///
/// Every event is assumed to happen (raised, completion and eventless ones too) and every history
/// record to be possible, so the result can only err towards "reachable": a state reported
/// unreachable really is. Transitions taken in several parallel regions at once are followed as
/// the reducer takes them, combination by combination (up to `combinationLimit` per cell: past it
/// every configuration counts as reachable).
struct StatechartReachability {
    /// Per configuration, whether it is reachable.
    let reachable: [Bool]
    /// Per configuration, whether some microstep leads out of it to another configuration.
    let hasWayOut: [Bool]
    /// Per candidate of the chart, whether an earlier candidate of its leaf is unguarded (so it is
    /// never tried).
    let isShadowed: [Bool]
    /// Per candidate, whether it is tried in some reachable, non-final configuration.
    let isTried: [Bool]
    /// Per row, whether one of its candidates is tried.
    let rowIsTried: [Bool]
    /// Per row, whether it is a candidate in some reachable, non-final configuration (tried or
    /// not: whether it is shadowed there is `ShadowAnalysis`'s to tell).
    let rowApplies: [Bool]

    /// The most combinations of transitions in several regions followed per cell.
    static let combinationLimit = 256

    init(_ spin: SpinModel, _ chart: Statechart, isNeverTaken: (Int) -> Bool) {
        let configurations = spin.configurations
        let candidates = chart.candidates
        let isShadowed = Self.shadowed(spin, chart, isNeverTaken: isNeverTaken)
        func takes(_ index: Int) -> Bool {
            !isShadowed[index] && !isNeverTaken(Int(candidates[index].row))
        }
        var search = Self.search(spin, chart, takes: takes)
        if search.gaveUp {
            search.reachable = [Bool](repeating: true, count: configurations.count)
            search.hasWayOut = [Bool](repeating: true, count: configurations.count)
            search.isTried = candidates.indices.map(takes)
        }
        let (rowIsTried, rowApplies) = Self.rows(spin, chart, reachable: search.reachable, isTried: search.isTried)
        self.reachable = search.reachable
        self.hasWayOut = search.hasWayOut
        self.isShadowed = isShadowed
        self.isTried = search.isTried
        self.rowIsTried = rowIsTried
        self.rowApplies = rowApplies
    }

    /// Per candidate, whether an earlier candidate of its leaf is unguarded (and can be taken).
    private static func shadowed(_ spin: SpinModel, _ chart: Statechart, isNeverTaken: (Int) -> Bool) -> [Bool] {
        let candidates = chart.candidates
        var isShadowed = [Bool](repeating: false, count: candidates.count)
        for (cellIndex, cell) in chart.cells.enumerated() {
            for group in Self.groups(of: cellIndex, cell: cell, chart: chart) {
                var closer = false
                for index in group {
                    if closer {
                        isShadowed[index] = true
                        continue
                    }
                    let row = Int(candidates[index].row)
                    if !isNeverTaken(row), spin.transitions[row].guardExpression == nil { closer = true }
                }
            }
        }
        return isShadowed
    }

    /// What the search from the initial configuration has found so far.
    private struct Search {
        let count: Int
        var reachable: [Bool]
        var hasWayOut: [Bool]
        var isTried: [Bool]
        /// The configurations reached whose microsteps are still to follow.
        var pending: [Int] = []
        /// Whether a cell had more combinations than `combinationLimit`.
        var gaveUp = false

        init(configurations count: Int, candidates: Int) {
            self.count = count
            reachable = [Bool](repeating: false, count: count)
            hasWayOut = reachable
            isTried = [Bool](repeating: false, count: candidates)
        }

        mutating func reach(_ configuration: Int) {
            guard count > configuration, configuration >= 0, !reachable[configuration] else { return }
            reachable[configuration] = true
            pending.append(configuration)
        }

        /// A microstep from `configuration` to `target`.
        mutating func lead(from configuration: Int, to target: Int) {
            if target != configuration { hasWayOut[configuration] = true }
            reach(target)
        }
    }

    /// Follows every microstep the candidates `takes` allows, from the initial configuration on.
    private static func search(_ spin: SpinModel, _ chart: Statechart, takes: (Int) -> Bool) -> Search {
        let configurations = spin.configurations
        var search = Search(configurations: configurations.count, candidates: chart.candidates.count)
        search.reach(spin.initialState)
        while let configuration = search.pending.popLast() {
            if configurations.isFinal[configuration] { continue }
            for kind in 0..<chart.columns {
                let cellIndex = configuration &* chart.columns &+ kind
                let cell = chart.cells[cellIndex]
                for index in cell where takes(index) {
                    search.isTried[index] = true
                    let first = Int(chart.candidates[index].plan)
                    for plan in first...(first &+ Int(chart.candidates[index].recordLimit)) {
                        search.lead(from: configuration, to: Int(chart.plans[plan].target))
                    }
                }
                followCombinations(in: cellIndex, from: configuration, spin, chart, takes: takes, into: &search)
            }
        }
        return search
    }

    /// The transitions of a cell taken in several regions at once: every choice of at most one
    /// candidate per leaf, two or more of them (the search gives up past `combinationLimit`).
    private static func followCombinations(
        in cellIndex: Int, from configuration: Int, _ spin: SpinModel, _ chart: Statechart, takes: (Int) -> Bool,
        into search: inout Search
    ) {
        let groups = Self.groups(of: cellIndex, cell: chart.cells[cellIndex], chart: chart).map { $0.filter(takes) }.filter { !$0.isEmpty }
        guard groups.count > 1 else { return }
        let count = groups.reduce(1) { min($0 &* ($1.count &+ 1), Self.combinationLimit &+ 1) }
        guard count <= Self.combinationLimit else {
            search.gaveUp = true
            return
        }
        for combination in 0..<count {
            var rest = combination
            var chosen: [Int] = []
            for group in groups {
                let pick = rest % (group.count &+ 1)
                rest /= group.count &+ 1
                if pick > 0 { chosen.append(group[pick &- 1]) }
            }
            guard chosen.count > 1 else { continue }
            for target in Self.combinedTargets(chosen, from: configuration, spin: spin, chart: chart) {
                search.lead(from: configuration, to: target)
            }
        }
    }

    /// Per row, whether one of its candidates is tried, and whether it is a candidate, in some
    /// reachable, non-final configuration.
    private static func rows(
        _ spin: SpinModel, _ chart: Statechart, reachable: [Bool], isTried: [Bool]
    ) -> (rowIsTried: [Bool], rowApplies: [Bool]) {
        var rowIsTried = [Bool](repeating: false, count: spin.transitions.count)
        var rowApplies = rowIsTried
        for (cellIndex, cell) in chart.cells.enumerated() {
            let configuration = cellIndex / max(1, chart.columns)
            guard reachable[configuration], !spin.configurations.isFinal[configuration] else { continue }
            for index in cell {
                let row = Int(chart.candidates[index].row)
                rowApplies[row] = true
                if isTried[index] { rowIsTried[row] = true }
            }
        }
        return (rowIsTried, rowApplies)
    }

    /// The candidate ranges of each leaf in a cell (one range when the cell has no groups).
    static func groups(of cellIndex: Int, cell: Range<Int>, chart: Statechart) -> [Range<Int>] {
        let groups = chart.groups[cellIndex]
        guard !groups.isEmpty else { return cell.isEmpty ? [] : [cell] }
        var ranges: [Range<Int>] = []
        var start = cell.lowerBound
        for group in groups {
            let end = chart.groupEnds[group]
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    /// The configurations taking `chosen` together can lead to, for every history record (conflicts
    /// removed as the reducer removes them: the later of two conflicting choices is dropped).
    ///
    /// Without history targets the configuration is worked out from the microsteps compiled for
    /// each transition alone: the kept transitions' domains are disjoint subtrees, in different
    /// regions of the parallel state they meet at, and a configuration's number is a sum over a
    /// parallel state's regions (`Configurations`: a region's number times its weight), so each
    /// transition moves the number by what it moves it alone. A cell of k regions' choices has
    /// 2^k combinations, each planned in full before (12 regions of two states: 3 million
    /// microsteps planned for `--validate`); `combinedTargetsByPlanning` is the reference
    /// (`StatechartReachabilityTests`).
    static func combinedTargets(_ chosen: [Int], from configuration: Int, spin: SpinModel, chart: Statechart) -> [Int] {
        let kept = withoutClashes(chosen, spin: spin, chart: chart)
        guard kept.count > 1 else { return [] }
        var target = configuration
        for index in kept {
            let plan = Int(chart.candidates[index].plan)
            guard chart.plans.indices.contains(plan), !spin.transitions[Int(chart.candidates[index].row)].targetsHistory else {
                return combinedTargetsByPlanning(chosen, from: configuration, spin: spin, chart: chart)
            }
            target = target &+ (Int(chart.plans[plan].target) &- configuration)
        }
        return [target]
    }

    /// `combinedTargets`, each combination planned in full (`MicrostepPlanner`).
    static func combinedTargetsByPlanning(_ chosen: [Int], from configuration: Int, spin: SpinModel, chart: Statechart) -> [Int] {
        let kept = withoutClashes(chosen, spin: spin, chart: chart).map { index in
            let candidate = chart.candidates[index]
            let row = spin.transitions[Int(candidate.row)]
            return PlannedTransition(row: Int(candidate.row), source: candidate.source < 0 ? nil : Int(candidate.source), of: row)
        }
        guard kept.count > 1 else { return [] }
        // History records: the default and each possible record of every history target at once.
        let limit = kept.compactMap { $0.targetsHistory ? $0.target.map(chart.planner.recordCount) : nil }.max() ?? 0
        return (0...limit).map { record in
            chart.planner.plan(from: configuration, taking: kept, record: { state in min(record, chart.planner.recordCount(of: state)) }).target
        }
    }

    /// The candidates of `chosen` the reducer keeps: the later of two whose domains clash (one is
    /// the other's or inside it) is dropped; targetless ones clash with none.
    private static func withoutClashes(_ chosen: [Int], spin: SpinModel, chart: Statechart) -> [Int] {
        let tree = spin.tree
        var kept: [Int] = []
        var domains: [Int32] = []
        for index in chosen {
            let candidate = chart.candidates[index]
            let clashes = domains.contains { other in
                guard other != -2, candidate.domain != -2 else { return false }
                if other < 0 || candidate.domain < 0 { return true }
                return tree.isDescendant(Int(candidate.domain), ofOrSelf: Int(other)) || tree.isDescendant(Int(other), ofOrSelf: Int(candidate.domain))
            }
            if clashes { continue }
            domains.append(candidate.domain)
            kept.append(index)
        }
        return kept
    }
}
