import Spin

/// Builds the core `Spin` of one spin model for one run: the reducer from the table, and one core
/// `Feedback` per rule (named after it), plus the script (as origin "input") and the render rule.
struct SpinBuilderForSpec {
    let spin: SpinModel
    let table: ReducerTable
    let gears: [Gear<GearMessage>]
    let options: SpecRunOptions
    /// The run's limit on strings, read by every evaluation.
    private var maxStringBytes: Int { options.maxStringBytes }

    func build() -> Spin<SpecState, SpecEvent> {
        let limit = maxStringBytes
        let table = self.table
        let latest = LatestState()
        var feedbacks: [Feedback<SpecState, SpecEvent>] = []
        // A statechart's propagated events go out first, when the state of the step that made
        // them is delivered (the reducer, being pure, only keeps them in the state's outbox).
        if let code = table.statechart, !code.propagates.isEmpty {
            let gears = self.gears
            feedbacks.append(Feedback(effect: { (state: SpecState) -> SpecEvent? in
                for message in state.outbox where gears.indices.contains(message.gear) {
                    gears[message.gear].propagate(message.message)
                }
                return nil
            }).named("outbox"))
        }
        // First, so that periodic rules always read the state every feedback is seeing.
        // Only periodic and gear-triggered rules read the latest state; without them there is no
        // such feedback, which would cost a call per step (traces name feedbacks, not indices).
        let readsLatest = spin.feedbacks.contains { feedback in
            feedback.cases.contains { rule in
                if rule.period != nil { return true }
                if case .gearEvent = rule.trigger { return true }
                return false
            }
        }
        if readsLatest {
            feedbacks.append(Feedback(effect: { (state: SpecState) -> SpecEvent? in
                latest.set(state)
                return nil
            }).named("state"))
        }
        for (ruleIndex, feedback) in spin.feedbacks.enumerated() {
            feedbacks.append(contentsOf: compile(feedback, ruleIndex: ruleIndex, latest: latest))
        }
        if let render = spin.render, let sink = options.render {
            let name = spin.name.text
            feedbacks.append(Feedback(effect: { (state: SpecState) -> SpecEvent? in
                guard !state.hasFault else { return nil }
                do throws(EvaluationError) {
                    sink(name, try render.render(state.context(limit)))
                    return nil
                } catch {
                    return .failure(SpecFault(error))
                }
            }).named("render"))
        }
        if options.runsScript, !spin.script.isEmpty {
            feedbacks.append(scriptFeedback())
        }
        let initial = table.initialState(of: spin, maxStringBytes: limit)
        let reducer = table.statechart == nil
            ? Reducer<SpecState, SpecEvent>(reportingChanges: { state, event in table.reduce(&state, event, maxStringBytes: limit) })
            : Reducer<SpecState, SpecEvent>(reportingChanges: { state, event in table.reduceStatechart(&state, event, maxStringBytes: limit) })
        let spin = Spin(initialState: initial, feedbacks: feedbacks, reducer: reducer, isSameState: { $0 == $1 })
        // A statechart's eventless rows, raised events and deferred events no state defers any more
        // are reduced to completion, before the next queued event, as steps of origin `eventless`,
        // `raised` and `deferred`.
        guard let code = table.statechart, code.mayRaise || code.chart.hasEventlessRows || code.chart.deferral != nil else { return spin }
        return spin.withInternalEvents { state in table.internalEvent(state, maxStringBytes: limit) }
    }

    // MARK: Rules

    private func compile(_ feedback: FeedbackModel, ruleIndex: Int, latest: LatestState) -> [Feedback<SpecState, SpecEvent>] {
        let name = feedback.name.text
        // A list of level-triggered, immediate cases is one feedback: the first case that holds acts.
        let isLevelImmediate = feedback.cases.allSatisfy { rule in
            rule.delay == nil && rule.period == nil && rule.isLevelTriggered && !rule.isEffect
        }
        if feedback.cases.count > 1, isLevelImmediate {
            let cases = LevelCases(feedback.cases.enumerated().map { caseIndex, rule in
                (test: levelPredicate(rule), constant: Self.constantEvent(rule),
                 act: immediateAction(rule, stream: Self.stream(rule: ruleIndex, case: caseIndex)))
            }, controlCount: spin.controlCount)
            return [Feedback(effect: { (state: SpecState) -> SpecEvent? in cases.event(for: state) }).named(name)]
        }
        return feedback.cases.enumerated().map { caseIndex, rule in
            compile(rule, name: name, stream: Self.stream(rule: ruleIndex, case: caseIndex), latest: latest)
        }
    }

