import SpinDSLFrontEnd

/// A rule case's trigger (`TriggerModel`) with its expression compiled.
package enum TriggerCode: Sendable {
    case everyState
    case when(CompiledExpression)
    case becomes(CompiledExpression)
    case changes(CompiledExpression)
    case enter(Set<Int>)
    case inStates(Set<Int>)
    case gearEvent(gear: Int, event: Int)

    init(_ model: TriggerModel) {
        switch model {
        case .everyState: self = .everyState
        case .when(let expression): self = .when(CompiledExpression(expression))
        case .becomes(let expression): self = .becomes(CompiledExpression(expression))
        case .changes(let expression): self = .changes(CompiledExpression(expression))
        case .enter(let states): self = .enter(states)
        case .inStates(let states): self = .inStates(states)
        case .gearEvent(let gear, let event): self = .gearEvent(gear: gear, event: event)
        }
    }
}
