/// The configurations of a spin's state tree: every set of states that can be active together,
/// numbered once so that a spin's control state (`SpecState.control`) is one number.
///
/// The numbering follows the tree: the configurations of a compound state are those of its first
/// child, then those of its second, and so on; those of a parallel state are the combinations of
/// its regions', the first region's counting slowest. So a flat spin's configuration is the index
/// of its state, and the configurations in which a state outside any parallel region is active are
/// one range of numbers.
public struct Configurations: Sendable {
    /// The number of configurations (1 for a data-only spin).
    public let count: Int
    /// The active states of configuration `c`, in document order, are
    /// `active[activeStart[c] ..< activeStart[c + 1]]`.
    private let activeStart: [Int32]
    private let active: [Int32]
    /// Per state, how many configurations its subtree has.
    package let subtreeCount: [Int]
    /// Per state, its weight in its parent's numbering: the number of its earlier siblings'
    /// configurations below a compound parent, the product of its later siblings' counts below a
    /// parallel one.
    package let weight: [Int]
    /// Per state, the configurations in which it is active; empty for a flat spin, whose state `i`
    /// is active in configuration `i` alone (see `membership(of:)`).
    private let membership: [StateMembership]
    /// Per configuration, whether its top-level state is one of the spin's final states.
    package let isFinal: [Bool]
    /// Per configuration, its name: the active leaf, or `[a, b]` with parallel regions.
    public let names: [String]
    /// The active leaves of configuration `c`, in document order, are
    /// `leafList[leafStart[c] ..< leafStart[c + 1]]`: one array for all (a flat spin of many states
    /// has as many configurations).
    private let leafStart: [Int32]
    private let leafList: [Int32]

    /// The most configurations a nested or parallel spin may have (parallel regions multiply
    /// their counts); a flat spin's states are not limited.
    public static let limit = 65_536

    /// The single configuration of a data-only spin.
    static let dataOnly = Configurations(
        count: 1, activeStart: [0, 0], active: [], subtreeCount: [], weight: [], membership: [], isFinal: [false],
        names: [""], leafStart: [0, 0], leafList: [])

    private init(
        count: Int, activeStart: [Int32], active: [Int32], subtreeCount: [Int], weight: [Int],
        membership: [StateMembership], isFinal: [Bool], names: [String], leafStart: [Int32], leafList: [Int32]
    ) {
        self.count = count
        self.activeStart = activeStart
        self.active = active
        self.subtreeCount = subtreeCount
        self.weight = weight
        self.membership = membership
        self.isFinal = isFinal
        self.names = names
        self.leafStart = leafStart
        self.leafList = leafList
    }

    /// The active leaves of `configuration`, in document order.
    public func leaves(of configuration: Int) -> [Int] {
        guard configuration >= 0, configuration &+ 1 < leafStart.count else { return [] }
        return leafList[Int(leafStart[configuration])..<Int(leafStart[configuration &+ 1])].map(Int.init)
    }

    /// The active states of configuration `configuration`, in document order.
    package func activeStates(_ configuration: Int) -> ArraySlice<Int32> {
        guard configuration >= 0, configuration < count else { return [] }
        return active[Int(activeStart[configuration])..<Int(activeStart[configuration &+ 1])]
    }

    /// Whether `state` is active in `configuration`.
    package func isActive(_ state: Int, in configuration: Int) -> Bool {
        guard !membership.isEmpty else { return state == configuration }
        guard membership.indices.contains(state) else { return false }
        return membership[state].contains(configuration)
    }

    /// The configurations in which `state` is active (made when asked for a flat spin's state:
    /// a large flat spin has many states, and expressions ask for few).
    package func membership(of state: Int) -> StateMembership {
        guard membership.isEmpty else { return membership[state] }
        return StateMembership(state: state, range: state..<(state &+ 1), table: nil)
    }