    private func compile(_ rule: RuleModel, name: String, stream: Int, latest: LatestState) -> Feedback<SpecState, SpecEvent> {
        let limit = maxStringBytes
        let act = asyncAction(rule, stream: stream)
        let strategy: ExecutionStrategy = rule.strategy == .cancel ? .cancelOnNewState : .continueOnNewState
        let delay = rule.delay

        // An action after the optional delay (computed on the state that triggered it), on that state.
        let delayed: @Sendable (SpecState, [SpinValue]) async -> SpecEvent? = { state, payload in
            if let delay {
                let duration: Duration
                do throws(SpecFault) { duration = try delay.armed(on: state, as: .delay, maxStringBytes: limit) } catch { return .failure(error) }
                do { try await SpinClock.sleep(for: duration) } catch { return nil }
            }
            return await act(state, payload)
        }

        if case let .gearEvent(gearIndex, eventIndex) = rule.trigger {
            let immediate = immediateAction(rule, stream: stream)
            return Feedback(attachedTo: gears[gearIndex], propagating: { (message: GearMessage) -> SpecEvent? in
                guard message.kind == eventIndex else { return nil }
                return immediate(latest.state ?? SpecState(control: 0, data: []), message.payload)
            }).named(name)
        }

        if let period = rule.period {
            let trigger = self.trigger(rule)
            return Feedback(skippingRepeated: { (state: SpecState) -> TriggerValue in trigger(state) },
                            effect: { (value: TriggerValue) -> PeriodicEvents in
                PeriodicEvents(firstDelay: delay, period: period, trigger: value, latest: latest, maxStringBytes: limit, act: act)
            }).named(name)
        }

        switch rule.trigger {
        case .everyState, .when, .inStates:
            let holds = levelPredicate(rule)
            if delay == nil, !rule.isEffect {
                let immediate = immediateAction(rule, stream: stream)
                // The commonest rule, `when: … emit: e`, emits a constant: no call to make it.
                let event = Self.constantEvent(rule)
                return Feedback(effect: { (state: SpecState) -> SpecEvent? in
                    guard !state.hasFault else { return nil }
                    do throws(EvaluationError) {
                        guard try holds.holds(state) else { return nil }
                        return event ?? immediate(state, [])
                    } catch {
                        return .failure(SpecFault(error))
                    }
                }).named(name)
            }
            // A state whose condition faults is accepted too; the action then emits the fault.
            let trigger = self.trigger(rule)
            return Feedback(effect: { (state: SpecState) async -> SpecEvent? in
                if case .fault(let fault) = trigger(state) { return .failure(fault) }
                return await delayed(state, [])
            }, triggeredBy: { (state: SpecState) -> Bool in trigger(state) != .off }, strategy: strategy).named(name)
        case .becomes, .enter:
            let trigger = self.trigger(rule)
            if let entry = entryWatch(rule) {
                return enterFeedback(rule, trigger: trigger, entry: entry, stream: stream, delayed: delayed, name: name, strategy: strategy)
            }
            if strategy == .continueOnNewState {
                let memory = ChangeMemory<TriggerValue>()
                return Feedback(effect: { (state: SpecState) async -> SpecEvent? in
                    if case .fault(let fault) = trigger(state) { return .failure(fault) }
                    return await delayed(state, [])
                }, triggeredBy: { (state: SpecState) -> Bool in
                    let value = trigger(state)
                    return value.rises(changed: memory.changes(to: value))
                }, strategy: .continueOnNewState).named(name)
            }
            if delay == nil, !rule.isEffect {
                let immediate = immediateAction(rule, stream: stream)
                return Feedback(skippingRepeated: { (state: SpecState) -> TriggerValue in trigger(state) },
                                effect: { (value: TriggerValue) -> SpecEvent? in
                    switch value {
                    case .off: return nil
                    case .on(let state): return immediate(state, [])
                    case .fault(let fault): return .failure(fault)
                    }
                }).named(name)
            }
            return Feedback(skippingRepeated: { (state: SpecState) -> TriggerValue in trigger(state) },
                            effect: { (value: TriggerValue) async -> SpecEvent? in
                switch value {
                case .off: return nil
                case .on(let state): return await delayed(state, [])
                case .fault(let fault): return .failure(fault)
                }
            }).named(name)
        case .changes(let watched):
            let immediate = immediateAction(rule, stream: stream)
            let isImmediate = delay == nil && !rule.isEffect
            let condition = rule.condition
            if strategy == .continueOnNewState {
                // Every change acts, and earlier actions run to their end.
                let memory = ChangeMemory<WatchedValue>()
                return Feedback(effect: { (state: SpecState) async -> SpecEvent? in
                    let value = WatchedValue(state: state, watched: watched, maxStringBytes: limit)
                    if let fault = value.fault { return .failure(fault) }
                    switch WatchedValue.acts(condition, on: state, maxStringBytes: limit) {
                    case .failure(let fault): return .failure(fault)
                    case .success(false): return nil
                    case .success(true): break
                    }
                    return isImmediate ? immediate(state, []) : await delayed(state, [])
                }, triggeredBy: { (state: SpecState) -> Bool in
                    state.hasFault ? false : memory.changes(to: WatchedValue(state: state, watched: watched, maxStringBytes: limit))
                }, strategy: .continueOnNewState).named(name)
            }
            return Feedback(skippingRepeated: { (state: SpecState) -> WatchedValue in
                WatchedValue(state: state, watched: watched, maxStringBytes: limit)
            }, effect: { (watched: WatchedValue) async -> SpecEvent? in
                if let fault = watched.fault { return .failure(fault) }
                switch WatchedValue.acts(condition, on: watched.state, maxStringBytes: limit) {
                case .failure(let fault): return .failure(fault)
                case .success(false): return nil
                case .success(true): break
                }
                return isImmediate ? immediate(watched.state, []) : await delayed(watched.state, [])
            }).named(name)
        case .gearEvent:
            return Feedback(effect: { (_: SpecState) -> SpecEvent? in nil }).named(name)
        }
    }

