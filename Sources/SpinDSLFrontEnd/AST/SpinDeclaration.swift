/// One spin of a spec, as written.
public struct SpinDeclaration: Hashable, Sendable {
    /// The spin's name.
    public let name: Name
    /// Where its body starts.
    public let location: SourceLocation
    /// `description`.
    public let summary: String?
    /// `states`, in order; empty for a data-only spin. For the mapping form, every state of the
    /// tree in document order (a state before its children).
    public let states: [Name]
    /// The mapping form of `states`: the top-level states with their children; nil for the list
    /// form (`states: [a, b]`) and for a data-only spin.
    public let stateTree: [StateDeclaration]?
    /// `initial`, when written: the states the spin starts in, and the actions of its start.
    public let initialTransition: InitialDeclaration?
    /// The first state `initial` names, when written.
    public var initial: Name? { initialTransition?.targets.first }
    /// `final`.
    public let finals: [Name]
    /// `data`, in order (slot order).
    public let data: [DataFieldDeclaration]
    /// `events`, in order.
    public let events: [EventDeclaration]
    /// `inputs`.
    public let inputs: [Name]
    /// `transitions`, in document order.
    public let transitions: [TransitionDeclaration]
    /// `feedbacks`, in document order (declaration order of the core feedbacks).
    public let feedbacks: [FeedbackDeclaration]
    /// `render`: the spin-level render template.
    public let render: ExpressionText?
    /// `script`.
    public let script: [ScriptStep]
    /// `invariants`, in order: conditions that hold after every step.
    public let invariants: [InvariantDeclaration]
    /// `properties`, in order: temporal formulas `spinrun --check` checks.
    public let properties: [PropertyDeclaration]
    /// `fairness`: the inputs scheduled fairly when the properties are checked.
    public let fairness: FairnessDeclaration?
    /// Whether the spin's body has `parallel:` (its regions at top level): `stateTree` is then one
    /// parallel state named as the spin, and the spin is final when every region is.
    public let isParallel: Bool

    /// Creates a spin declaration.
    public init(
        name: Name, location: SourceLocation, summary: String?, states: [Name], initial: Name?, finals: [Name],
        data: [DataFieldDeclaration], events: [EventDeclaration], inputs: [Name],
        transitions: [TransitionDeclaration], feedbacks: [FeedbackDeclaration], render: ExpressionText?,
        script: [ScriptStep], stateTree: [StateDeclaration]? = nil, invariants: [InvariantDeclaration] = [],
        properties: [PropertyDeclaration] = [], fairness: FairnessDeclaration? = nil, isParallel: Bool = false
    ) {
        self.init(
            name: name, location: location, summary: summary, states: states,
            initialTransition: initial.map { InitialDeclaration(targets: [$0], location: $0.location) }, finals: finals,
            data: data, events: events, inputs: inputs, transitions: transitions, feedbacks: feedbacks, render: render,
            script: script, stateTree: stateTree, invariants: invariants, properties: properties, fairness: fairness,
            isParallel: isParallel)
    }

    /// Creates a spin declaration whose `initial` may name several states and actions.
    init(
        name: Name, location: SourceLocation, summary: String?, states: [Name], initialTransition: InitialDeclaration?, finals: [Name],
        data: [DataFieldDeclaration], events: [EventDeclaration], inputs: [Name],
        transitions: [TransitionDeclaration], feedbacks: [FeedbackDeclaration], render: ExpressionText?,
        script: [ScriptStep], stateTree: [StateDeclaration]?, invariants: [InvariantDeclaration],
        properties: [PropertyDeclaration], fairness: FairnessDeclaration?, isParallel: Bool
    ) {
        self.isParallel = isParallel
        self.name = name
        self.location = location
        self.summary = summary
        self.states = states
        self.stateTree = stateTree
        self.initialTransition = initialTransition
        self.finals = finals
        self.data = data
        self.events = events
        self.inputs = inputs
        self.transitions = transitions
        self.feedbacks = feedbacks
        self.render = render
        self.script = script
        self.invariants = invariants
        self.properties = properties
        self.fairness = fairness
    }

    /// This spin with other events, feedback rules and rows (timed rows written as rules).
    func with(events: [EventDeclaration], feedbacks: [FeedbackDeclaration], transitions: [TransitionDeclaration]) -> SpinDeclaration {
        SpinDeclaration(
            name: name, location: location, summary: summary, states: states, initialTransition: initialTransition, finals: finals,
            data: data, events: events, inputs: inputs, transitions: transitions, feedbacks: feedbacks, render: render, script: script,
            stateTree: stateTree, invariants: invariants, properties: properties, fairness: fairness, isParallel: isParallel)
    }
}
