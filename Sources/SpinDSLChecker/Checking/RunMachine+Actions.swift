import SpinDSLFrontEnd
import SpinDSLRunner

/// A rule's action and a simulated effect's outcome, run on a state.
extension RunMachine {
    /// A rule's action, run at once (`SpinBuilderForSpec.immediateAction`): the event to feed back.
    mutating func act(_ index: Int, _ id: RuleCaseID, state: SpecState, payload: [SpinValue]) -> SpecEvent? {
        let spin = program.spins[index]
        let rule = spin.rule(id)
        coverage?.ruleFired(spin: index, rule: id)
        switch rule.code.action {
        case .emit(let emit):
            return emit.make(fields: spin.fieldTypes[emit.event], state: state, gearPayload: payload, maxStringBytes: program.maxStringBytes)
        case .choose(let branches):
            let picked = oracle.pick(spin: index, rule: id, stream: rule.stream, weights: branches.map(\.weight))
            let emit = branches[picked].emit
            return emit.make(fields: spin.fieldTypes[emit.event], state: state, gearPayload: payload, maxStringBytes: program.maxStringBytes)
        case let .propagate(gear, event, expressions):
            do throws(EvaluationError) {
                let context = EvaluationContext(data: state.data, event: payload, state: state.control, maxStringBytes: program.maxStringBytes)
                var values: [SpinValue] = []
                values.reserveCapacity(expressions.count)
                for expression in expressions { values.append(try expression.evaluate(context)) }
                propagate(gear, GearMessage(kind: event, payload: values))
                return nil
            } catch {
                return .failure(SpecFault(error))
            }
        case .render(let template):
            do throws(EvaluationError) {
                _ = try template.render(EvaluationContext(data: state.data, event: payload, state: state.control, maxStringBytes: program.maxStringBytes))
                return nil
            } catch {
                return .failure(SpecFault(error))
            }
        case .effect:
            return .failure(SpecFault(.catchWithEffect, at: rule.model.declaration.location))
        }
    }

    /// How a simulated effect starts (`SpinBuilderForSpec.asyncAction`): its outcome is picked at
    /// once, then the task waits that outcome's latency (`afterSimulate`) or answers now.
    enum EffectStart {
        case answer(SpecEvent?)
        case wait(outcome: Int, duration: Int64)
    }

    mutating func startSimulatedEffect(_ index: Int, _ id: RuleCaseID, state: SpecState) -> EffectStart {
        let rule = program.spins[index].rule(id)
        guard case .effect(let name, let simulate) = rule.code.action else {
            return .answer(act(index, id, state: state, payload: []))
        }
        guard let simulate else {
            return .answer(.failure(SpecFault(.effectNotBound, at: rule.model.declaration.location, ["effect": name])))
        }
        let picked = simulate.outcome.count == 1
            ? 0 : oracle.pick(spin: index, rule: id, stream: rule.stream, weights: simulate.outcome.map(\.weight))
        guard let delay = simulate.outcome[picked].delay ?? simulate.delay else {
            return .answer(outcomeEvent(index, id, outcome: picked, state: state))
        }
        switch Self.arm(delay, on: state, as: .delay, maxStringBytes: program.maxStringBytes) {
        case .failure(let fault): return .answer(.failure(fault))
        case .success(let duration): return .wait(outcome: picked, duration: duration)
        }
    }

    /// The event of a simulated effect's outcome `outcome` on `state`.
    mutating func outcomeEvent(_ index: Int, _ id: RuleCaseID, outcome: Int, state: SpecState) -> SpecEvent? {
        let spin = program.spins[index]
        guard case .effect(_, let simulate?) = spin.rule(id).code.action, simulate.outcome.indices.contains(outcome) else { return nil }
        coverage?.ruleFired(spin: index, rule: id)
        let emit = simulate.outcome[outcome].emit
        return emit.make(fields: spin.fieldTypes[emit.event], state: state, gearPayload: [], maxStringBytes: program.maxStringBytes)
    }

    /// A timer's duration in nanoseconds, computed on `state` when it is armed.
    static func arm(
        _ timer: TimerCode, on state: SpecState, as key: TimerKey, maxStringBytes: Int
    ) -> Result<Int64, SpecFault> {
        do throws(SpecFault) {
            return .success(MachineProgram.nanoseconds(try timer.armed(on: state, as: key, maxStringBytes: maxStringBytes)))
        } catch {
            return .failure(error)
        }
    }
}
