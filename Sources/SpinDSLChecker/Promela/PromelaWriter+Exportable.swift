import SpinDSLFrontEnd
import SpinDSLRunner

/// What the Promela model can hold: the refusals of `PromelaExporter`, and the spec's rules read
/// as the feedbacks the model runs.
extension PromelaWriter {
    /// Every construct the model cannot hold, located; reads the spec's rules into `rules`.
    mutating func checkExportable() -> [Diagnostic] {
        var problems = SpecChecker(compiled).diagnostics
        for gear in model.gears {
            problems.append(Self.refusal(gear.name.location, "gear '\(gear.name)'", "the model has no gears yet"))
        }
        for (spinIndex, spin) in model.spins.enumerated() {
            if let chart = chart(spinIndex) {
                problems += statechartProblems(spinIndex, chart: chart)
            }
            problems += Self.valueProblems(spin)
            let spinRules = feedbackRules(spinIndex, problems: &problems)
            rules.append(spinRules)
        }
        if model.spins.count > 1, rules.contains(where: { !$0.isEmpty }) {
            problems.append(Self.refusal(model.spins[0].name.location, "spin '\(model.spins[0].name)'", "feedback rules are exported in a spec of one spin"))
        }
        problems += expressionProblems()
        return problems.sorted { $0.location < $1.location }
    }

    private static func refusal(_ location: SourceLocation, _ what: String, _ why: String) -> Diagnostic {
        Diagnostic(.notExportable, at: location, ["what": what, "why": why])
    }

