/// What a rule case does, over the type of its expressions: checked trees in the model
/// (`ActionModel`), code once the runner has compiled them (`ActionCode`).
package enum Action<Expression: Sendable>: Sendable {
    case emit(Emit<Expression>)
    case choose([(weight: Int, emit: Emit<Expression>)])
    case propagate(gear: Int, event: Int, payload: [Expression])
    case effect(name: String, simulate: Simulation<Expression>?)
    case render(TemplateParts<Expression>)

    /// The same action with each expression transformed (compiled).
    package func map<Other>(_ transform: (Expression) -> Other) -> Action<Other> {
        switch self {
        case .emit(let emit): .emit(emit.map(transform))
        case .choose(let branches): .choose(branches.map { (weight: $0.weight, emit: $0.emit.map(transform)) })
        case let .propagate(gear, event, payload): .propagate(gear: gear, event: event, payload: payload.map(transform))
        case let .effect(name, simulate): .effect(name: name, simulate: simulate?.map(transform))
        case .render(let template): .render(template.map(transform))
        }
    }
}

/// A resolved action.
package typealias ActionModel = Action<TypedExpression>
