/// The control states of a spin as a tree: nested (compound) and parallel states below the spin.
///
/// A flat spin (`states: [a, b]`, or a mapping of states without children) is a tree whose states
/// are all top-level and atomic; everything below treats it as the general case, and the
/// compiler gives it the flat table it always had.
public struct StateTree: Sendable {
    /// The states in document order, a state before its children; a state's index is its index in
    /// `SpinModel.states`.
    public internal(set) var nodes: [StateNode]
    /// The top-level states, in document order.
    public let topLevel: [Int]
    /// The state the spin starts in (`initial`, else the first top-level state); entering it enters
    /// its ancestors, and its default children below it. 0 for a data-only spin.
    public let initial: Int
    /// The states the spin starts in (`initial: [a, b]`: one per region of the parallel states
    /// above them); `[initial]` unless written, empty for a data-only spin.
    public internal(set) var initialTargets: [Int]
    /// The actions the spin's start runs before any entry action (`initial: { to, … }`).
    var initialActions: ActionBlockModel?

    /// A tree without states (a data-only spin).
    static let empty = StateTree(nodes: [], topLevel: [], initial: 0)

    /// Whether every state is top-level and atomic: worked out once, since builders ask it per
    /// rule and a flat spin may have tens of thousands of states.
    public let isFlat: Bool
    /// Whether the spin is parallel (`parallel:` in its body): its one top-level state is the
    /// parallel state holding the regions, and the spin is final when that state is complete
    /// (every region in a final state), as a parallel state's `done` is raised.
    public let isParallelSpin: Bool

    init(nodes: [StateNode], topLevel: [Int], initial: Int, isParallelSpin: Bool = false) {
        self.nodes = nodes
        self.topLevel = topLevel
        self.initial = initial
        initialTargets = nodes.indices.contains(initial) ? [initial] : []
        self.isParallelSpin = isParallelSpin
        isFlat = nodes.allSatisfy { $0.parent == nil && $0.kind == .atomic }
    }

    /// The children of `state`, or the top-level states for nil (the spin).
    func children(of state: Int?) -> [Int] {
        guard let state else { return topLevel }
        return nodes.indices.contains(state) ? nodes[state].children : []
    }

    /// Whether `state` is `ancestor` or below it; every state is below the spin (nil).
    package func isDescendant(_ state: Int, ofOrSelf ancestor: Int?) -> Bool {
        guard let ancestor else { return true }
        guard nodes.indices.contains(ancestor) else { return false }
        return state >= ancestor && state < nodes[ancestor].end
    }

    /// Whether `state` is strictly below `ancestor` (nil: the spin).
    package func isProperDescendant(_ state: Int, of ancestor: Int?) -> Bool {
        guard let ancestor else { return nodes.indices.contains(state) }
        guard nodes.indices.contains(ancestor) else { return false }
        return state > ancestor && state < nodes[ancestor].end
    }

    /// Every action block of the states: each state's entry and exit blocks and its default
    /// entry's, in document order, then the spin's start's.
    package var actionBlocks: [ActionBlockModel] {
        nodes.flatMap { $0.entry + $0.exit + ($0.initialActions.map { [$0] } ?? []) } + (initialActions.map { [$0] } ?? [])
    }

    /// The actions of a state's `entry` or `exit` block, or of a default entry (the spin's start's
    /// for `.initial(state: nil)`); nil for a row's block or a completion event's.
    package func actions(of source: ActionBlockSource) -> ActionBlockModel? {
        switch source {
        case .entry(let state, let index):
            return nodes.indices.contains(state) && nodes[state].entry.indices.contains(index) ? nodes[state].entry[index] : nil
        case .exit(let state, let index):
            return nodes.indices.contains(state) && nodes[state].exit.indices.contains(index) ? nodes[state].exit[index] : nil
        case .initial(let state?):
            return nodes.indices.contains(state) ? nodes[state].initialActions : nil
        case .initial(state: nil):
            return initialActions
        case .row, .raise:
            return nil
        }
    }

    /// `state`'s ancestors from its parent up (not the spin).
    package func properAncestors(of state: Int) -> [Int] {
        var ancestors: [Int] = []
        var current = nodes.indices.contains(state) ? nodes[state].parent : nil
        while let parent = current {
            ancestors.append(parent)
            current = nodes[parent].parent
        }
        return ancestors
    }
}
