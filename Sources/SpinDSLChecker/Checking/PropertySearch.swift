import SpinDSLFrontEnd
import SpinDSLRunner

/// Looks for a run of the state graph that the automaton of a property's negation accepts and that
/// schedules the fair inputs fairly: a lasso, a path from the start into a strongly connected part
/// of the product of the graph and the automaton, and a cycle in that part that visits every
/// acceptance set, and for each weakly fair input takes it or passes a state where it is disabled,
/// and for each strongly fair input takes it or never passes a state where it is enabled
/// (docs/checking.md, "Properties").
///
/// The strongly connected parts are Tarjan's; a part that breaks strong fairness is searched again
/// without the states where the neglected inputs are enabled (the Emerson–Lei refinement), as a
/// cycle in it may avoid them.
struct PropertySearch {
    /// A counterexample: the start it begins with, the graph edges of the stem, then those of the
    /// cycle, which ends where it begins.
    struct Lasso {
        let start: Int
        let stem: [Int]
        let cycle: [Int]
    }

    /// What the search came to.
    enum Outcome {
        case holds
        case violated(Lasso)
        /// An atom could not be evaluated at `state` (reached first by the tree of first reaches).
        case fault(SpecFault, state: Int)
        /// The product is larger than the search may hold.
        case tooLarge
    }

    private let graph: StateGraph
    private let automaton: BuchiAutomaton
    private let fair: FairInputs
    /// The atoms of state s, bit i for atom i, computed once per state.
    private var atoms: [UInt64?]
    private let evaluate: (Int) -> Result<UInt64, SpecFault>

    // The product: node p is (state[p], node[p]).
    private var state: [Int32] = []
    private var node: [Int32] = []
    private var index: [Int: Int32] = [:]
    private var successors: [[(target: Int32, edge: Int32)]] = []
    private var initial: [Int32] = []

    /// The most product nodes the search holds.
    static let productLimit = 50_000_000

    init(graph: StateGraph, states: Int, automaton: BuchiAutomaton, fair: FairInputs, evaluate: @escaping (Int) -> Result<UInt64, SpecFault>) {
        self.graph = graph
        self.automaton = automaton
        self.fair = fair
        self.evaluate = evaluate
        atoms = [UInt64?](repeating: nil, count: states)
    }

    private enum Stop: Error {
        case fault(SpecFault, state: Int)
        case tooLarge
    }

    private mutating func atomsOf(_ s: Int) throws(Stop) -> UInt64 {
        if let known = atoms[s] { return known }
        switch evaluate(s) {
        case .success(let bits):
            atoms[s] = bits
            return bits
        case .failure(let fault):
            throw .fault(fault, state: s)
        }
    }

    private mutating func productNode(_ s: Int, _ q: Int, queue: inout [Int32]) throws(Stop) -> Int32 {
        let key = s &* automaton.nodes.count &+ q
        if let known = index[key] { return known }
        guard state.count < Self.productLimit else { throw .tooLarge }
        let id = Int32(state.count)
        index[key] = id
        state.append(Int32(s))
        node.append(Int32(q))
        successors.append([])
        queue.append(id)
        return id
    }

    /// Builds the product reachable from the starts.
    private mutating func build() throws(Stop) {
        var queue: [Int32] = []
        for start in graph.starts {
            let bits = try atomsOf(start.state)
            for (q, automatonNode) in automaton.nodes.enumerated() where automatonNode.isInitial && automaton.accepts(q, atoms: bits) {
                let id = try productNode(start.state, q, queue: &queue)
                if !initial.contains(id) { initial.append(id) }
            }
        }
        var head = 0
        while head < queue.count {
            let p = queue[head]
            head &+= 1
            let s = Int(state[Int(p)]), q = Int(node[Int(p)])
            var found: [(target: Int32, edge: Int32)] = []
            for edge in graph.edges(of: s) {
                let target = Int(graph.to[edge])
                let bits = try atomsOf(target)
                for next in automaton.nodes[q].successors where automaton.accepts(next, atoms: bits) {
                    found.append((try productNode(target, next, queue: &queue), Int32(edge)))
                }
            }
            successors[Int(p)] = found
        }
    }

    mutating func run() -> Outcome {
        do throws(Stop) {
            try build()
        } catch {
            switch error {
            case .fault(let fault, let s): return .fault(fault, state: s)
            case .tooLarge: return .tooLarge
            }
        }
        var member = [Bool](repeating: true, count: state.count)
        guard let part = fairPart(Array(0..<Int32(state.count)), member: &member, distance: distances()) else { return .holds }
        return .violated(lasso(through: part))
    }

