/// A built-in feedback rule: a trigger, optional timing and an action.
public struct FeedbackRuleDeclaration: Hashable, Sendable {
    /// The rule's name (shared by the cases of a list).
    public let name: Name
    /// Where this rule (or this case of a list) starts.
    public let location: SourceLocation
    /// When it acts.
    public let trigger: FeedbackTrigger
    /// `when` written together with `in`: an extra condition.
    public let condition: ExpressionText?
    /// `after`: delay before acting.
    public let delay: DurationLiteral?
    /// `every`: period while the trigger holds.
    public let period: DurationLiteral?
    /// `strategy`.
    public let strategy: RuleStrategy
    /// What it does.
    public let action: FeedbackAction

    /// Creates a rule.
    public init(
        name: Name, location: SourceLocation, trigger: FeedbackTrigger, condition: ExpressionText?,
        delay: DurationLiteral?, period: DurationLiteral?, strategy: RuleStrategy, action: FeedbackAction
    ) {
        self.name = name
        self.location = location
        self.trigger = trigger
        self.condition = condition
        self.delay = delay
        self.period = period
        self.strategy = strategy
        self.action = action
    }
}

/// A named rule: one rule, or a list of cases of which the first whose trigger holds acts.
public struct FeedbackDeclaration: Hashable, Sendable {
    /// The rule's name.
    public let name: Name
    /// One or more cases, in order.
    public let cases: [FeedbackRuleDeclaration]

    /// Creates a named rule.
    public init(name: Name, cases: [FeedbackRuleDeclaration]) {
        self.name = name
        self.cases = cases
    }
}

/// When a rule acts.
public enum FeedbackTrigger: Hashable, Sendable {
    /// Every new state.
    case everyState
    /// `when: expr` — every new state where it holds.
    case when(ExpressionText)
    /// `becomes: expr` — on the rising edge, including the initial state.
    case becomes(ExpressionText)
    /// `changes: expr` — when the value changes, including the initial state.
    case changes(ExpressionText)
    /// `enter: S` — on entering one of the states (or starting in one).
    case enter([Name])
    /// `in: S` — every new state while in one of the states.
    case inStates([Name])
    /// `catch: gear.event` — when the gear carries the event.
    case gearEvent(gear: Name, event: Name)
}

/// `strategy: cancel | continue`.
public enum RuleStrategy: String, Hashable, Sendable {
    case cancel
    case `continue`
}

/// What a rule does.
public enum FeedbackAction: Hashable, Sendable {
    /// `emit: event`, `with: {…}`.
    case emit(EmitDeclaration)
    /// `choose: [...]`.
    case choose([WeightedEmit])
    /// `propagate: gear.event`, `with: {…}`.
    case propagate(gear: Name, event: Name, payload: [Assignment])
    /// `effect: name`, `simulate: {…}`.
    case effect(name: Name, simulate: SimulatedEffect?)
    /// `render: "template"`.
    case render(ExpressionText)
}

/// An event to emit, with its payload.
public struct EmitDeclaration: Hashable, Sendable {
    /// The event.
    public let event: Name
    /// `with`: payload field values.
    public let payload: [Assignment]

    /// Creates an emission.
    public init(event: Name, payload: [Assignment]) {
        self.event = event
        self.payload = payload
    }
}

/// One branch of a `choose`.
public struct WeightedEmit: Hashable, Sendable {
    /// The positive weight.
    public let weight: Int
    /// Where the weight is written.
    public let weightLocation: SourceLocation
    /// The event to emit.
    public let emit: EmitDeclaration

    /// Creates a branch.
    public init(weight: Int, weightLocation: SourceLocation, emit: EmitDeclaration) {
        self.weight = weight
        self.weightLocation = weightLocation
        self.emit = emit
    }
}

/// What an unbound named effect does in simulation: wait, then emit or choose.
public struct SimulatedEffect: Hashable, Sendable {
    /// Where `simulate` is written.
    public let location: SourceLocation
    /// `after`: simulated latency.
    public let delay: DurationLiteral?
    /// `emit` or `choose`.
    public let outcome: SimulatedOutcome

    /// Creates a simulated behaviour.
    public init(location: SourceLocation, delay: DurationLiteral?, outcome: SimulatedOutcome) {
        self.location = location
        self.delay = delay
        self.outcome = outcome
    }
}

/// The result of a simulated effect.
public enum SimulatedOutcome: Hashable, Sendable {
    case emit(EmitDeclaration)
    case choose([WeightedEmit])
}
