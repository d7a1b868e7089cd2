/// When a rule case acts, over the type of its expressions: checked trees in the model
/// (`TriggerModel`), code once the runner has compiled them (`TriggerCode`).
package enum Trigger<Expression: Sendable>: Sendable {
    case everyState
    case when(Expression)
    case becomes(Expression)
    case changes(Expression)
    case enter(Set<Int>)
    case inStates(Set<Int>)
    case gearEvent(gear: Int, event: Int)

    /// The same trigger with each expression transformed (compiled).
    package func map<Other>(_ transform: (Expression) -> Other) -> Trigger<Other> {
        switch self {
        case .everyState: .everyState
        case .when(let expression): .when(transform(expression))
        case .becomes(let expression): .becomes(transform(expression))
        case .changes(let expression): .changes(transform(expression))
        case .enter(let states): .enter(states)
        case .inStates(let states): .inStates(states)
        case .gearEvent(let gear, let event): .gearEvent(gear: gear, event: event)
        }
    }
}

/// A resolved trigger.
package typealias TriggerModel = Trigger<TypedExpression>