    /// The event of a rule that emits one without payload, made once; nil for other actions.
    static func constantEvent(_ rule: RuleModel) -> SpecEvent? {
        guard case .emit(let emit) = rule.action, emit.payload.isEmpty else { return nil }
        return SpecEvent(kind: emit.event)
    }

    /// For level triggers: whether the rule holds in a state (throwing the error evaluating it).
    func levelPredicate(_ rule: RuleModel) -> LevelTest {
        let condition = rule.condition
        switch rule.trigger {
        case .everyState:
            return LevelTest(states: nil, first: condition, second: nil, maxStringBytes: maxStringBytes)
        case .when(let expression):
            return LevelTest(states: nil, first: expression, second: condition, maxStringBytes: maxStringBytes)
        case .inStates(let states):
            return LevelTest(states: controls(in: states), first: condition, second: nil, maxStringBytes: maxStringBytes)
        default:
            return .never
        }
    }

    /// Per configuration, whether one of `states` is active in it.
    /// The control states (a statechart's configurations) in which one of `states` is active,
    /// ascending: as long as the list, for a flat spin, not as the spin's states.
    private func controls(in states: Set<Int>) -> [Int] {
        if spin.tree.isFlat { return states.sorted() }
        return (0..<spin.controlCount).filter { configuration in
            states.contains { spin.configurations.isActive($0, in: configuration) }
        }
    }

    /// Whether one of `states` is active in each control state (a statechart's configurations).
    private func membership(_ states: Set<Int>) -> [Bool] {
        (0..<spin.controlCount).map { configuration in
            states.contains { spin.configurations.isActive($0, in: configuration) }
        }
    }

