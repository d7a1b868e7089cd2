import SpinDSLFrontEnd

/// A rule's action (`ActionModel`) with its expressions compiled.
package enum ActionCode: Sendable {
    case emit(EmitCode)
    case choose([(weight: Int, emit: EmitCode)])
    case propagate(gear: Int, event: Int, payload: [CompiledExpression])
    case effect(name: String, simulate: SimulationCode?)
    case render(TemplateCode)

    init(_ model: ActionModel) {
        switch model {
        case .emit(let emit): self = .emit(EmitCode(emit))
        case .choose(let branches): self = .choose(branches.map { (weight: $0.weight, emit: EmitCode($0.emit)) })
        case let .propagate(gear, event, payload): self = .propagate(gear: gear, event: event, payload: payload.map(CompiledExpression.init))
        case let .effect(name, simulate): self = .effect(name: name, simulate: simulate.map(SimulationCode.init))
        case .render(let template): self = .render(TemplateCode(template))
        }
    }
}
