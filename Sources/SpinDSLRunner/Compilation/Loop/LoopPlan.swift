import SpinDSLFrontEnd

/// The plan of one spin's loop, made once when the spec is compiled: the feedbacks the loop
/// delivers each new state to, in order, each with the form it runs as, the code of each rule
/// case and of the render line, and whether the reducer has internal events to run to completion
/// between queued events.
///
/// This is the one place a rule's kind is decided. The Spin core's feedbacks
/// (`SpinBuilderForSpec`), the checker's synchronous machine (`RunMachine`, through
/// `MachineProgram`) and the Promela export (`PromelaWriter`) each execute the plan; none looks at
/// a rule's trigger to decide how it runs.
package struct LoopPlan: Sendable {
    /// The feedbacks, in delivery order: a statechart's `outbox` (when it propagates gear events),
    /// then `state` (when a periodic or `catch` rule reads the latest state), then the spin's
    /// rules in declaration order. A host's run adds its render and script feedbacks after these.
    package let feedbacks: [FeedbackPlan]
    /// Whether the reducer has internal events (eventless rows, raised events, deferred events
    /// released), reduced to completion before the next queued event.
    package let hasInternalEvents: Bool
    /// Each rule case's code, by rule, then case (`RuleCaseID`): its expressions are compiled
    /// here, once, for every executor.
    package let rules: [[RuleCode]]
    /// The spin's render line, compiled.
    package let render: TemplateCode?

    init(spin: SpinModel, table: ReducerTable) {
        var feedbacks: [FeedbackPlan] = []
        // A statechart's propagated events go out first, when the state of the step that made
        // them is delivered (the reducer, being pure, only keeps them in the state's outbox).
        if let code = table.statechart, !code.propagates.isEmpty {
            feedbacks.append(FeedbackPlan(name: "outbox", kind: .outbox))
        }
        // Next, so that periodic and `catch` rules always read the state every feedback is
        // seeing. Only they read it: without them there is no such feedback, which would cost a
        // call per step.
        let readsLatest = spin.feedbacks.contains { feedback in
            feedback.cases.contains { rule in
                if rule.period != nil { return true }
                if case .gearEvent = rule.trigger { return true }
                return false
            }
        }
        if readsLatest { feedbacks.append(FeedbackPlan(name: "state", kind: .latest)) }
        for (ruleIndex, feedback) in spin.feedbacks.enumerated() {
            let name = feedback.name.text
            // A rule of several level-triggered, immediate cases is one feedback: the first case
            // that holds acts.
            let isLevelImmediate = feedback.cases.allSatisfy { rule in
                rule.delay == nil && rule.period == nil && rule.isLevelTriggered && !rule.isEffect
            }
            if feedback.cases.count > 1, isLevelImmediate {
                let cases = feedback.cases.indices.map { RuleCaseID(rule: ruleIndex, caseIndex: $0) }
                feedbacks.append(FeedbackPlan(name: name, kind: .levelCases(cases)))
                continue
            }
            for (caseIndex, rule) in feedback.cases.enumerated() {
                let kind = Self.kind(of: rule, id: RuleCaseID(rule: ruleIndex, caseIndex: caseIndex))
                feedbacks.append(FeedbackPlan(name: name, kind: kind))
            }
        }
        self.feedbacks = feedbacks
        rules = spin.feedbacks.map { $0.cases.map { $0.map(CompiledExpression.init) } }
        render = spin.render.map { $0.map(CompiledExpression.init) }
        hasInternalEvents = table.statechart.map { $0.mayRaise || $0.chart.hasEventlessRows || $0.chart.deferral != nil } ?? false
    }

    /// The form of feedback rule case `id`, `rule`, runs as.
    private static func kind(of rule: RuleModel, id: RuleCaseID) -> FeedbackKind {
        if case let .gearEvent(gear, event) = rule.trigger {
            return .gearListener(id, gear: gear, event: event)
        }
        if rule.period != nil { return .periodic(id) }
        let immediate = rule.delay == nil && !rule.isEffect
        switch rule.trigger {
        case .everyState, .when, .inStates:
            return immediate ? .level(id) : .perState(id, cancels: rule.strategy == .cancel)
        case .becomes, .enter:
            if rule.strategy != .cancel { return .edgeContinue(id) }
            return immediate ? .risingSync(id) : .risingAsync(id)
        case .changes:
            return rule.strategy == .cancel ? .change(id, immediate: immediate) : .changeContinue(id, immediate: immediate)
        case .gearEvent(let gear, let event):
            return .gearListener(id, gear: gear, event: event)
        }
    }

    /// The code of rule case `id`.
    package func rule(_ id: RuleCaseID) -> RuleCode {
        rules[id.rule][id.caseIndex]
    }
}
