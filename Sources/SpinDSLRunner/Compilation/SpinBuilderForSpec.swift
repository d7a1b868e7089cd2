import Spin
import SpinDSLFrontEnd

/// Builds the core `Spin` of one spin model for one run: the reducer from the table, one core
/// `Feedback` per feedback of the spin's `LoopPlan` (named after it, in the form the plan gives),
/// plus the script (as origin "input") and the render rule.
package struct SpinBuilderForSpec {
    let spin: SpinModel
    let table: ReducerTable
    let loop: LoopPlan
    let gears: [Gear<GearMessage>]
    let options: SpecRunOptions

    /// Creates the value from its parts, one for each stored property.
    package init(spin: SpinModel, table: ReducerTable, loop: LoopPlan, gears: [Gear<GearMessage>], options: SpecRunOptions) {
        self.spin = spin
        self.table = table
        self.loop = loop
        self.gears = gears
        self.options = options
    }
    /// The run's limit on strings, read by every evaluation.
    private var maxStringBytes: Int { options.maxStringBytes }

    func build() -> Spin<SpecState, SpecEvent> {
        let limit = maxStringBytes
        let table = self.table
        let latest = LatestState()
        let feedbacks = loop.feedbacks.map { feedback(for: $0, latest: latest) } + hostFeedbacks()
        let initial = table.initialState(of: spin, maxStringBytes: limit)
        let reducer = table.statechart == nil
            ? Reducer<SpecState, SpecEvent>(reportingChanges: { state, event in table.reduce(&state, event, maxStringBytes: limit) })
            : Reducer<SpecState, SpecEvent>(reportingChanges: { state, event in table.reduceStatechart(&state, event, maxStringBytes: limit) })
        let spin = Spin(initialState: initial, feedbacks: feedbacks, reducer: reducer, isSameState: { $0 == $1 })
        // A statechart's eventless rows, raised events and deferred events no state defers any more
        // are reduced to completion, before the next queued event, as steps of origin `eventless`,
        // `raised` and `deferred`.
        guard loop.hasInternalEvents else { return spin }
        return spin.withInternalEvents { state in table.internalEvent(state, maxStringBytes: limit) }
    }

    /// The feedbacks a host's run adds after the plan's: the render rule's output and the script.
    private func hostFeedbacks() -> [Feedback<SpecState, SpecEvent>] {
        var feedbacks: [Feedback<SpecState, SpecEvent>] = []
        let limit = maxStringBytes
        if let render = loop.render, let sink = options.render {
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
        return feedbacks
    }

    // MARK: Feedbacks

    /// The core feedback of one feedback of the plan.
    private func feedback(for plan: FeedbackPlan, latest: LatestState) -> Feedback<SpecState, SpecEvent> {
        let name = plan.name
        switch plan.kind {
        case .outbox:
            let gears = self.gears
            return Feedback(effect: { (state: SpecState) -> SpecEvent? in
                for message in state.outbox where gears.indices.contains(message.gear) {
                    gears[message.gear].propagate(message.message)
                }
                return nil
            }).named(name)
        case .latest:
            return Feedback(effect: { (state: SpecState) -> SpecEvent? in
                latest.set(state)
                return nil
            }).named(name)
        case .levelCases, .level:
            return levelFeedback(plan)
        case .perState(let id, let cancels):
            // A state whose condition faults is accepted too; the action then emits the fault.
            let trigger = self.trigger(rule(id))
            let delayed = delayedAction(id)
            return Feedback(effect: { (state: SpecState) async -> SpecEvent? in
                if case .fault(let fault) = trigger(state) { return .failure(fault) }
                return await delayed(state, [])
            }, triggeredBy: { (state: SpecState) -> Bool in trigger(state) != .off },
            strategy: cancels ? .cancelOnNewState : .continueOnNewState).named(name)
        case .edgeContinue(let id):
            return edgeContinueFeedback(id, name: name)
        case .risingSync(let id):
            let immediate = immediateAction(rule(id), stream: Self.stream(id))
            if entryWatch(rule(id)) == nil {
                // Acts inline, in the loop's turn.
                let trigger = self.trigger(rule(id))
                return Feedback(skippingRepeated: { (state: SpecState) -> TriggerValue in trigger(state) },
                                effect: { (value: TriggerValue) -> SpecEvent? in
                    switch value {
                    case .off: return nil
                    case .on(let state): return immediate(state, [])
                    case .fault(let fault): return .failure(fault)
                    }
                }).named(name)
            }
            return risingFeedback(id, name: name) { state in immediate(state, []) }
        case .risingAsync(let id):
            let delayed = delayedAction(id)
            return risingFeedback(id, name: name) { state in await delayed(state, []) }
        case .periodic(let id):
            return periodicFeedback(id, name: name, latest: latest)
        case .change(let id, let isImmediate), .changeContinue(let id, let isImmediate):
            return changeFeedback(plan.kind, id: id, immediate: isImmediate, name: name)
        case .gearListener(let id, let gearIndex, let eventIndex):
            let immediate = immediateAction(rule(id), stream: Self.stream(id))
            guard gears.indices.contains(gearIndex) else { return Feedback(effect: { (_: SpecState) -> SpecEvent? in nil }).named(name) }
            return Feedback(attachedTo: gears[gearIndex], propagating: { (message: GearMessage) -> SpecEvent? in
                guard message.kind == eventIndex else { return nil }
                return immediate(latest.state ?? SpecState(control: 0, data: []), message.payload)
            }).named(name)
        }
    }

    /// A level-triggered immediate rule: on every new state, the case that holds acts (for a rule
    /// of several cases, the first that holds).
    private func levelFeedback(_ plan: FeedbackPlan) -> Feedback<SpecState, SpecEvent> {
        let name = plan.name
        switch plan.kind {
        case .levelCases(let ids):
            let cases = LevelCases(ids.map { id in
                let rule = self.rule(id)
                return (test: levelPredicate(rule), constant: Self.constantEvent(rule), act: immediateAction(rule, stream: Self.stream(id)))
            }, controlCount: spin.controlCount)
            return Feedback(effect: { (state: SpecState) -> SpecEvent? in cases.event(for: state) }).named(name)
        case .level(let id):
            let rule = self.rule(id)
            let holds = levelPredicate(rule)
            let immediate = immediateAction(rule, stream: Self.stream(id))
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
        default:
            return Feedback(effect: { (_: SpecState) -> SpecEvent? in nil }).named(name)
        }
    }

    /// A `becomes`/`enter` case with strategy `continue`: an action whenever the trigger changes to
    /// holding or to a new fault (or one of its states is entered again, for an `enter` rule whose
    /// states rows re-enter), none cancelled.
    private func edgeContinueFeedback(_ id: RuleCaseID, name: String) -> Feedback<SpecState, SpecEvent> {
        let rule = self.rule(id)
        let trigger = self.trigger(rule)
        let delayed = delayedAction(id)
        let effect: @Sendable (SpecState) async -> SpecEvent? = { state in
            if case .fault(let fault) = trigger(state) { return .failure(fault) }
            return await delayed(state, [])
        }
        if let entry = entryWatch(rule) {
            let memory = ChangeMemory<EntryWatch>()
            return Feedback(effect: effect, triggeredBy: { (state: SpecState) -> Bool in
                let watched = EntryWatch(value: trigger(state), flips: entry, in: state)
                return watched.value.rises(changed: memory.changes(to: watched))
            }, strategy: .continueOnNewState).named(name)
        }
        let memory = ChangeMemory<TriggerValue>()
        return Feedback(effect: effect, triggeredBy: { (state: SpecState) -> Bool in
            let value = trigger(state)
            return value.rises(changed: memory.changes(to: value))
        }, strategy: .continueOnNewState).named(name)
    }

    /// An `every` case: whenever its trigger changes, the previous periodic task is cancelled and
    /// one starts for the new value (`PeriodicEvents`).
    private func periodicFeedback(_ id: RuleCaseID, name: String, latest: LatestState) -> Feedback<SpecState, SpecEvent> {
        let rule = self.rule(id)
        let trigger = self.trigger(rule)
        let (delay, limit, act) = (rule.delay, maxStringBytes, asyncAction(rule, stream: Self.stream(id)))
        guard let period = rule.period else { return Feedback(effect: { (_: SpecState) -> SpecEvent? in nil }).named(name) }
        return Feedback(skippingRepeated: { (state: SpecState) -> TriggerValue in trigger(state) },
                        effect: { (value: TriggerValue) -> PeriodicEvents in
            PeriodicEvents(firstDelay: delay, period: period, trigger: value, latest: latest, maxStringBytes: limit, act: act)
        }).named(name)
    }

    /// A `becomes`/`enter` case with strategy `cancel`: whenever its trigger changes (or one of
    /// its states is entered again, for an `enter` rule whose states rows re-enter), the previous
    /// action is cancelled and `act` runs on the state where it holds.
    private func risingFeedback(
        _ id: RuleCaseID, name: String, act: @escaping @Sendable (SpecState) async -> SpecEvent?
    ) -> Feedback<SpecState, SpecEvent> {
        let rule = self.rule(id)
        let trigger = self.trigger(rule)
        let effect: @Sendable (TriggerValue) async -> SpecEvent? = { value in
            switch value {
            case .off: return nil
            case .on(let state): return await act(state)
            case .fault(let fault): return .failure(fault)
            }
        }
        if let entry = entryWatch(rule) {
            return Feedback(skippingRepeated: { (state: SpecState) -> EntryWatch in EntryWatch(value: trigger(state), flips: entry, in: state) },
                            effect: { (watched: EntryWatch) async -> SpecEvent? in await effect(watched.value) }).named(name)
        }
        return Feedback(skippingRepeated: { (state: SpecState) -> TriggerValue in trigger(state) }, effect: effect).named(name)
    }

    /// A `changes` case: whenever the watched value changes, the action (cancelling the previous
    /// one for `.change`; letting it run to its end for `.changeContinue`).
    private func changeFeedback(_ kind: FeedbackKind, id: RuleCaseID, immediate isImmediate: Bool, name: String) -> Feedback<SpecState, SpecEvent> {
        let limit = maxStringBytes
        let rule = self.rule(id)
        guard case .changes(let watched) = rule.trigger else { return Feedback(effect: { (_: SpecState) -> SpecEvent? in nil }).named(name) }
        let immediate = immediateAction(rule, stream: Self.stream(id))
        let delayed = delayedAction(id)
        let condition = rule.condition
        if case .changeContinue = kind {
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
    }

    /// Rule case `id`'s action after its optional delay (computed on the state that triggered it),
    /// on that state.
    private func delayedAction(_ id: RuleCaseID) -> @Sendable (SpecState, [SpinValue]) async -> SpecEvent? {
        let limit = maxStringBytes
        let rule = self.rule(id)
        let act = asyncAction(rule, stream: Self.stream(id))
        let delay = rule.delay
        return { state, payload in
            if let delay {
                let duration: Duration
                do throws(SpecFault) { duration = try delay.armed(on: state, as: .delay, maxStringBytes: limit) } catch { return .failure(error) }
                do { try await SpinClock.sleep(for: duration) } catch { return nil }
            }
            return await act(state, payload)
        }
    }

    /// The code of rule case `id`, as the plan compiled it.
    private func rule(_ id: RuleCaseID) -> RuleCode {
        loop.rule(id)
    }

    /// The event of a rule that emits one without payload, made once; nil for other actions.
    package static func constantEvent(_ rule: RuleCode) -> SpecEvent? {
        guard case .emit(let emit) = rule.action, emit.payload.isEmpty else { return nil }
        return SpecEvent(kind: emit.event)
    }

    /// For level triggers: whether the rule holds in a state (throwing the error evaluating it).
    package func levelPredicate(_ rule: RuleCode) -> LevelTest {
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
    package func entryWatch(_ rule: RuleCode) -> [ParityFlip]? {
        guard case .enter(let states) = rule.trigger, let chart = spin.statechart else { return nil }
        let flips = Statechart.mergedFlips(states.sorted().compactMap { chart.parity[$0] })
        return flips.isEmpty ? nil : flips
    }

    /// For edge and periodic triggers (and level triggers with a delay or an effect): whether the
    /// trigger holds in a state, or the fault of evaluating it.
    package func trigger(_ rule: RuleCode) -> @Sendable (SpecState) -> TriggerValue {
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
    private func immediateAction(_ rule: RuleCode, stream: Int) -> @Sendable (SpecState, [SpinValue]) -> SpecEvent? {
        let limit = maxStringBytes
        let spinName = spin.name.text
        switch rule.action {
        case .emit(let emit):
            let fields = spin.events[emit.event].fields.map(\.type)
            return { state, payload in emit.make(fields: fields, state: state, gearPayload: payload, maxStringBytes: limit) }
        case .choose(let branches):
            let generator = SharedGenerator(seed: seed(for: stream), forced: forcedOutcomes(stream))
            let events = spin.events
            return { state, payload in
                let picked = generator.pick(weights: branches.map(\.weight))
                let emit = branches[picked].emit
                return emit.make(fields: events[emit.event].fields.map(\.type), state: state, gearPayload: payload, maxStringBytes: limit)
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
    private func asyncAction(_ rule: RuleCode, stream: Int) -> @Sendable (SpecState, [SpinValue]) async -> SpecEvent? {
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
            return outcome.emit.make(fields: events[outcome.emit.event].fields.map(\.type), state: state, gearPayload: payload, maxStringBytes: limit)
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
    package static func scriptEvents(of spin: SpinModel, maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes) -> [SpecEvent] {
        let initial = SpecState(control: spin.initialState, data: spin.initialData)
        return spin.script.map { step in
            step.emit.map(CompiledExpression.init).make(fields: spin.events[step.emit.event].fields.map(\.type), state: initial, gearPayload: [], maxStringBytes: maxStringBytes)
        }
    }

    /// The number of a rule case's random stream: `rule * 64 + case` for the first 64 cases of a
    /// rule (the numbering traces were recorded with), and for later cases a number no earlier one
    /// has, so that a rule with more than 64 cases does not share a stream with the next rule.
    package static func stream(rule: Int, case caseIndex: Int) -> Int {
        let (product, overflow) = rule.multipliedReportingOverflow(by: 64)
        if caseIndex < 64, !overflow { return product &+ caseIndex }
        var mixer = SeededGenerator(seed: UInt64(truncatingIfNeeded: rule) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: caseIndex))
        return Int(truncatingIfNeeded: mixer.next() | 1 << 62) | Int.min
    }

    /// The random stream of rule case `id` (`stream(rule:case:)`).
    static func stream(_ id: RuleCaseID) -> Int {
        stream(rule: id.rule, case: id.caseIndex)
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
    package static func seed(_ seed: UInt64, spin: Int, stream: Int) -> UInt64 {
        var generator = SeededGenerator(seed: seed ^ (UInt64(truncatingIfNeeded: spin) &* 0x1000_0000_01B3) ^ UInt64(truncatingIfNeeded: stream))
        return generator.next()
    }
}

extension SpecState {
    /// The evaluation context of expressions on this state, in a run whose strings are limited to
    /// `maxStringBytes`.
    package func context(_ maxStringBytes: Int) -> EvaluationContext {
        EvaluationContext(data: data, event: [], state: control, maxStringBytes: maxStringBytes)
    }
}
