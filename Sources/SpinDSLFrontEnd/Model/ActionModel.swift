/// A resolved action.
package enum ActionModel: Sendable {
    case emit(EmitModel)
    case choose([(weight: Int, emit: EmitModel)])
    case propagate(gear: Int, event: Int, payload: [TypedExpression])
    case effect(name: String, simulate: SimulationModel?)
    case render(Template)
}
