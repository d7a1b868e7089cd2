/// A spin's feedback rules resolved: each trigger, condition, timer and action, and the events
/// they emit or propagate with their payloads.
extension SpecResolver {
    mutating func resolveRule(_ rule: FeedbackRuleDeclaration, in environment: SpinEnvironment) -> RuleModel? {
        let errorsBefore = errorCount
        let stateScope = environment.scope(event: nil)
        var actionScope = stateScope
        let trigger: TriggerModel?
        switch rule.trigger {
        case .everyState:
            trigger = .everyState
        case .when(let text):
            trigger = expression(text, in: stateScope, expecting: .bool, key: "when").map(TriggerModel.when)
        case .becomes(let text):
            trigger = expression(text, in: stateScope, expecting: .bool, key: "becomes").map(TriggerModel.becomes)
        case .changes(let text):
            trigger = expression(text, in: stateScope, expecting: nil).map(TriggerModel.changes)
        case .enter(let names):
            trigger = resolveStates(names, rule: rule, in: environment).map(TriggerModel.enter)
        case .inStates(let names):
            trigger = resolveStates(names, rule: rule, in: environment).map(TriggerModel.inStates)
        case .gearEvent(let gearName, let eventName):
            // A gear event is delivered synchronously into the catching loop: there is no state
            // to wait on, so delays, periods and named effects have nothing to attach to.
            if let delay = rule.delay {
                report(.catchWithAfter, at: delay.location)
            }
            if case .effect = rule.action {
                report(.catchWithEffect, at: rule.location)
            }
            if let (gear, event) = resolveGearEvent(gear: gearName, event: eventName, in: environment) {
                trigger = .gearEvent(gear: gear, event: event)
                actionScope = environment.scope(gearEvent: environment.gears[gear].events[event])
            } else {
                trigger = nil
            }
        }
        var condition: TypedExpression?
        if let text = rule.condition {
            condition = expression(text, in: stateScope, expecting: .bool, key: "when")
        }
        var delay: TimerDuration?
        if let text = rule.delay {
            // With `catch`, reported above: a caught event is delivered at once.
            if case .gearEvent = rule.trigger {} else { delay = timerDuration(text, key: .delay, in: stateScope) }
        }
        var period: TimerDuration?
        if let text = rule.period {
            switch rule.trigger {
            case .everyState, .changes, .gearEvent:
                report(.everyWithoutCondition, at: text.location, ["rule": rule.name])
            default:
                period = timerDuration(text, key: .period, in: stateScope)
            }
        }
        let action = resolveAction(rule.action, in: environment, scope: actionScope)
        guard errorCount == errorsBefore, let trigger, let action else { return nil }
        return RuleModel(
            declaration: rule, trigger: trigger, condition: condition, delay: delay,
            period: period, strategy: rule.strategy, action: action)
    }

    /// An `after` or `every`: a duration expression on the state, evaluated now when it reads
    /// nothing (`2s`, `-1s`, `3 * 500ms`). A constant delay must not be negative, nor a constant
    /// period shorter than 1ms.
    private mutating func timerDuration(_ text: ExpressionText, key: TimerKey, in scope: ResolverScope) -> TimerDuration? {
        guard let checked = expression(text, in: scope, expecting: .duration) else { return nil }
        guard checked.isConstant else { return .computed(checked, at: text.location) }
        let milliseconds: Int64
        do throws(EvaluationError) {
            milliseconds = try checked.constantDuration()
        } catch {
            append([error.diagnostic])
            return nil
        }
        switch key {
        case .delay where milliseconds < 0:
            report(.negativeDelay, at: text.location, ["value": SpinValue.format(milliseconds: milliseconds)])
            return nil
        case .period where milliseconds <= 0:
            report(.nonPositivePeriod, at: text.location)
            return nil
        default:
            return .fixed(.milliseconds(milliseconds))
        }
    }

