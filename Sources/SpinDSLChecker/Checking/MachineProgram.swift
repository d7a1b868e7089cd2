import SpinDSLFrontEnd
import SpinDSLRunner

/// What `RunMachine` runs: a compiled spec's spins as the runtime builds them — for each spin its
/// reducer table and the feedbacks of its `LoopPlan`, with each rule case's trigger compiled —
/// made once for a whole exploration.
final class MachineProgram: Sendable {
    /// A rule case, compiled for the machine.
    final class RuleProgram: Sendable {
        /// The plan's code of the case (`LoopPlan.rule`).
        let code: RuleCode
        let model: RuleModel
        /// Its random stream (see `SpinBuilderForSpec.stream`).
        let stream: Int
        /// The trigger's value in a state (`SpinBuilderForSpec.trigger`): off, on, or its fault.
        let trigger: @Sendable (SpecState) -> TriggerValue
        /// The `changes` expression, for `changes` rules.
        let watched: CompiledExpression?
        /// `after` and `every` (nil: none; a run then does not sleep at all, not even for no
        /// time, so a cancelled task still acts).
        let delay: TimerCode?
        let period: TimerCode?
        /// Whether the action reads the state it acts on (payloads, templates): a task that
        /// waits keeps that state only then.
        let readsState: Bool
        /// For an `enter` rule whose states rows exit and enter again, where their entry parities
        /// are (`SpinBuilderForSpec.entryWatch`): the rule then watches them too.
        let entry: [ParityFlip]?
        /// For a level-triggered case: whether it holds in a state (`SpinBuilderForSpec.levelPredicate`).
        let level: LevelTest
        /// The event, when the case emits one without payload.
        let constant: SpecEvent?

        init(
            _ model: RuleModel, code: RuleCode, stream: Int, trigger: @escaping @Sendable (SpecState) -> TriggerValue, entry: [ParityFlip]?,
            level: LevelTest
        ) {
            self.code = code
            self.model = model
            self.level = level
            constant = SpinBuilderForSpec.constantEvent(code)
            self.stream = stream
            self.trigger = trigger
            self.entry = entry
            watched = if case .changes(let watched) = code.trigger { watched } else { nil }
            delay = code.delay
            period = code.period
            readsState = code.action.readsState
        }
    }

    /// A spin, compiled for the machine: a class, so that a step reads it without copying it.
    final class SpinProgram: Sendable {
        let model: SpinModel
        let table: ReducerTable
        /// The feedbacks, as the loop plan has them.
        let slots: [FeedbackPlan]
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
            model: SpinModel, table: ReducerTable, loop: LoopPlan, rules: [[RuleProgram]], isFinal: [Bool],
            fieldTypes: [[ValueType]], script: [(at: Int64, event: SpecEvent)], maxStringBytes: Int
        ) {
            self.model = model
            self.table = table
            slots = loop.feedbacks
            self.rules = rules
            self.isFinal = isFinal
            self.fieldTypes = fieldTypes
            self.script = script
            hasSlots = !loop.feedbacks.isEmpty
            initialState = table.initialState(of: model, maxStringBytes: maxStringBytes)
            isStatechart = table.statechart != nil
            hasInternalEvents = loop.hasInternalEvents
            mayReenter = table.mayReenter
        }

        func rule(_ id: RuleCaseID) -> RuleProgram {
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
            Self.spinProgram(spin, table: compiled.tables[index], loop: compiled.loops[index], script: script, maxStringBytes: maxStringBytes)
        }
    }

    private static func spinProgram(
        _ spin: SpinModel, table: ReducerTable, loop: LoopPlan, script: Bool, maxStringBytes: Int
    ) -> SpinProgram {
        // The builder's predicates, so that a trigger means here what it means in a run.
        let builder = SpinBuilderForSpec(
            spin: spin, table: table, loop: loop, gears: [], options: SpecRunOptions(maxStringBytes: maxStringBytes))
        let rules = loop.rules.enumerated().map { ruleIndex, cases in
            cases.enumerated().map { caseIndex, rule in
                RuleProgram(
                    spin.feedbacks[ruleIndex].cases[caseIndex], code: rule,
                    stream: SpinBuilderForSpec.stream(rule: ruleIndex, case: caseIndex), trigger: builder.trigger(rule),
                    entry: builder.entryWatch(rule), level: builder.levelPredicate(rule))
            }
        }
        var scripted: [(at: Int64, event: SpecEvent)] = []
        if script {
            scripted = zip(spin.script, SpinBuilderForSpec.scriptEvents(of: spin, maxStringBytes: maxStringBytes)).map { step, event in
                (Self.nanoseconds(step.at), event)
            }
        }
        return SpinProgram(
            model: spin, table: table, loop: loop, rules: rules,
            isFinal: spin.hasControlStates ? spin.configurations.isFinal : [],
            fieldTypes: spin.events.map { $0.fields.map(\.type) }, script: scripted, maxStringBytes: maxStringBytes)
    }

    /// Every fixed duration of the spec's rules and simulated effects, in nanoseconds, and whether
    /// any is computed (known only when its timer is armed).
    var durations: (fixed: [Int64], anyComputed: Bool) {
        var fixed: [Int64] = []
        var anyComputed = false
        func add(_ duration: TimerCode?) {
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
                    if case .effect(_, let simulate?) = rule.code.action {
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

extension Action {
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
