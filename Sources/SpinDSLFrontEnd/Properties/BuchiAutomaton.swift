/// A generalized Büchi automaton that accepts exactly the runs on which a formula holds, made by
/// the tableau construction of Gerth, Peled, Vardi and Wolper ("Simple on-the-fly automatic
/// verification of linear temporal logic", 1995). `spinrun --check` builds it for the negation of
/// a property: a run of the spec the automaton accepts is a counterexample.
///
/// A node is labelled with the literals the state it reads must satisfy; a run of states
/// s0 s1 … is accepted when it follows nodes q0 q1 … (q0 initial, each qi+1 a successor of qi,
/// each si satisfying qi's label) that visit each acceptance set infinitely often.
package struct BuchiAutomaton: Sendable {
    /// A node: the atoms that must hold and those that must not in the state it reads.
    package struct Node: Sendable {
        var positive: [Int]
        var negative: [Int]
        package var successors: [Int]
        package var isInitial: Bool
        /// Bit `i` set: the node is in acceptance set `i`.
        package var acceptance: UInt64
    }

    package var nodes: [Node]
    /// How many acceptance sets there are (at least one: with no `until` every node accepts).
    package var acceptanceSets: Int

    /// Every node the construction may make at most: past it the formula is refused (a formula a
    /// person writes has a handful).
    static let nodeLimit = 4096

    /// A formula in negation normal form: negation only on atoms, `until` and its dual `release`.
    indirect enum Normal: Hashable, Sendable {
        case truth
        case falsity
        case literal(atom: Int, positive: Bool)
        case and(Normal, Normal)
        case or(Normal, Normal)
        case until(Normal, Normal)
        case release(Normal, Normal)
    }

    /// `formula` (negated when `negated`) in negation normal form.
    static func normal(_ formula: TemporalFormula, negated: Bool) -> Normal {
        switch formula {
        case .atom(let atom): return .literal(atom: atom, positive: !negated)
        case .not(let p): return normal(p, negated: !negated)
        case .and(let p, let q):
            return negated ? .or(normal(p, negated: true), normal(q, negated: true)) : .and(normal(p, negated: false), normal(q, negated: false))
        case .or(let p, let q):
            return negated ? .and(normal(p, negated: true), normal(q, negated: true)) : .or(normal(p, negated: false), normal(q, negated: false))
        case .implies(let p, let q):
            return normal(.or(.not(p), q), negated: negated)
        case .always(let p):
            return negated ? .until(.truth, normal(p, negated: true)) : .release(.falsity, normal(p, negated: false))
        case .eventually(let p):
            return negated ? .release(.falsity, normal(p, negated: true)) : .until(.truth, normal(p, negated: false))
        case .until(let p, let q):
            return negated ? .release(normal(p, negated: true), normal(q, negated: true)) : .until(normal(p, negated: false), normal(q, negated: false))
        case .leadsTo(let p, let q):
            return normal(.always(.implies(p, .eventually(q))), negated: negated)
        }
    }

    /// A node under construction.
    private struct Pending {
        var incoming: Set<Int>
        var new: [Normal]
        var old: Set<Normal>
        var next: Set<Normal>
    }

    /// The automaton of `formula`; nil past `nodeLimit` nodes.
    init?(_ formula: Normal) {
        var made: [(old: Set<Normal>, next: Set<Normal>, incoming: Set<Int>)] = []
        var index: [Pair: Int] = [:]
        // -1 stands for the initial mark among a node's predecessors.
        var work: [Pending] = [Pending(incoming: [-1], new: [formula], old: [], next: [])]
        while var node = work.popLast() {
            guard let formula = node.new.popLast() else {
                let key = Pair(old: node.old, next: node.next)
                if let existing = index[key] {
                    made[existing].incoming.formUnion(node.incoming)
                    continue
                }
                guard made.count < Self.nodeLimit else { return nil }
                index[key] = made.count
                made.append((node.old, node.next, node.incoming))
                work.append(Pending(incoming: [made.count &- 1], new: Array(node.next), old: [], next: []))
                continue
            }
            if node.old.contains(formula) {
                work.append(node)
                continue
            }
            switch formula {
            case .falsity:
                continue
            case .truth:
                node.old.insert(formula)
                work.append(node)
            case .literal(let atom, let positive):
                if node.old.contains(.literal(atom: atom, positive: !positive)) { continue }
                node.old.insert(formula)
                work.append(node)
            case .and(let p, let q):
                node.old.insert(formula)
                for part in [p, q] where !node.old.contains(part) { node.new.append(part) }
                work.append(node)
            case .or(let p, let q):
                node.old.insert(formula)
                work.append(Self.adding([p], to: node))
                work.append(Self.adding([q], to: node))
            case .until(let p, let q):
                node.old.insert(formula)
                var first = Self.adding([p], to: node)
                first.next.insert(formula)
                work.append(first)
                work.append(Self.adding([q], to: node))
            case .release(let p, let q):
                node.old.insert(formula)
                var first = Self.adding([q], to: node)
                first.next.insert(formula)
                work.append(first)
                work.append(Self.adding([p, q], to: node))
            }
        }
        // Acceptance: one set per `until` of the formula, the nodes that keep no promise of it
        // pending (the `until` is not required, or its right side holds).
        let untils = Self.untils(formula)
        acceptanceSets = max(1, untils.count)
        guard acceptanceSets <= 64 else { return nil }
        var nodes: [Node] = made.map { node in
            var positive: [Int] = [], negative: [Int] = []
            for case .literal(let atom, let isPositive) in node.old {
                if isPositive { positive.append(atom) } else { negative.append(atom) }
            }
            var acceptance: UInt64 = untils.isEmpty ? 1 : 0
            for (bit, until) in untils.enumerated() {
                guard case .until(_, let q) = until else { continue }
                if !node.old.contains(until) || node.old.contains(q) { acceptance |= 1 << UInt64(bit) }
            }
            return Node(positive: positive.sorted(), negative: negative.sorted(), successors: [], isInitial: node.incoming.contains(-1), acceptance: acceptance)
        }
        for (target, node) in made.enumerated() {
            for source in node.incoming where source >= 0 { nodes[source].successors.append(target) }
        }
        for index in nodes.indices { nodes[index].successors.sort() }
        self.nodes = nodes
    }

    private struct Pair: Hashable {
        let old: Set<Normal>
        let next: Set<Normal>
    }

    private static func adding(_ formulas: [Normal], to node: Pending) -> Pending {
        var copy = node
        for formula in formulas where !copy.old.contains(formula) { copy.new.append(formula) }
        return copy
    }

    /// The `until` subformulas of `formula`, each once, in the order first met.
    private static func untils(_ formula: Normal) -> [Normal] {
        var found: [Normal] = []
        var seen: Set<Normal> = []
        var work = [formula]
        while let next = work.popLast() {
            switch next {
            case .truth, .falsity, .literal: break
            case .and(let p, let q), .or(let p, let q), .release(let p, let q):
                work.append(q)
                work.append(p)
            case .until(let p, let q):
                if seen.insert(next).inserted { found.append(next) }
                work.append(q)
                work.append(p)
            }
        }
        return found
    }

    /// Whether node `node`'s label holds for a state whose atoms are `atoms` (bit i: atom i holds).
    package func accepts(_ node: Int, atoms: UInt64) -> Bool {
        let label = nodes[node]
        for atom in label.positive where atoms & (1 << UInt64(atom)) == 0 { return false }
        for atom in label.negative where atoms & (1 << UInt64(atom)) != 0 { return false }
        return true
    }
}
