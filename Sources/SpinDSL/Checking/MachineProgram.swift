/// What `RunMachine` runs: a compiled spec's spins as the runtime builds them — for each spin its
/// reducer table and its feedbacks in the order `SpinBuilderForSpec` declares them, each with the
/// form of core feedback it gets — made once for a whole exploration.
///
/// The classification below mirrors `SpinBuilderForSpec.compile`, case for case: the machine must
/// do what the core feedback of each rule does (the differential tests hold the two together).
final class MachineProgram: Sendable {
    /// The form of core feedback a slot is, and what it remembers between states.
    enum SlotKind: Sendable {
        /// A statechart's "outbox": sends the gear events of the step that made the state.
        case outbox
        /// The feedback that keeps the latest state for periodic and gear rules ("state").
        case latest
        /// A list of level-triggered immediate cases: the first that holds acts (`LevelCases`).
        case levelCases([LevelCase])
        /// One level-triggered immediate rule: acts on every new state where it holds.
        case level(LevelCase)
        /// A level-triggered rule with a delay or an effect: a task per state whose trigger holds
        /// or faults (`triggeredBy:`); with `cancels`, such a state cancels the previous task.
        case perState(RuleID, cancels: Bool)
        /// `becomes`/`enter` with `strategy: continue`: a task whenever the trigger changes to
        /// holding or to a new fault (`ChangeMemory`), none cancelled.
        case edgeContinue(RuleID)
        /// `becomes`/`enter`, immediate: acts inline whenever the trigger changes
        /// (`skippingRepeated:` on its `TriggerValue`).
        case risingSync(RuleID)
        /// `becomes`/`enter` with a delay or an effect: whenever the trigger changes, the previous
        /// task is cancelled and a task starts for the new value.
        case risingAsync(RuleID)
        /// `every`: the same, with `PeriodicEvents` as the task.
        case periodic(RuleID)
        /// `changes`: a task whenever the watched value changes, cancelling the previous one.
        case change(RuleID, immediate: Bool)
        /// `changes` with `strategy: continue`: a task whenever the watched value changes, none
        /// cancelled (`ChangeMemory`).
        case changeContinue(RuleID, immediate: Bool)
        /// `catch`: acts on each gear message of its event.
        case gearListener(RuleID, gear: Int, event: Int)
    }

    /// One case of a level-triggered immediate rule.
    struct LevelCase: Sendable {
        let test: LevelTest
        let rule: RuleID
        /// The event, when the case emits one without payload.
        let constant: SpecEvent?
    }

    /// A rule case: rule `rule` (its index among the spin's feedbacks), case `caseIndex`.
    struct RuleID: Sendable, Hashable {
        let rule: Int
        let caseIndex: Int
    }

    /// A rule case, compiled for the machine.
    final class RuleProgram: Sendable {
        let model: RuleModel
        /// Its random stream (see `SpinBuilderForSpec.stream`).
        let stream: Int
        /// The trigger's value in a state (`SpinBuilderForSpec.trigger`): off, on, or its fault.
        let trigger: @Sendable (SpecState) -> TriggerValue
        /// The `changes` expression, for `changes` rules.
        let watched: CompiledExpression?
        /// `after` and `every` (nil: none; a run then does not sleep at all, not even for no
        /// time, so a cancelled task still acts).
        let delay: TimerDuration?
        let period: TimerDuration?
        /// Whether the action reads the state it acts on (payloads, templates): a task that
        /// waits keeps that state only then.
        let readsState: Bool
        /// For an `enter` rule whose states rows exit and enter again, where their entry parities
        /// are (`SpinBuilderForSpec.entryWatch`): the rule then watches them too.
        let entry: [ParityFlip]?

        init(
            _ model: RuleModel, stream: Int, trigger: @escaping @Sendable (SpecState) -> TriggerValue, entry: [ParityFlip]?
        ) {
            self.model = model
            self.stream = stream
            self.trigger = trigger
            self.entry = entry
            watched = if case .changes(let watched) = model.trigger { watched } else { nil }
            delay = model.delay
            period = model.period
            readsState = model.action.readsState
        }
    }

    struct SlotProgram: Sendable {
        /// The feedback's name: the `source` of the events it emits.
        let name: String
        let kind: SlotKind
    }

