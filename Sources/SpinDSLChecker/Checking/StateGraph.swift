import SpinDSLFrontEnd
import SpinDSLRunner

/// The explored states and the moves between them, kept when a spec has properties: what the
/// property search runs on (the exploration itself keeps only each state's first reach).
///
/// A move that comes back to its own state is not an edge (it changes nothing, as a blocked
/// statement in SPIN is no step); a state without edges stutters: it has one edge to itself, its
/// move `StateGraph.stutter`, so that a run that ends (in a final state or a dead end) goes on
/// for ever in that state, as SPIN extends a finite run. A state where a move breaks an invariant,
/// fails or does not settle is cut: it has no stutter, the run stops there.
struct StateGraph {
    /// The move label of a stutter edge.
    static let stutter = UInt32.max
    /// The input of an edge that is no fair input (time, another input, a stutter).
    static let noFairInput: Int32 = -1

    private(set) var from: [UInt32] = []
    private(set) var to: [UInt32] = []
    private(set) var move: [UInt32] = []
    /// The fair input (an index into `Fairness.events`) the edge's move is, or `noFairInput`.
    private(set) var input: [Int32] = []
    /// The states the start reaches, with the start's label.
    private(set) var starts: [(state: Int, label: UInt32)] = []
    private(set) var cut: Set<Int> = []

    /// Edges by state once `finish` ran: the edges of state s are `order[first[s]..<first[s+1]]`.
    private(set) var first: [Int] = []
    private(set) var order: [Int] = []

    mutating func addStart(_ state: Int, label: UInt32) {
        if !starts.contains(where: { $0.state == state }) { starts.append((state, label)) }
    }

    mutating func addEdge(from source: Int, to target: Int, move label: UInt32, input fair: Int32) {
        guard source != target else { return }
        from.append(UInt32(truncatingIfNeeded: source))
        to.append(UInt32(truncatingIfNeeded: target))
        move.append(label)
        input.append(fair)
    }

    mutating func markCut(_ state: Int) {
        cut.insert(state)
    }

    /// Adds the stutters of the `states` explored and indexes the edges by state.
    mutating func finish(states: Int) {
        var count = [Int](repeating: 0, count: states &+ 1)
        for source in from where Int(source) < states { count[Int(source)] &+= 1 }
        for state in 0..<states where count[state] == 0 && !cut.contains(state) {
            from.append(UInt32(truncatingIfNeeded: state))
            to.append(UInt32(truncatingIfNeeded: state))
            move.append(Self.stutter)
            input.append(Self.noFairInput)
            count[state] = 1
        }
        first = [Int](repeating: 0, count: states &+ 1)
        for state in 0..<states { first[state &+ 1] = first[state] &+ count[state] }
        var next = first
        order = [Int](repeating: 0, count: from.count)
        for (edge, source) in from.enumerated() where Int(source) < states {
            order[next[Int(source)]] = edge
            next[Int(source)] &+= 1
        }
    }

    /// The edges of `state`.
    func edges(of state: Int) -> ArraySlice<Int> {
        guard state >= 0, state &+ 1 < first.count else { return [] }
        return order[first[state]..<first[state &+ 1]]
    }

    /// The fair inputs that change `state`, a bit each.
    func enabled(_ state: Int) -> UInt64 {
        var bits: UInt64 = 0
        for edge in edges(of: state) where input[edge] >= 0 && input[edge] < 64 { bits |= 1 << UInt64(input[edge]) }
        return bits
    }
}
