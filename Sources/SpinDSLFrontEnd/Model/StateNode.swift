/// One state of a spin's state tree, resolved: its place in the tree by index.
///
/// States are numbered in document order, a state before its children (pre-order), so that the
/// descendants of state `s` are exactly the states `s + 1 ..< end`, and an ancestor always has a
/// smaller index than its descendants. The spin itself is the root of the tree, which has no
/// index: `parent` is nil for a top-level state.
public struct StateNode: Sendable {
    /// The state's name.
    public let name: Name
    /// Its parent state; nil for a top-level state (a child of the spin).
    public let parent: Int?
    /// Atomic, compound or parallel.
    public let kind: StateKind
    /// Its children in document order (the regions of a parallel state).
    public let children: [Int]
    /// The child a compound state enters by default; nil for other states.
    public let initial: Int?
    /// What the state's history records, if it has one (compound states only).
    public let history: HistoryKind?
    /// Whether the state is final within its parent (for a top-level state: the spin stops there).
    public internal(set) var isFinal: Bool
    /// One past its last descendant: its descendants are the states `index + 1 ..< end`.
    public let end: Int
    /// 0 for a top-level state.
    public let depth: Int
    /// Its `entry` actions, in order.
    package var entry: [ActionBlockModel]
    /// Its `exit` actions, in order.
    package var exit: [ActionBlockModel]
    /// The state below it its history enters while nothing is recorded (`history: { default: S }`);
    /// nil for its own default entry.
    public internal(set) var historyDefault: Int? = nil
    /// The kinds of history rows enter besides `history` (`to: history(S, deep)` where S declares
    /// shallow history or none), shallow before deep.
    public internal(set) var namedHistories: [HistoryKind] = []
    /// The states a compound state's default entry enters below it (`initial`, SCXML's initial
    /// transition): its initial child, or deeper states, one per region of the parallel states
    /// between; empty for other states.
    public internal(set) var initialTargets: [Int] = []
    /// The actions of its default entry (`initial: { to, … }`): run after its entry actions and
    /// before its children's, only when it is entered by default.
    var initialActions: ActionBlockModel?
    /// The kinds of the events the state defers (`defer:`): kept, not reduced, while it is active.
    public internal(set) var deferred: [Int] = []

    /// Every kind of history the state has: its own (`history`) first, then those rows name.
    public var histories: [HistoryKind] { (history.map { [$0] } ?? []) + namedHistories }
    /// What the state records when it is exited, nil without history: every active state below
    /// it when a row enters its deep history (a shallow history reads the child from that record),
    /// else the active child.
    public var recordedHistory: HistoryKind? { histories.contains(.deep) ? .deep : histories.first }

    /// Whether the state has no children.
    public var isAtomic: Bool { kind == .atomic }
}
