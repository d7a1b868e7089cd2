/// Feedback rules: triggers, timing, actions, choices and simulated effects.
extension SpecBuilder {
    static let triggerKeys = ["when", "becomes", "changes", "enter", "in", "catch"]
    static let actionKeys = ["emit", "choose", "propagate", "effect", "render"]
    static let ruleKeys = triggerKeys + ["after", "every", "strategy"] + actionKeys + ["with", "simulate"]

    /// `name: { … }` (one rule) or `name: [ { … }, { … } ]` (cases, first match acts).
    mutating func feedback(_ entry: YAMLMappingEntry) -> FeedbackDeclaration? {
        let name = Self.keyName(entry)
        let node = entry.value
        switch node.kind {
        case .mapping(let entries):
            return rule(node, entries, name: name).map { FeedbackDeclaration(name: name, cases: [$0]) }
        case .sequence(let items):
            guard !items.isEmpty else {
                report(.emptyFeedbackRule, at: node.location, ["rule": name])
                return nil
            }
            var cases: [FeedbackRuleDeclaration] = []
            for item in items {
                guard let entries = mapping(item, "for each case of feedback rule '\(name.text)'") else { continue }
                if let rule = rule(item, entries, name: name) { cases.append(rule) }
            }
            return cases.count == items.count ? FeedbackDeclaration(name: name, cases: cases) : nil
        case .scalar:
            wrongKind(node, expected: "a mapping or a list", "for feedback rule '\(name.text)'")
            return nil
        }
    }

    /// What a rule's entries have said so far. `complete` turns false at the first problem, and
    /// reading goes on, so that every problem in the rule is reported at once.
    private struct RuleDraft {
        var complete = true
        var triggers: [(key: String, entry: YAMLMappingEntry)] = []
        var actions: [(key: String, entry: YAMLMappingEntry)] = []
        var trigger: FeedbackTrigger?
        var condition: ExpressionText?
        var states: [Name]?
        var action: FeedbackAction?
        var delay: ExpressionText?
        var period: (ExpressionText, YAMLMappingEntry)?
        var strategy = RuleStrategy.cancel
        var payload: [Assignment] = []
    }

    /// One rule (or one case of a rule).
    private mutating func rule(_ node: YAMLNode, _ entries: [YAMLMappingEntry], name: Name) -> FeedbackRuleDeclaration? {
        checkKeys(entries, allowed: Self.ruleKeys, "in feedback rule '\(name.text)'")
        var draft = RuleDraft()
        let with = node.entry(for: "with")
        if let with {
            if let written = assignments(with.value, "with") { draft.payload = written } else { draft.complete = false }
        }
        for entry in entries {
            let key = Self.key(entry)
            if Self.triggerKeys.contains(key) {
                ruleTrigger(entry, key: key, rule: name, into: &draft)
            } else if Self.actionKeys.contains(key) {
                ruleAction(entry, key: key, in: node, rule: name, into: &draft)
            } else {
                ruleTiming(entry, key: key, into: &draft)
            }
        }
        assembleTrigger(&draft)
        checkRuleShape(node, with: with, rule: name, &draft)
        guard draft.complete, let action = draft.action else { return nil }
        return FeedbackRuleDeclaration(
            name: name, location: node.location, trigger: draft.trigger ?? .everyState, condition: draft.condition,
            delay: draft.delay, period: draft.period?.0, strategy: draft.strategy, action: action)
    }

    /// A trigger entry (`when`, `becomes`, `changes`, `enter`, `in`, `catch`). A rule has one
    /// trigger, except that `in` may come with a `when`.
    private mutating func ruleTrigger(_ entry: YAMLMappingEntry, key: String, rule name: Name, into draft: inout RuleDraft) {
        let value = entry.value
        let triggers = draft.triggers
        let accepted = triggers.isEmpty
            || (triggers.count == 1 && Set([triggers[0].key, key]) == ["in", "when"])
        if !accepted {
            draft.complete = false
            let first = triggers.map { "'\($0.key)'" }.joined(separator: " and ")
            report(.secondTrigger, at: entry.key.location, ["rule": name, "key": key, "first": first])
        }
        // Parsed even when rejected, so that problems inside it are reported too.
        var parsed = true
        switch key {
        case "when":
            if let expression = expression(value, "for 'when'") {
                if accepted { draft.condition = expression }
            } else { parsed = false }
        case "becomes", "changes":
            if let expression = expression(value, "for '\(key)'") {
                if accepted { draft.trigger = key == "becomes" ? .becomes(expression) : .changes(expression) }
            } else { parsed = false }
        case "enter":
            if let names = names(value, "enter") {
                if accepted { draft.trigger = .enter(names) }
            } else { parsed = false }
        case "in":
            if let names = names(value, "in") {
                if accepted { draft.states = names }
            } else { parsed = false }
        default:
            if let (gear, event) = gearEvent(value, "catch") {
                if accepted { draft.trigger = .gearEvent(gear: gear, event: event) }
            } else { parsed = false }
        }
        if !parsed { draft.complete = false }
        if accepted { draft.triggers.append((key, entry)) }
    }

