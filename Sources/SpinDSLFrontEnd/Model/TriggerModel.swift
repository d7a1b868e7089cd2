/// A resolved trigger.
package enum TriggerModel: Sendable {
    case everyState
    case when(CompiledExpression)
    case becomes(CompiledExpression)
    case changes(CompiledExpression)
    case enter(Set<Int>)
    case inStates(Set<Int>)
    case gearEvent(gear: Int, event: Int)
}
