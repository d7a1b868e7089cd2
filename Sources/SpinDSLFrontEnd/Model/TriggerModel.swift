/// A resolved trigger.
package enum TriggerModel: Sendable {
    case everyState
    case when(TypedExpression)
    case becomes(TypedExpression)
    case changes(TypedExpression)
    case enter(Set<Int>)
    case inStates(Set<Int>)
    case gearEvent(gear: Int, event: Int)
}