    /// For an `enter` rule naming a state some row exits and enters again: where the entry
    /// parities of its states are. Nil otherwise: the rising edge of the states is all it needs.
    func entryWatch(_ rule: RuleModel) -> [ParityFlip]? {
        guard case .enter(let states) = rule.trigger, let chart = spin.statechart else { return nil }
        let flips = Statechart.mergedFlips(states.sorted().compactMap { chart.parity[$0] })
        return flips.isEmpty ? nil : flips
    }

    /// An `enter` rule whose states can be entered again while active: it acts when the rule's
    /// condition becomes true, and again each time one of its states is re-entered (an external
    /// self-transition restarts its timer); it is cancelled when the condition stops holding.
    private func enterFeedback(
        _ rule: RuleModel, trigger: @escaping @Sendable (SpecState) -> TriggerValue, entry: [ParityFlip], stream: Int,
        delayed: @escaping @Sendable (SpecState, [SpinValue]) async -> SpecEvent?, name: String, strategy: ExecutionStrategy
    ) -> Feedback<SpecState, SpecEvent> {
        let watch: @Sendable (SpecState) -> EntryWatch = { state in EntryWatch(value: trigger(state), flips: entry, in: state) }
        if strategy == .continueOnNewState {
            let memory = ChangeMemory<EntryWatch>()
            return Feedback(effect: { (state: SpecState) async -> SpecEvent? in
                if case .fault(let fault) = trigger(state) { return .failure(fault) }
                return await delayed(state, [])
            }, triggeredBy: { (state: SpecState) -> Bool in
                let watched = watch(state)
                return watched.value.rises(changed: memory.changes(to: watched))
            }, strategy: .continueOnNewState).named(name)
        }
        let immediate = rule.delay == nil && !rule.isEffect ? immediateAction(rule, stream: stream) : nil
        return Feedback(skippingRepeated: watch, effect: { (watched: EntryWatch) async -> SpecEvent? in
            switch watched.value {
            case .off: return nil
            case .on(let state):
                if let immediate { return immediate(state, []) }
                return await delayed(state, [])
            case .fault(let fault): return .failure(fault)
            }
        }).named(name)
    }

    /// For edge and periodic triggers (and level triggers with a delay or an effect): whether the
    /// trigger holds in a state, or the fault of evaluating it.
    func trigger(_ rule: RuleModel) -> @Sendable (SpecState) -> TriggerValue {
        let limit = maxStringBytes
        let condition = rule.condition
        switch rule.trigger {
        case .becomes(let expression):
            return { state in TriggerValue.of(state) { (state) throws(EvaluationError) in try expression.evaluateBool(state.context(limit)) } }
        case .enter(let states):
            let member = membership(states)
            return { state in
                TriggerValue.of(state) { (state) throws(EvaluationError) in
                    guard state.control >= 0, state.control < member.count, member[state.control] else { return false }
                    return try condition?.evaluateBool(state.context(limit)) ?? true
                }
            }
        default:
            let level = levelPredicate(rule)
            return { state in TriggerValue.of(state) { (state) throws(EvaluationError) in try level.holds(state) } }
        }
    }

    // MARK: Actions

