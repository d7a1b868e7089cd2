/// A resolved named feedback rule: its cases in order.
struct FeedbackModel: Sendable {
    /// The rule's name.
    let name: Name
    /// Its cases; the first whose trigger holds acts.
    let cases: [RuleModel]
}

/// One resolved rule case.
struct RuleModel: Sendable {
    /// The rule as written.
    let declaration: FeedbackRuleDeclaration
    /// When it acts.
    let trigger: TriggerModel
    /// `when` combined with `in`.
    let condition: CompiledExpression?
    /// `after`.
    let delay: Duration?
    /// `every`.
    let period: Duration?
    /// `strategy`.
    let strategy: RuleStrategy
    /// What it does.
    let action: ActionModel
}

/// A resolved trigger.
enum TriggerModel: Sendable {
    case everyState
    case when(CompiledExpression)
    case becomes(CompiledExpression)
    case changes(CompiledExpression)
    case enter(Set<Int>)
    case inStates(Set<Int>)
    case gearEvent(gear: Int, event: Int)
}

/// A resolved action.
enum ActionModel: Sendable {
    case emit(EmitModel)
    case choose([(weight: Int, emit: EmitModel)])
    case propagate(gear: Int, event: Int, payload: [CompiledExpression])
    case effect(name: String, simulate: SimulationModel?)
    case render(Template)
}

/// An event to emit with its payload expressions, in the event's field order.
struct EmitModel: Sendable {
    let event: Int
    let payload: [CompiledExpression]
}

/// What an unbound named effect does.
struct SimulationModel: Sendable {
    let delay: Duration?
    let outcome: [(weight: Int, emit: EmitModel)]
}

/// A resolved timed input.
struct ScriptModel: Sendable {
    let location: SourceLocation
    let at: Duration
    let emit: EmitModel
}