    /// An action entry; only the first one counts, a second one is reported (and still read).
    private mutating func ruleAction(
        _ entry: YAMLMappingEntry, key: String, in node: YAMLNode, rule name: Name, into draft: inout RuleDraft
    ) {
        if let first = draft.actions.first {
            draft.complete = false
            report(.secondAction, at: entry.key.location, ["rule": name, "key": key, "first": first.key])
        }
        let built = self.action(entry, in: node, payload: draft.payload, rule: name)
        if built == nil { draft.complete = false } else if draft.actions.isEmpty { draft.action = built }
        draft.actions.append((key, entry))
    }

    /// `after`, `every` or `strategy` (`with` and `simulate` are read by their users).
    private mutating func ruleTiming(_ entry: YAMLMappingEntry, key: String, into draft: inout RuleDraft) {
        let value = entry.value
        switch key {
        case "after":
            draft.delay = expression(value, "for 'after'")
            if draft.delay == nil { draft.complete = false }
        case "every":
            if let duration = expression(value, "for 'every'") { draft.period = (duration, entry) } else { draft.complete = false }
        case "strategy":
            if let written = self.strategy(value) { draft.strategy = written } else { draft.complete = false }
        default:
            break
        }
    }

    /// Assembles the trigger: `in` (with an optional `when`) or a lone `when`.
    private func assembleTrigger(_ draft: inout RuleDraft) {
        if let states = draft.states {
            draft.trigger = .inStates(states)
        } else if let expression = draft.condition, draft.trigger == nil {
            draft.trigger = .when(expression)
            draft.condition = nil
        }
    }

    /// The checks across entries: `every` needs a condition, a rule needs an action, `with` goes
    /// with `emit` or `propagate`, and `simulate` with `effect`.
    private mutating func checkRuleShape(_ node: YAMLNode, with: YAMLMappingEntry?, rule name: Name, _ draft: inout RuleDraft) {
        if let (_, entry) = draft.period {
            let keys = draft.triggers.map(\.key)
            if !keys.contains(where: { ["when", "becomes", "enter", "in"].contains($0) }) {
                draft.complete = false
                report(.everyWithoutCondition, at: entry.key.location, ["rule": name])
            }
        }
        let firstAction = draft.actions.first?.key
        if firstAction == nil {
            draft.complete = false
            report(.ruleWithoutAction, at: node.location, ["rule": name])
        }
        if let with, let firstAction, firstAction != "emit", firstAction != "propagate" {
            draft.complete = false
            report(.withoutEmit, at: with.key.location, ["rule": name])
        }
        if let simulate = node.entry(for: "simulate"), let firstAction, firstAction != "effect" {
            draft.complete = false
            report(.simulateWithoutEffect, at: simulate.key.location, ["rule": name])
        }
    }

    /// The action an `emit`, `choose`, `propagate`, `effect` or `render` entry describes.
    private mutating func action(
        _ entry: YAMLMappingEntry, in rule: YAMLNode, payload: [Assignment], rule name: Name
    ) -> FeedbackAction? {
        let value = entry.value
        switch Self.key(entry) {
        case "emit":
            return self.name(value, "for 'emit'").map { .emit(EmitDeclaration(event: $0, payload: payload)) }
        case "choose":
            return choices(value, rule: name, inSimulate: false).map { .choose($0) }
        case "propagate":
            return gearEvent(value, "propagate").map { .propagate(gear: $0.gear, event: $0.event, payload: payload) }
        case "effect":
            let effect = self.name(value, "for 'effect'")
            var simulated: SimulatedEffect?
            if let simulate = rule.entry(for: "simulate") {
                simulated = self.simulate(simulate, rule: name)
                if simulated == nil { return nil }
            }
            return effect.map { .effect(name: $0, simulate: simulated) }
        default:
            return expression(value, "for 'render'").map { .render($0) }
        }
    }

    /// `strategy: cancel | continue`.
    private mutating func strategy(_ node: YAMLNode) -> RuleStrategy? {
        guard let scalar = string(node, "for 'strategy'") else { return nil }
        if let strategy = RuleStrategy(rawValue: scalar.value) { return strategy }
        report(
            .unknownStrategy, at: node.location, ["strategy": scalar.value],
            suggestion: Suggestion.hint(for: scalar.value, in: ["cancel", "continue"]))
        return nil
    }