    /// A spin, compiled for the machine: a class, so that a step reads it without copying it.
    final class SpinProgram: Sendable {
        let model: SpinModel
        let table: ReducerTable
        let slots: [SlotProgram]
        /// Rule cases by rule, then case.
        let rules: [[RuleProgram]]
        /// Whether each control state is final.
        let isFinal: [Bool]
        /// The payload types of each event, for making events.
        let fieldTypes: [[ValueType]]
        /// The spec's timed inputs (a simulated run's), in script order, their payloads evaluated
        /// on the initial state.
        let script: [(at: Int64, event: SpecEvent)]
        /// Whether the spin has feedbacks at all: a step of a spin without any ends at the reducer.
        let hasSlots: Bool
        /// The state it starts in (a statechart's after the entry of its initial configuration).
        let initialState: SpecState
        /// Whether it is a statechart (reduced by `ReducerTable.reduceStatechart`).
        let isStatechart: Bool
        /// Whether it has an internal-event source (`ReducerTable.internalEvent`): eventless rows
        /// or raised events, reduced to completion before the next queued event.
        let hasInternalEvents: Bool
        /// Whether a step may exit a state and enter it again (`ReducerTable.mayReenter`).
        let mayReenter: Bool

        init(
            model: SpinModel, table: ReducerTable, slots: [SlotProgram], rules: [[RuleProgram]], isFinal: [Bool],
            fieldTypes: [[ValueType]], script: [(at: Int64, event: SpecEvent)], maxStringBytes: Int
        ) {
            self.model = model
            self.table = table
            self.slots = slots
            self.rules = rules
            self.isFinal = isFinal
            self.fieldTypes = fieldTypes
            self.script = script
            hasSlots = !slots.isEmpty
            initialState = table.initialState(of: model, maxStringBytes: maxStringBytes)
            isStatechart = table.statechart != nil
            hasInternalEvents = table.statechart.map { $0.mayRaise || $0.chart.hasEventlessRows || $0.chart.deferral != nil } ?? false
            mayReenter = table.mayReenter
        }

        func rule(_ id: RuleID) -> RuleProgram {
            rules[id.rule][id.caseIndex]
        }
    }

    let model: SpecModel
    let spins: [SpinProgram]
    let invariants: InvariantCheck
    /// The longest string an expression may make (`--max-string-bytes`), as in a run.
    let maxStringBytes: Int

    /// - Parameter script: whether the run sends the spins' `script` (a simulated run, as `spinrun`
    ///   without events); an exploration chooses its inputs itself.
    ///   `maxStringBytes`: the longest string an expression may make, as `SpecRunOptions` says.
    init(_ compiled: CompiledSpec, script: Bool, maxStringBytes: Int) {
        model = compiled.model
        self.maxStringBytes = maxStringBytes
        invariants = InvariantCheck(compiled.model, maxStringBytes: maxStringBytes)
        spins = compiled.model.spins.enumerated().map { index, spin in
            Self.spinProgram(spin, table: compiled.tables[index], script: script, maxStringBytes: maxStringBytes)
        }
    }