    private mutating func resolveAction(_ action: FeedbackAction, in environment: SpinEnvironment, scope: ResolverScope) -> ActionModel? {
        switch action {
        case .emit(let emit):
            return resolveEmit(emit, in: environment, scope: scope).map(ActionModel.emit)
        case .choose(let branches):
            return resolveChoice(branches, in: environment, scope: scope).map(ActionModel.choose)
        case let .propagate(gearName, eventName, payload):
            guard let (gear, event) = resolveGearEvent(gear: gearName, event: eventName, in: environment) else { return nil }
            let model = environment.gears[gear].events[event]
            guard let values = resolvePayload(payload, of: model, at: eventName.location, scope: scope) else { return nil }
            return .propagate(gear: gear, event: event, payload: values)
        case let .effect(name, simulate):
            declare([name], what: "effect")
            var simulation: SimulationModel?
            if let simulate {
                let errorsBefore = errorCount
                let delay = simulate.delay.flatMap { timerDuration($0, key: .delay, in: scope) }
                let outcome: [(weight: Int, delay: TimerDuration?, emit: EmitModel)]?
                switch simulate.outcome {
                case .emit(let emit):
                    outcome = resolveEmit(emit, in: environment, scope: scope).map { [(1, nil, $0)] }
                case .choose(let branches):
                    let delays = branches.map { branch in branch.delay.flatMap { timerDuration($0, key: .delay, in: scope) } }
                    outcome = resolveChoice(branches, in: environment, scope: scope).map { resolved in
                        zip(resolved, delays).map { ($0.weight, $1, $0.emit) }
                    }
                }
                guard errorCount == errorsBefore, let outcome else { return nil }
                simulation = SimulationModel(delay: delay, outcome: outcome)
            }
            return .effect(name: name.text, simulate: simulation)
        case .render(let text):
            return template(text, in: scope).map(ActionModel.render)
        }
    }

    private mutating func resolveChoice(_ branches: [WeightedEmit], in environment: SpinEnvironment, scope: ResolverScope) -> [(weight: Int, emit: EmitModel)]? {
        var resolved: [(weight: Int, emit: EmitModel)] = []
        var failed = false
        for branch in branches {
            if branch.weight <= 0 {
                report(.invalidWeight, at: branch.weightLocation, ["weight": branch.weight])
                failed = true
            }
            if let emit = resolveEmit(branch.emit, in: environment, scope: scope) {
                resolved.append((branch.weight, emit))
            } else {
                failed = true
            }
        }
        return failed ? nil : resolved
    }

    mutating func resolveEmit(_ emit: EmitDeclaration, in environment: SpinEnvironment, scope: ResolverScope) -> EmitModel? {
        guard let event = resolveEventName(emit.event, in: environment) else { return nil }
        guard let payload = resolvePayload(emit.payload, of: environment.events[event], at: emit.event.location, scope: scope) else { return nil }
        return EmitModel(event: event, payload: payload)
    }

    /// The payload expressions in the event's field order; every field must be given once. With
    /// `ignoringOthers`, fields the event does not declare are left to another event.
    mutating func resolvePayload(
        _ payload: [Assignment], of event: EventModel, at location: SourceLocation, scope: ResolverScope, ignoringOthers: Bool = false
    ) -> [TypedExpression]? {
        var values = [TypedExpression?](repeating: nil, count: event.fields.count)
        var failed = false
        for assignment in payload {
            guard let slot = event.fields.firstIndex(where: { $0.name.text == assignment.field.text }) else {
                if ignoringOthers { continue }
                report(
                    .unknownPayloadField, at: assignment.field.location, ["event": event.name, "field": assignment.field],
                    suggestion: Suggestion.hint(for: assignment.field.text, in: event.fields.map(\.name.text)))
                failed = true
                continue
            }
            if let value = expression(assignment.value, in: scope, expecting: event.fields[slot].type, key: assignment.field.text) {
                values[slot] = value
            } else {
                failed = true
            }
        }
        let missing = event.fields.indices.filter { values[$0] == nil }.map { event.fields[$0].name.text }
        if !failed, !missing.isEmpty {
            report(.missingPayloadValues, at: location, [
                "event": event.name, "fields": missing.map { "'\($0)'" }.joined(separator: ", "),
                "pairs": missing.map { "\($0): …" }.joined(separator: ", "),
            ])
            failed = true
        }
        return failed ? nil : values.compactMap { $0 }
    }
}