    /// The data fields and input payload fields whose values SPIN has no type for.
    private static func valueProblems(_ spin: SpinModel) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        // A send's own fields go with the send, which is refused as a whole (`feedbackRules`).
        for field in spin.fields where !field.isHidden && !hasPromelaType(field.type) {
            problems.append(refusal(field.name.location, "data field '\(field.name)'", "SPIN has no \(field.type) values"))
        }
        for event in spin.events where event.isInput {
            for field in event.fields where !hasPromelaType(field.type) {
                problems.append(refusal(field.name.location, "payload field '\(field.name)'", "SPIN has no \(field.type) values"))
            }
        }
        return problems
    }

    private static func hasPromelaType(_ type: ValueType) -> Bool {
        switch type {
        case .int, .bool, .enumeration: return true
        default: return false
        }
    }

    /// Spin `spin`'s rules as the feedbacks the model runs, numbered after those of the spins
    /// before it (`rules`); the rules it cannot run are refused into `problems`.
    private func feedbackRules(_ spin: Int, problems: inout [Diagnostic]) -> [Rule] {
        var spinRules: [Rule] = []
        let programSpin = program.spins[spin]
        let onlyEmit = "only 'emit' and 'render' actions are exported"
        for slot in programSpin.slots {
            let number = rules.joined().count &+ spinRules.count
            switch slot.kind {
            case .latest, .outbox:
                continue
            case .levelCases(let cases):
                let kept = cases.filter { !Self.isRender(programSpin.rule($0)) }
                for id in kept where !Self.emitsSimply(programSpin.rule(id)) {
                    problems.append(Self.refusal(programSpin.rule(id).model.declaration.location, "rule '\(slot.name)'", onlyEmit))
                }
                if !kept.isEmpty { spinRules.append(Rule(kind: .level(kept), number: number)) }
            case .level(let id), .risingSync(let id):
                let rule = programSpin.rule(id)
                if Self.isRender(rule) { continue }
                if !Self.emitsSimply(rule) {
                    problems.append(Self.refusal(rule.model.declaration.location, "rule '\(slot.name)'", onlyEmit))
                }
                let kind: Rule.Kind = if case .level = slot.kind { .level([id]) } else { .risingSync(id) }
                spinRules.append(Rule(kind: kind, number: number))
            case .risingAsync(let id), .periodic(let id):
                let rule = programSpin.rule(id)
                if Self.isRender(rule) { continue }
                if let timer = timerRule(rule, id, slot: slot, number: number, problems: &problems) {
                    spinRules.append(timer)
                }
            case .perState(let id, _), .edgeContinue(let id), .change(let id, _), .changeContinue(let id, _), .gearListener(let id, _, _):
                let rule = programSpin.rule(id)
                if Self.isRender(rule) { continue }
                problems.append(Self.untimedRefusal(rule, slot: slot))
            }
        }
        return spinRules
    }

    /// A `becomes`/`enter` rule with `after`, or an `every` rule, as a timer of the model; nil,
    /// refused into `problems`, when its action or timing is not exported.
    private func timerRule(
        _ rule: MachineProgram.RuleProgram, _ id: RuleCaseID, slot: FeedbackPlan, number: Int, problems: inout [Diagnostic]
    ) -> Rule? {
        let location = rule.model.declaration.location
        guard case .emit(let emit) = rule.model.action else {
            problems.append(Self.refusal(location, "rule '\(slot.name)'", "only 'emit' and 'render' actions are exported"))
            return nil
        }
        guard emit.payload.isEmpty else {
            problems.append(Self.refusal(location, "rule '\(slot.name)'", "a timer rule is exported when it emits an event without payload"))
            return nil
        }
        if case .periodic = slot.kind {
            guard rule.delay == nil, case .fixed(let period)? = rule.period else {
                problems.append(Self.refusal(location, "rule '\(slot.name)'", "'every' is exported with a fixed period and no 'after'"))
                return nil
            }
            return Rule(kind: .every(id, units: Self.milliseconds(period) / unit), number: number)
        }
        guard case .fixed(let delay)? = rule.delay, Self.milliseconds(delay) > 0 else {
            // A timed row's rule is the row to the user (`from: S, after: D`).
            let what = TimedRows.isTimerName(slot.name) ? "timed row '\(slot.name)'" : "rule '\(slot.name)'"
            problems.append(Self.refusal(location, what, "'after' is exported with a fixed delay longer than 0ms"))
            return nil
        }
        return Rule(kind: .after(id, units: Self.milliseconds(delay) / unit), number: number)
    }

    /// The refusal of a rule whose trigger or timing the model does not run.
    private static func untimedRefusal(_ rule: MachineProgram.RuleProgram, slot: FeedbackPlan) -> Diagnostic {
        if Sends.isRuleName(slot.name) {
            // A send's rule is the send to the user (`Sends`).
            return refusal(rule.model.declaration.location, "'send' (its rule '\(slot.name)')", "sends are not exported; 'spinrun --check' checks them")
        }
        return refusal(rule.model.declaration.location, "rule '\(slot.name)'",
                       "its trigger and timing are not exported (level rules act at once; 'becomes' and 'enter' at once or after a fixed delay; 'every' with a fixed period)")
    }

    /// Every expression the model evaluates that cannot be written in Promela.
    private func expressionProblems() -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for (spinIndex, spin) in model.spins.enumerated() {
            for transition in spin.transitions {
                var expressions = transition.assignments.map(\.value.expression)
                if let guardExpression = transition.guardExpression { expressions.append(guardExpression.expression) }
                for expression in expressions where self.expression(expression, spin: spinIndex, event: Self.eventNames(transition.event, spin)) == nil {
                    problems.append(Self.refusal(expression.location, "'\(expression.text)'", "it uses values or functions SPIN does not have"))
                }
            }
            for invariant in spin.invariants where self.expression(invariant.condition, spin: spinIndex, event: []) == nil {
                problems.append(Self.refusal(invariant.name.location, "invariant '\(invariant.name)'", "it uses values or functions SPIN does not have"))
            }
            for property in spin.properties where ltl(property, spin: spinIndex) == nil {
                problems.append(Self.refusal(property.name.location, "property '\(property.name)'", "it uses values or functions SPIN does not have"))
            }
        }
        return problems
    }

    private static func isRender(_ rule: MachineProgram.RuleProgram) -> Bool {
        if case .render = rule.model.action { return true }
        return false
    }

    private static func emitsSimply(_ rule: MachineProgram.RuleProgram) -> Bool {
        if case .emit = rule.model.action { return true }
        return false
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        MachineProgram.nanoseconds(duration) / 1_000_000
    }

    /// The temporaries that stand for event `kind`'s payload fields.
    static func eventNames(_ kind: Int, _ spin: SpinModel) -> [String] {
        guard spin.events.indices.contains(kind) else { return [] }
        return spin.events[kind].fields.indices.map { "p\($0)" }
    }
}
