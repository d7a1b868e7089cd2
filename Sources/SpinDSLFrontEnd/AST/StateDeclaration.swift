/// One state of a spin's state tree, as written in the mapping form of `states:`.
///
/// ```yaml
/// door_closed:
///   initial: closed_without_item
///   history: shallow
///   entry: { set: { lamp: false } }
///   final: [done]
///   states: { closed_without_item: {}, done: {} }
/// ```
public struct StateDeclaration: Hashable, Sendable {
    /// The state's name (the mapping key).
    public let name: Name
    /// Where its body starts.
    public let location: SourceLocation
    /// Atomic, compound (`states:`) or parallel (`parallel:`).
    public let kind: StateKind
    /// The child states (the regions of a parallel state), in document order.
    public let children: [StateDeclaration]
    /// `initial`, when written: the states a compound state enters by default, and the actions.
    public let initialTransition: InitialDeclaration?
    /// The first state `initial` names, when written.
    public var initial: Name? { initialTransition?.targets.first }
    /// `history`, with where it is written.
    public let history: HistoryDeclaration?
    /// `entry`: the actions run when the state is entered, in order.
    public let entry: [ActionBlockDeclaration]
    /// `exit`: the actions run when the state is exited, in order.
    public let exit: [ActionBlockDeclaration]
    /// `final`: the children that are final within this state.
    public let finals: [Name]
    /// `defer`: the events kept, not reduced, while the state is active.
    public let deferred: [Name]

    /// Creates a state declaration.
    public init(
        name: Name, location: SourceLocation, kind: StateKind, children: [StateDeclaration], initial: Name?,
        history: HistoryDeclaration?, entry: [ActionBlockDeclaration], exit: [ActionBlockDeclaration], finals: [Name]
    ) {
        self.init(
            name: name, location: location, kind: kind, children: children,
            initialTransition: initial.map { InitialDeclaration(targets: [$0], location: $0.location) },
            history: history, entry: entry, exit: exit, finals: finals)
    }

    /// Creates a state declaration whose `initial` may name several states and actions, and that
    /// may defer events.
    init(
        name: Name, location: SourceLocation, kind: StateKind, children: [StateDeclaration], initialTransition: InitialDeclaration?,
        history: HistoryDeclaration?, entry: [ActionBlockDeclaration], exit: [ActionBlockDeclaration], finals: [Name],
        deferred: [Name] = []
    ) {
        self.deferred = deferred
        self.name = name
        self.location = location
        self.kind = kind
        self.children = children
        self.initialTransition = initialTransition
        self.history = history
        self.entry = entry
        self.exit = exit
        self.finals = finals
    }
}