    /// The rule's action as a synchronous function (for every action but named effects).
    private func immediateAction(_ rule: RuleModel, stream: Int) -> @Sendable (SpecState, [SpinValue]) -> SpecEvent? {
        let limit = maxStringBytes
        let spinName = spin.name.text
        switch rule.action {
        case .emit(let emit):
            let fields = spin.events[emit.event].fields.map(\.type)
            return { state, payload in Self.makeEvent(emit, fields: fields, state: state, gearPayload: payload, maxStringBytes: limit) }
        case .choose(let branches):
            let generator = SharedGenerator(seed: seed(for: stream), forced: forcedOutcomes(stream))
            let events = spin.events
            return { state, payload in
                let picked = generator.pick(weights: branches.map(\.weight))
                let emit = branches[picked].emit
                return Self.makeEvent(emit, fields: events[emit.event].fields.map(\.type), state: state, gearPayload: payload, maxStringBytes: limit)
            }
        case let .propagate(gearIndex, eventIndex, expressions):
            let gear = gears[gearIndex]
            return { state, payload in
                do throws(EvaluationError) {
                    let context = EvaluationContext(data: state.data, event: payload, state: state.control, maxStringBytes: limit)
                    var values: [SpinValue] = []
                    values.reserveCapacity(expressions.count)
                    for expression in expressions { values.append(try expression.evaluate(context)) }
                    gear.propagate(GearMessage(kind: eventIndex, payload: values))
                    return nil
                } catch {
                    return .failure(SpecFault(error))
                }
            }
        case .render(let template):
            let sink = options.render
            return { state, payload in
                do throws(EvaluationError) {
                    let line = try template.render(EvaluationContext(data: state.data, event: payload, state: state.control, maxStringBytes: limit))
                    sink?(spinName, line)
                    return nil
                } catch {
                    return .failure(SpecFault(error))
                }
            }
        case .effect:
            // The resolver rejects named effects triggered by `catch`, the only caller of the
            // immediate form for effects; keep a clear run-time error rather than a trap.
            let location = rule.declaration.location
            return { _, _ in .failure(SpecFault(.catchWithEffect, at: location)) }
        }
    }

    /// The rule's action as an asynchronous function (named effects call the host or simulate).
    private func asyncAction(_ rule: RuleModel, stream: Int) -> @Sendable (SpecState, [SpinValue]) async -> SpecEvent? {
        let limit = maxStringBytes
        guard case let .effect(effectName, simulate) = rule.action else {
            let immediate = immediateAction(rule, stream: stream)
            return { state, payload in immediate(state, payload) }
        }
        let location = rule.declaration.location
        let spinModel = spin
        if let host = options.effects[effectName] {
            let timeout = options.effectTimeout
            return { state, _ in
                let request = spinModel.request(for: state, effect: effectName)
                do {
                    let answer: HostEvent?
                    if let timeout {
                        answer = try await withTimeout(timeout, location: location, effect: effectName) { try await host(request) }
                    } else {
                        answer = try await host(request)
                    }
                    guard let answer else { return nil }
                    return spinModel.event(from: answer, location: location, effect: effectName)
                } catch is CancellationError {
                    return nil
                } catch let fault as SpecFault {
                    return .failure(fault)
                } catch {
                    return .failure(SpecFault(.effectFailed, at: location, ["effect": effectName, "error": "\(error)"]))
                }
            }
        }
        guard let simulate else {
            return { _, _ in
                .failure(SpecFault(.effectNotBound, at: location, ["effect": effectName]))
            }
        }
        let generator = SharedGenerator(seed: seed(for: stream), forced: forcedOutcomes(stream))
        let events = spin.events
        // The outcome is drawn when the effect starts, so that it can wait its own latency.
        return { state, payload in
            let picked = simulate.outcome.count == 1 ? 0 : generator.pick(weights: simulate.outcome.map(\.weight))
            let outcome = simulate.outcome[picked]
            if let delay = outcome.delay ?? simulate.delay {
                let duration: Duration
                do throws(SpecFault) { duration = try delay.armed(on: state, as: .delay, maxStringBytes: limit) } catch { return .failure(error) }
                do { try await SpinClock.sleep(for: duration) } catch { return nil }
            }
            return Self.makeEvent(outcome.emit, fields: events[outcome.emit.event].fields.map(\.type), state: state, gearPayload: payload, maxStringBytes: limit)
        }
    }

    /// The script as a feedback, for a host that runs a spin on its own and asks for the script
    /// (`SpecRun` sends the script's inputs itself).
    private func scriptFeedback() -> Feedback<SpecState, SpecEvent> {
        let scripted = zip(spin.script, Self.scriptEvents(of: spin, maxStringBytes: maxStringBytes)).map { step, event in (at: step.at, event: event) }
        // Named "input": scripted events stand for what a user would send.
        return Feedback(firstValueAfterNil: { (state: SpecState) -> SpecState? in state },
                        effect: { (_: SpecState) -> ScriptEvents in ScriptEvents(steps: scripted) }).named("input")
    }