    // MARK: Strongly connected parts

    /// The strongly connected parts of the product restricted to `nodes` (`member` marks them),
    /// each with an edge inside it (Tarjan, without recursion).
    private func parts(_ nodes: [Int32], member: [Bool]) -> [[Int32]] {
        var number = [Int32](repeating: -1, count: state.count)
        var low = [Int32](repeating: 0, count: state.count)
        var onStack = [Bool](repeating: false, count: state.count)
        var stack: [Int32] = []
        var found: [[Int32]] = []
        var counter: Int32 = 0
        for root in nodes where number[Int(root)] < 0 {
            var frames: [(node: Int32, next: Int)] = [(root, 0)]
            number[Int(root)] = counter
            low[Int(root)] = counter
            counter &+= 1
            stack.append(root)
            onStack[Int(root)] = true
            while let frame = frames.last {
                let v = Int(frame.node)
                let edges = successors[v]
                if frame.next < edges.count {
                    frames[frames.count &- 1].next &+= 1
                    let w = Int(edges[frame.next].target)
                    guard member[w] else { continue }
                    if number[w] < 0 {
                        number[w] = counter
                        low[w] = counter
                        counter &+= 1
                        stack.append(Int32(w))
                        onStack[w] = true
                        frames.append((Int32(w), 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], number[w])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[Int(parent.node)] = min(low[Int(parent.node)], low[v]) }
                guard low[v] == number[v] else { continue }
                var part: [Int32] = []
                while let w = stack.popLast() {
                    onStack[Int(w)] = false
                    part.append(w)
                    if Int(w) == v { break }
                }
                let hasEdge = part.count > 1 || successors[v].contains { Int($0.target) == v }
                if hasEdge { found.append(part) }
            }
        }
        return found
    }

    /// A strongly connected part of `nodes` in which a fair accepting cycle runs, or nil; of
    /// several, the one nearest the start (`distance`), so that the stem is short.
    private func fairPart(_ nodes: [Int32], member: inout [Bool], distance: [Int32]? = nil) -> [Int32]? {
        var best: (part: [Int32], distance: Int32)?
        for part in parts(nodes, member: member) {
            guard let found = fairCycle(in: part, member: &member) else { continue }
            guard let distance else { return found }
            let nearest = found.map { distance[Int($0)] }.min() ?? Int32.max
            if best == nil || nearest < (best?.distance ?? Int32.max) { best = (found, nearest) }
        }
        return best?.part
    }

    /// `part` (strongly connected) when a fair accepting cycle runs through all of it; else a
    /// part of it without the states where a neglected strongly fair input is enabled, searched
    /// again; nil when there is none.
    private func fairCycle(in part: [Int32], member: inout [Bool]) -> [Int32]? {
        let all = (automaton.acceptanceSets >= 64) ? UInt64.max : (UInt64(1) << UInt64(automaton.acceptanceSets)) &- 1
        var acceptance: UInt64 = 0
        var enabledSomewhere: UInt64 = 0, disabledSomewhere: UInt64 = 0
        var taken: UInt64 = 0
        let inPart = Set(part)
        for p in part {
            acceptance |= automaton.nodes[Int(node[Int(p)])].acceptance
            let enabled = graph.enabled(Int(state[Int(p)]))
            enabledSomewhere |= enabled
            disabledSomewhere |= ~enabled
            for (target, edge) in successors[Int(p)] where inPart.contains(target) {
                let input = graph.input[Int(edge)]
                if input >= 0 && input < 64 { taken |= 1 << UInt64(input) }
            }
        }
        guard acceptance & all == all else { return nil }
        // Weak: enabled at every state of the part and never taken there — every cycle in it
        // starves the input.
        guard fair.weak & ~taken & ~disabledSomewhere == 0 else { return nil }
        let neglectedStrong = fair.strong & ~taken & enabledSomewhere
        if neglectedStrong == 0 { return part }
        // A cycle that avoids the states where a neglected input is enabled may be fair.
        let keep = part.filter { graph.enabled(Int(state[Int($0)])) & neglectedStrong == 0 }
        for p in part { member[Int(p)] = false }
        for p in keep { member[Int(p)] = true }
        let found = fairPart(keep, member: &member)
        for p in keep { member[Int(p)] = false }
        return found
    }

    /// Each product node's distance from the starts, in edges.
    private func distances() -> [Int32] {
        var distance = [Int32](repeating: Int32.max, count: state.count)
        var queue = initial
        for p in initial { distance[Int(p)] = 0 }
        var head = 0
        while head < queue.count {
            let p = queue[head]
            head &+= 1
            for (target, _) in successors[Int(p)] where distance[Int(target)] == Int32.max {
                distance[Int(target)] = distance[Int(p)] &+ 1
                queue.append(target)
            }
        }
        return distance
    }

    // MARK: The lasso

    /// The stem from a start into `part`, and a cycle in `part` through a node of every acceptance
    /// set, an edge of every weakly fair input it takes (or a state where it is disabled) and an
    /// edge of every strongly fair input it takes.
    private func lasso(through part: [Int32]) -> Lasso {
        var inPart = [Bool](repeating: false, count: state.count)
        for p in part { inPart[Int(p)] = true }
        // The stem: breadth first from the starts to the part.
        let stem = path(from: initial, within: nil) { inPart[Int($0)] }
        let entryNode = stem.goal ?? part[0]
        // The places the cycle must pass: nodes (acceptance, a state where a weak input is
        // disabled) and edges (a fair input taken).
        var targets: [(node: Int32?, edge: (from: Int32, index: Int)?)] = []
        for bit in 0..<automaton.acceptanceSets {
            if let p = part.first(where: { automaton.nodes[Int(node[Int($0)])].acceptance & (1 << UInt64(bit)) != 0 }) {
                targets.append((p, nil))
            }
        }
        for bit in 0..<fair.events.count {
            let mask = UInt64(1) << UInt64(bit)
            guard (fair.weak | fair.strong) & mask != 0 else { continue }
            var takenEdge: (from: Int32, index: Int)?
            search: for p in part {
                for (index, successor) in successors[Int(p)].enumerated() where inPart[Int(successor.target)] {
                    let input = graph.input[Int(successor.edge)]
                    if input >= 0 && input < 64 && UInt64(1) << UInt64(input) == mask {
                        takenEdge = (p, index)
                        break search
                    }
                }
            }
            if let takenEdge {
                targets.append((nil, takenEdge))
            } else if fair.weak & mask != 0, let p = part.first(where: { graph.enabled(Int(state[Int($0)])) & mask == 0 }) {
                targets.append((p, nil))
            }
        }
        var cycle: [Int32] = []
        var at = entryNode
        for target in targets {
            if let goal = target.node {
                cycle += path(from: [at], within: inPart) { $0 == goal }.edges
                at = goal
            } else if let edge = target.edge {
                cycle += path(from: [at], within: inPart) { $0 == edge.from }.edges
                let successor = successors[Int(edge.from)][edge.index]
                cycle.append(successor.edge)
                at = successor.target
            }
        }
        // Back to the entry, with at least one edge.
        if at == entryNode && !cycle.isEmpty {
            // Closed already.
        } else if at == entryNode, let step = successors[Int(at)].first(where: { inPart[Int($0.target)] }) {
            cycle.append(step.edge)
            at = step.target
            if at != entryNode { cycle += path(from: [at], within: inPart) { $0 == entryNode }.edges }
        } else {
            cycle += path(from: [at], within: inPart) { $0 == entryNode }.edges
        }
        let start = graph.starts.firstIndex { $0.state == Int(state[Int(stem.first ?? entryNode)]) } ?? 0
        return Lasso(start: start, stem: stem.edges.map(Int.init), cycle: cycle.map(Int.init))
    }

    /// A shortest path from one of `sources` to a node for which `isGoal` holds, moving only
    /// through nodes `within` marks (all when nil): the node reached, and the graph edges taken,
    /// with the source it left from first in `first`.
    private func path(from sources: [Int32], within: [Bool]?, isGoal: (Int32) -> Bool) -> (goal: Int32?, edges: [Int32], first: Int32?) {
        var parent: [Int32: (node: Int32, edge: Int32)] = [:]
        var seen: Set<Int32> = Set(sources)
        var queue = sources
        var head = 0
        while head < queue.count {
            let p = queue[head]
            head &+= 1
            if isGoal(p) {
                var edges: [Int32] = []
                var walk = p
                while let back = parent[walk] {
                    edges.append(back.edge)
                    walk = back.node
                }
                return (p, edges.reversed(), walk)
            }
            for (target, edge) in successors[Int(p)] where within?[Int(target)] ?? true {
                if seen.insert(target).inserted {
                    parent[target] = (p, edge)
                    queue.append(target)
                }
            }
        }
        return (nil, [], nil)
    }
}