    /// Enumerates the configurations of `tree`; nil when there are more than `limit`.
    ///
    /// A flat spin's configurations are its states, one each, worked out in linear time and
    /// space: the limit is for nested and parallel ones (whose regions multiply their counts), and
    /// a flat spin may have as many states as its spec can list (the indices are 32-bit).
    static func enumerate(_ tree: StateTree, names stateNames: [String], limit: Int = Configurations.limit) -> Configurations? {
        let nodes = tree.nodes
        guard !nodes.isEmpty else { return .dataOnly }
        let limit = tree.isFlat ? Int(Int32.max) &- 1 : limit
        let subtreeCount = subtreeCounts(of: nodes, limit: limit)
        let count = tree.topLevel.reduce(0) { min($0 &+ subtreeCount[$1], limit &+ 1) }
        guard count <= limit, count > 0 else { return nil }
        let weight = weights(of: tree, subtreeCount: subtreeCount)
        let (activeStart, active, leafStart, leafList) = activeLists(of: tree, count: count, weight: weight, subtreeCount: subtreeCount)
        let membership = tree.isFlat ? [] : Self.membership(
            of: nodes, count: count, activeStart: activeStart, active: active, weight: weight, subtreeCount: subtreeCount)
        let isFinal = (0..<count).map { configuration in
            if tree.isParallelSpin, let root = tree.topLevel.first {
                let range = Int(activeStart[configuration])..<Int(activeStart[configuration &+ 1])
                return Self.isComplete(root, active: Set(active[range].map(Int.init)), nodes: nodes)
            }
            return Self.child(of: tree.topLevel, containing: configuration, weight: weight, counts: subtreeCount).map { nodes[$0].isFinal } ?? false
        }
        let names = tree.isFlat ? stateNames : (0..<count).map { configuration -> String in
            let leaves = leafList[Int(leafStart[configuration])..<Int(leafStart[configuration &+ 1])]
            let leafNames = leaves.map { stateNames.indices.contains(Int($0)) ? stateNames[Int($0)] : "#\($0)" }
            return leafNames.count == 1 ? leafNames[0] : "[" + leafNames.joined(separator: ", ") + "]"
        }
        return Configurations(
            count: count, activeStart: activeStart, active: active, subtreeCount: subtreeCount, weight: weight,
            membership: membership, isFinal: isFinal, names: names, leafStart: leafStart, leafList: leafList)
    }

    /// Per state, how many configurations its subtree has, counted bottom-up (children have
    /// larger indices than their parents) and capped past `limit`.
    private static func subtreeCounts(of nodes: [StateNode], limit: Int) -> [Int] {
        var subtreeCount = [Int](repeating: 1, count: nodes.count)
        for state in nodes.indices.reversed() {
            let children = nodes[state].children
            switch nodes[state].kind {
            case .atomic:
                subtreeCount[state] = 1
            case .compound:
                subtreeCount[state] = children.reduce(0) { min($0 &+ subtreeCount[$1], limit &+ 1) }
            case .parallel:
                subtreeCount[state] = children.reduce(1) { min($0 &* subtreeCount[$1], limit &+ 1) }
            }
        }
        return subtreeCount
    }

    /// Per state, its weight in its parent's numbering (see `weight`).
    private static func weights(of tree: StateTree, subtreeCount: [Int]) -> [Int] {
        var weight = [Int](repeating: 0, count: tree.nodes.count)
        func assignWeights(_ children: [Int], parallel: Bool) {
            if parallel {
                var stride = 1
                for child in children.reversed() {
                    weight[child] = stride
                    stride &*= subtreeCount[child]
                }
            } else {
                var offset = 0
                for child in children {
                    weight[child] = offset
                    offset &+= subtreeCount[child]
                }
            }
        }
        assignWeights(tree.topLevel, parallel: false)
        for node in tree.nodes where node.kind != .atomic {
            assignWeights(node.children, parallel: node.kind == .parallel)
        }
        return weight
    }

    /// The active states and the active leaves of each configuration, by descending from the
    /// spin (see `active` and `leafList`).
    private static func activeLists(
        of tree: StateTree, count: Int, weight: [Int], subtreeCount: [Int]
    ) -> (activeStart: [Int32], active: [Int32], leafStart: [Int32], leafList: [Int32]) {
        if tree.isFlat {
            // Configuration i is state i alone: nothing to work out per configuration.
            let active = (0..<Int32(truncatingIfNeeded: count)).map { $0 }
            let activeStart = (0...Int32(truncatingIfNeeded: count)).map { $0 }
            return (activeStart, active, activeStart, active)
        }
        var activeStart: [Int32] = [0]
        var active: [Int32] = []
        var leafStart: [Int32] = [0]
        var leafList: [Int32] = []
        for configuration in 0..<count {
            let states = Self.states(of: tree, below: nil, index: configuration, weight: weight, counts: subtreeCount)
            active.append(contentsOf: states.map { Int32(truncatingIfNeeded: $0) })
            activeStart.append(Int32(truncatingIfNeeded: active.count))
            leafList.append(contentsOf: states.filter { tree.nodes[$0].kind == .atomic }.map { Int32(truncatingIfNeeded: $0) })
            leafStart.append(Int32(truncatingIfNeeded: leafList.count))
        }
        return (activeStart, active, leafStart, leafList)
    }