    /// The events of the spin's script, in script order; their payloads are evaluated once, on
    /// the initial state.
    static func scriptEvents(of spin: SpinModel, maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes) -> [SpecEvent] {
        let initial = SpecState(control: spin.initialState, data: spin.initialData)
        return spin.script.map { step in
            makeEvent(step.emit, fields: spin.events[step.emit.event].fields.map(\.type), state: initial, gearPayload: [], maxStringBytes: maxStringBytes)
        }
    }

    /// The number of a rule case's random stream: `rule * 64 + case` for the first 64 cases of a
    /// rule (the numbering traces were recorded with), and for later cases a number no earlier one
    /// has, so that a rule with more than 64 cases does not share a stream with the next rule.
    static func stream(rule: Int, case caseIndex: Int) -> Int {
        let (product, overflow) = rule.multipliedReportingOverflow(by: 64)
        if caseIndex < 64, !overflow { return product &+ caseIndex }
        var mixer = SeededGenerator(seed: UInt64(truncatingIfNeeded: rule) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: caseIndex))
        return Int(truncatingIfNeeded: mixer.next() | 1 << 62) | Int.min
    }

    /// A seed per rule case, derived from the run's seed, so that each rule draws its own stream and
    /// one rule's choices do not depend on how often another rule chose.
    private func seed(for stream: Int) -> UInt64 {
        Self.seed(options.seed, spin: spin.index, stream: stream)
    }

    /// The outcomes `options.choices` gives rule case `stream` of this spin, in order.
    private func forcedOutcomes(_ stream: Int) -> [Int] {
        guard !options.choices.isEmpty else { return [] }
        let found = spin.feedbacks.indices.lazy.flatMap { rule in
            self.spin.feedbacks[rule].cases.indices.lazy.map { (rule: rule, caseIndex: $0) }
        }.first { Self.stream(rule: $0.rule, case: $0.caseIndex) == stream }
        guard let (rule, caseIndex) = found else { return [] }
        let name = spin.feedbacks[rule].name.text
        return options.choices.filter { $0.spin == spin.name.text && $0.rule == name && $0.caseIndex == caseIndex }.map(\.outcome)
    }

    /// The seed of rule case `stream` of spin `spin` in a run seeded with `seed` (`spinrun --check`
    /// draws the same way when it simulates a run).
    static func seed(_ seed: UInt64, spin: Int, stream: Int) -> UInt64 {
        var generator = SeededGenerator(seed: seed ^ (UInt64(truncatingIfNeeded: spin) &* 0x1000_0000_01B3) ^ UInt64(truncatingIfNeeded: stream))
        return generator.next()
    }

    static func makeEvent(
        _ emit: EmitModel, fields: [ValueType], state: SpecState, gearPayload: [SpinValue],
        maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes
    ) -> SpecEvent {
        if emit.payload.isEmpty { return SpecEvent(kind: emit.event) }
        do throws(EvaluationError) {
            let context = EvaluationContext(data: state.data, event: gearPayload, state: state.control, maxStringBytes: maxStringBytes)
            var values: [SpinValue] = []
            values.reserveCapacity(emit.payload.count)
            for (index, expression) in emit.payload.enumerated() {
                values.append(try expression.evaluate(as: fields[index], context))
            }
            return SpecEvent(kind: emit.event, payload: values)
        } catch {
            return .failure(SpecFault(error))
        }
    }
}

extension RuleModel {
    var isLevelTriggered: Bool {
        switch trigger {
        case .everyState, .when, .inStates: return true
        default: return false
        }
    }

    var isEffect: Bool {
        if case .effect = action { return true }
        return false
    }
}

extension SpecState {
    /// The evaluation context of expressions on this state, in a run whose strings are limited to
    /// `maxStringBytes`.
    func context(_ maxStringBytes: Int) -> EvaluationContext {
        EvaluationContext(data: data, event: [], state: control, maxStringBytes: maxStringBytes)
    }
}