    private static func spinProgram(_ spin: SpinModel, table: ReducerTable, script: Bool, maxStringBytes: Int) -> SpinProgram {
        // The builder's predicates, so that a trigger means here what it means in a run.
        let builder = SpinBuilderForSpec(
            spin: spin, table: table, gears: [], options: SpecRunOptions(maxStringBytes: maxStringBytes))
        let rules = spin.feedbacks.enumerated().map { ruleIndex, feedback in
            feedback.cases.enumerated().map { caseIndex, rule in
                RuleProgram(
                    rule, stream: SpinBuilderForSpec.stream(rule: ruleIndex, case: caseIndex), trigger: builder.trigger(rule),
                    entry: builder.entryWatch(rule))
            }
        }
        var slots: [SlotProgram] = []
        if let code = table.statechart, !code.propagates.isEmpty { slots.append(SlotProgram(name: "outbox", kind: .outbox)) }
        let readsLatest = spin.feedbacks.contains { feedback in
            feedback.cases.contains { rule in
                if rule.period != nil { return true }
                if case .gearEvent = rule.trigger { return true }
                return false
            }
        }
        if readsLatest { slots.append(SlotProgram(name: "state", kind: .latest)) }
        for (ruleIndex, feedback) in spin.feedbacks.enumerated() {
            let name = feedback.name.text
            let isLevelImmediate = feedback.cases.allSatisfy { rule in
                rule.delay == nil && rule.period == nil && rule.isLevelTriggered && !rule.isEffect
            }
            if feedback.cases.count > 1, isLevelImmediate {
                let cases = feedback.cases.enumerated().map { caseIndex, rule in
                    LevelCase(test: builder.levelPredicate(rule), rule: RuleID(rule: ruleIndex, caseIndex: caseIndex),
                              constant: SpinBuilderForSpec.constantEvent(rule))
                }
                slots.append(SlotProgram(name: name, kind: .levelCases(cases)))
                continue
            }
            for (caseIndex, rule) in feedback.cases.enumerated() {
                let id = RuleID(rule: ruleIndex, caseIndex: caseIndex)
                slots.append(SlotProgram(name: name, kind: kind(of: rule, id: id, builder: builder)))
            }
        }
        var scripted: [(at: Int64, event: SpecEvent)] = []
        if script {
            scripted = zip(spin.script, SpinBuilderForSpec.scriptEvents(of: spin, maxStringBytes: maxStringBytes)).map { step, event in
                (Self.nanoseconds(step.at), event)
            }
        }
        return SpinProgram(
            model: spin, table: table, slots: slots, rules: rules,
            isFinal: spin.hasControlStates ? spin.configurations.isFinal : [],
            fieldTypes: spin.events.map { $0.fields.map(\.type) }, script: scripted, maxStringBytes: maxStringBytes)
    }

    /// The core feedback `SpinBuilderForSpec.compile` makes of a rule case, as a slot kind.
    private static func kind(of rule: RuleModel, id: RuleID, builder: SpinBuilderForSpec) -> SlotKind {
        if case let .gearEvent(gear, event) = rule.trigger {
            return .gearListener(id, gear: gear, event: event)
        }
        if rule.period != nil { return .periodic(id) }
        switch rule.trigger {
        case .everyState, .when, .inStates:
            if rule.delay == nil, !rule.isEffect {
                return .level(LevelCase(test: builder.levelPredicate(rule), rule: id, constant: SpinBuilderForSpec.constantEvent(rule)))
            }
            return .perState(id, cancels: rule.strategy == .cancel)
        case .becomes, .enter:
            if rule.strategy != .cancel { return .edgeContinue(id) }
            if rule.delay == nil, !rule.isEffect { return .risingSync(id) }
            return .risingAsync(id)
        case .changes:
            let immediate = rule.delay == nil && !rule.isEffect
            return rule.strategy == .cancel ? .change(id, immediate: immediate) : .changeContinue(id, immediate: immediate)
        case .gearEvent:
            return .gearListener(id, gear: -1, event: -1)
        }
    }

    /// Every fixed duration of the spec's rules and simulated effects, in nanoseconds, and whether
    /// any is computed (known only when its timer is armed).
    var durations: (fixed: [Int64], anyComputed: Bool) {
        var fixed: [Int64] = []
        var anyComputed = false
        func add(_ duration: TimerDuration?) {
            switch duration {
            case .fixed(let value)?: fixed.append(Self.nanoseconds(value))
            case .computed?: anyComputed = true
            case nil: break
            }
        }
        for spin in spins {
            for rules in spin.rules {
                for rule in rules {
                    add(rule.delay)
                    add(rule.period)
                    if case .effect(_, let simulate?) = rule.model.action {
                        add(simulate.delay)
                        for outcome in simulate.outcome { add(outcome.delay) }
                    }
                }
            }
        }
        return (fixed, anyComputed)
    }

    /// A duration in whole nanoseconds (clamped; negative durations count as none).
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? 0 : .max }
        let (total, overflowAgain) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflowAgain { return .max }
        return max(0, total)
    }
}

extension ActionModel {
    /// Whether acting needs the state it acts on: an expression in a payload or a template.
    var readsState: Bool {
        switch self {
        case .emit(let emit): return !emit.payload.isEmpty
        case .choose(let branches): return branches.contains { !$0.emit.payload.isEmpty }
        case .propagate(_, _, let payload): return !payload.isEmpty
        case .effect(_, let simulate): return simulate?.outcome.contains { !$0.emit.payload.isEmpty } ?? false
        case .render: return true
        }
    }
}