    /// Per state of a nested or parallel spin, the configurations in which it is active: a range
    /// for a state with no parallel ancestor, else a table.
    private static func membership(
        of nodes: [StateNode], count: Int, activeStart: [Int32], active: [Int32], weight: [Int], subtreeCount: [Int]
    ) -> [StateMembership] {
        var underParallel = [Bool](repeating: false, count: nodes.count)
        var rangeStart = [Int](repeating: 0, count: nodes.count)
        for state in nodes.indices {
            if let parent = nodes[state].parent {
                underParallel[state] = underParallel[parent] || nodes[parent].kind == .parallel
                rangeStart[state] = rangeStart[parent] &+ weight[state]
            } else {
                rangeStart[state] = weight[state]
            }
        }
        var tables = [[UInt64]?](repeating: nil, count: nodes.count)
        let words = (count &+ 63) / 64
        for state in nodes.indices where underParallel[state] {
            tables[state] = [UInt64](repeating: 0, count: words)
        }
        if tables.contains(where: { $0 != nil }) {
            for configuration in 0..<count {
                let range = Int(activeStart[configuration])..<Int(activeStart[configuration &+ 1])
                for position in range {
                    let state = Int(active[position])
                    if tables[state] != nil { tables[state]?[configuration >> 6] |= 1 << UInt64(configuration & 63) }
                }
            }
        }
        return nodes.indices.map { state -> StateMembership in
            if let table = tables[state] {
                return StateMembership(state: state, range: 0..<0, table: table)
            }
            return StateMembership(state: state, range: rangeStart[state]..<(rangeStart[state] &+ subtreeCount[state]), table: nil)
        }
    }

    /// Whether active `state` is complete with `active` the active states: a compound state when
    /// its active child is final, a parallel state when each region is complete (SCXML's
    /// `isInFinalState`); an atomic state only when final.
    private static func isComplete(_ state: Int, active: Set<Int>, nodes: [StateNode]) -> Bool {
        let node = nodes[state]
        switch node.kind {
        case .atomic: return node.isFinal
        case .compound: return node.children.contains { active.contains($0) && nodes[$0].isFinal }
        case .parallel: return node.children.allSatisfy { isComplete($0, active: active, nodes: nodes) }
        }
    }

    /// The child of a compound state (or of the spin) whose configurations hold `index`: the last
    /// whose weight (the count of the configurations before it) is at most `index`.
    private static func child(of children: [Int], containing index: Int, weight: [Int], counts: [Int]) -> Int? {
        var low = 0
        var high = children.count
        while low < high {
            let middle = (low &+ high) / 2
            if weight[children[middle]] <= index { low = middle &+ 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let found = children[low &- 1]
        return index < weight[found] &+ counts[found] ? found : nil
    }

    /// The states below `state` (the spin, for nil) active in its configuration number `index`, in
    /// document order.
    private static func states(of tree: StateTree, below state: Int?, index: Int, weight: [Int], counts: [Int]) -> [Int] {
        var found: [Int] = []
        var pending: [(state: Int, index: Int)] = []
        func descend(_ state: Int?, _ index: Int) {
            let kind = state.map { tree.nodes[$0].kind } ?? .compound
            let children = tree.children(of: state)
            switch kind {
            case .atomic:
                break
            case .compound:
                if let child = child(of: children, containing: index, weight: weight, counts: counts) {
                    pending.append((child, index &- weight[child]))
                }
            case .parallel:
                for region in children {
                    pending.append((region, (index / max(1, weight[region])) % max(1, counts[region])))
                }
            }
        }
        descend(state, index)
        while let (next, nextIndex) = pending.popLast() {
            found.append(next)
            descend(next, nextIndex)
        }
        return found.sorted()
    }

    /// The states strictly below `state` (the spin, for nil) in its configuration number `index`.
    func states(of tree: StateTree, below state: Int?, index: Int) -> [Int] {
        Self.states(of: tree, below: state, index: index, weight: weight, counts: subtreeCount)
    }

    /// The number of the configuration whose active states are `active`, in document order. They
    /// must be a consistent set: one top-level state, one child of each active compound state,
    /// every region of each active parallel state.
    func index(of tree: StateTree, active: [Int]) -> Int {
        index(of: tree, below: nil, active: active)
    }

    /// The number, among the configurations below `state` (the spin's, for nil), of the one made of
    /// `active` (the states strictly below `state` that are active, in document order).
    ///
    /// Each state below a compound one (or the spin) adds its weight, multiplied by the strides of
    /// the parallel regions above it; a region adds nothing but multiplies what is below it.
    func index(of tree: StateTree, below state: Int?, active: [Int]) -> Int {
        var total = 0
        // The multiplier of each active state, by position in `active` (parents come first).
        var multipliers = [Int](repeating: 1, count: active.count)
        for (position, current) in active.enumerated() {
            guard tree.nodes.indices.contains(current) else { continue }
            var multiplier = 1
            let parent = tree.nodes[current].parent
            if let parent, parent != state, let parentPosition = Self.position(of: parent, in: active, before: position) {
                multiplier = multipliers[parentPosition]
            }
            if let parent, tree.nodes[parent].kind == .parallel {
                multipliers[position] = multiplier &* weight[current]
            } else {
                multipliers[position] = multiplier
                total &+= weight[current] &* multiplier
            }
        }
        return total
    }

    /// The position of `state` in the sorted `active`, searching before `end`.
    private static func position(of state: Int, in active: [Int], before end: Int) -> Int? {
        var low = 0
        var high = end
        while low < high {
            let middle = (low &+ high) / 2
            if active[middle] < state { low = middle &+ 1 } else { high = middle }
        }
        return low < end && active[low] == state ? low : nil
    }
}