    /// `choose: [ { weight: 3, emit: ok, with: {…} }, … ]`; in a simulated effect, a choice may
    /// have its own `after`.
    private mutating func choices(_ node: YAMLNode, rule name: Name, inSimulate: Bool) -> [WeightedEmit]? {
        guard let items = list(node, "for 'choose'") else { return nil }
        guard !items.isEmpty else {
            report(.emptyChoose, at: node.location, ["rule": name])
            return nil
        }
        var choices: [WeightedEmit] = []
        for item in items {
            guard let entries = mapping(item, "for each choice") else { continue }
            let keys = inSimulate ? ["weight", "after", "emit", "with"] : ["weight", "emit", "with"]
            checkKeys(entries, allowed: keys, "in a choice of feedback rule '\(name.text)'")
            var complete = true
            var weight = 1
            var weightLocation = item.location
            if let node = item["weight"] {
                weightLocation = node.location
                if let scalar = node.scalar, !scalar.isNull {
                    if let written = scalar.asInt(), written > 0, let fitting = Int(exactly: written) {
                        weight = fitting
                    } else {
                        complete = false
                        // A literal past Int64 is already reported by the reader, at the same place.
                        if !scalar.isOversizedInteger {
                            report(.invalidWeight, at: node.location, ["weight": scalar.value])
                        }
                    }
                } else {
                    complete = false
                    wrongKind(node, expected: "a positive integer", "for 'weight'")
                }
            }
            var payload: [Assignment] = []
            if let with = item["with"] {
                if let written = assignments(with, "with") { payload = written } else { complete = false }
            }
            var delay: ExpressionText?
            if inSimulate, let after = item["after"] {
                delay = expression(after, "for 'after'")
                if delay == nil { complete = false }
            }
            var event: Name?
            if let emit = item["emit"] {
                event = self.name(emit, "for 'emit'")
            } else {
                report(.choiceWithoutEmit, at: item.location)
            }
            if complete, let event {
                choices.append(WeightedEmit(
                    weight: weight, weightLocation: weightLocation, emit: EmitDeclaration(event: event, payload: payload), delay: delay))
            }
        }
        guard choices.count == items.count else { return nil }
        // The draw adds the weights up: a sum past Int64 would wrap and always pick one branch.
        var total = 0
        for choice in choices {
            let (sum, overflow) = total.addingReportingOverflow(choice.weight)
            guard !overflow else {
                report(.weightSumTooLarge, at: choice.weightLocation, ["rule": name])
                return nil
            }
            total = sum
        }
        return choices
    }

    /// `simulate: { after: 1s, emit: done, with: {…} }` or `{ choose: […] }`.
    private mutating func simulate(_ entry: YAMLMappingEntry, rule name: Name) -> SimulatedEffect? {
        let node = entry.value
        guard let entries = mapping(node, "for 'simulate'") else { return nil }
        let role = "'simulate' of feedback rule '\(name.text)'"
        checkKeys(entries, allowed: ["after", "emit", "choose", "with"], "in \(role)")
        var complete = true
        var delay: ExpressionText?
        if let after = node["after"] {
            delay = expression(after, "for 'after'")
            if delay == nil { complete = false }
        }
        var payload: [Assignment] = []
        let with = node.entry(for: "with")
        if let with {
            if let written = assignments(with.value, "with") { payload = written } else { complete = false }
        }
        var outcome: SimulatedOutcome?
        var first: String?
        for entry in entries {
            let key = Self.key(entry)
            guard key == "emit" || key == "choose" else { continue }
            if let first {
                complete = false
                report(.simulateTwoOutcomes, at: entry.key.location, ["rule": name, "first": first, "key": key])
            }
            let built: SimulatedOutcome? = key == "emit"
                ? self.name(entry.value, "for 'emit'").map { .emit(EmitDeclaration(event: $0, payload: payload)) }
                : choices(entry.value, rule: name, inSimulate: true).map { .choose($0) }
            if built == nil { complete = false } else if first == nil { outcome = built }
            if first == nil { first = key }
        }
        if first == nil {
            complete = false
            report(.simulateWithoutOutcome, at: node.location, ["rule": name])
        }
        if let with, first == "choose" {
            complete = false
            report(.simulateWithOnChoose, at: with.key.location, ["rule": name])
        }
        guard complete, let outcome else { return nil }
        return SimulatedEffect(location: entry.key.location, delay: delay, outcome: outcome)
    }
}
