import SpinDSLFrontEnd
import SpinDSLRunner

/// Delivering a spin's new state to its feedbacks: each `FeedbackKind` remembers, acts, and
/// starts or cancels effects as the runtime's feedback of that kind does.
///
/// This is the checker's hot path (every changed state of every move): the helpers, one per
/// group of kinds, are inlined into `deliver`.
extension RunMachine {
    /// Delivers the spin's state to its feedbacks in declaration order.
    mutating func deliver(_ index: Int) {
        let spin = program.spins[index]
        let state = spins[index].state
        for (slot, feedback) in spin.slots.enumerated() {
            if ended != nil { return }
            switch feedback.kind {
            case .outbox:
                for message in state.outbox { propagate(message.gear, message.message) }
            case .latest:
                spins[index].latest = state
            case .levelCases(let cases):
                guard !state.hasFault else { continue }
                for id in cases {
                    if answersLevel(index, id, spin: spin, state: state, slot: slot) { break }
                }
            case .level(let id):
                guard !state.hasFault else { continue }
                answersLevel(index, id, spin: spin, state: state, slot: slot)
            case .perState(let rule, let cancels):
                deliverPerState(index, rule, cancels: cancels, spin: spin, state: state, slot: slot)
            case .edgeContinue(let rule):
                deliverEdgeContinue(index, rule, spin: spin, state: state, slot: slot)
            case .risingSync(let rule):
                deliverRisingSync(index, rule, spin: spin, state: state, slot: slot)
            case .risingAsync(let rule):
                deliverRisingAsync(index, rule, isPeriodic: false, spin: spin, state: state, slot: slot)
            case .periodic(let rule):
                deliverRisingAsync(index, rule, isPeriodic: true, spin: spin, state: state, slot: slot)
            case .change(let rule, let immediate):
                deliverChange(index, rule, immediate: immediate, spin: spin, state: state, slot: slot)
            case .changeContinue(let rule, let immediate):
                deliverChangeContinue(index, rule, immediate: immediate, spin: spin, state: state, slot: slot)
            case .gearListener:
                continue
            }
        }
    }

    /// A level-triggered immediate case on `state`: when its condition holds, it acts (its
    /// constant event, else its action's); when the condition faults, the fault is its answer.
    /// Returns whether it answered either way, which ends a `levelCases` rule's search.
    @inline(__always)
    @discardableResult
    private mutating func answersLevel(
        _ index: Int, _ id: RuleCaseID, spin: MachineProgram.SpinProgram, state: SpecState, slot: Int
    ) -> Bool {
        let rule = spin.rule(id)
        do throws(EvaluationError) {
            guard try rule.level.holds(state) else { return false }
        } catch {
            queueResult(index, .failure(SpecFault(error)), slot: slot)
            return true
        }
        coverage?.ruleFired(spin: index, rule: id)
        if let event = rule.constant ?? act(index, id, state: state, payload: []) {
            queueResult(index, event, slot: slot)
        }
        return true
    }

    /// `triggeredBy:`: a state whose trigger does not hold leaves the running effect alone; one
    /// where it faults starts an effect that answers the fault at once.
    @inline(__always)
    private mutating func deliverPerState(
        _ index: Int, _ rule: RuleCaseID, cancels: Bool, spin: MachineProgram.SpinProgram, state: SpecState, slot: Int
    ) {
        let value = spin.rule(rule).trigger(state)
        if case .off = value { return }
        if cancels { cancelRunning(index, slot: slot) }
        if case .fault(let fault) = value {
            queueResult(index, .failure(fault), slot: slot)
            return
        }
        let token = startEffect(index, slot: slot, body: .delayed, rule: rule, state: state)
        if cancels { spins[index].memory[slot].running = token }
    }

    /// `ChangeMemory`: acts when the trigger changes to holding or to a new fault.
    @inline(__always)
    private mutating func deliverEdgeContinue(
        _ index: Int, _ rule: RuleCaseID, spin: MachineProgram.SpinProgram, state: SpecState, slot: Int
    ) {
        let watched = Self.watch(spin.rule(rule), on: state)
        let changed = spins[index].memory[slot].trigger.map { $0 != watched } ?? true
        spins[index].memory[slot].trigger = watched
        guard changed else { return }
        switch watched.value {
        case .off: return
        case .fault(let fault): queueResult(index, .failure(fault), slot: slot)
        case .on: _ = startEffect(index, slot: slot, body: .delayed, rule: rule, state: state)
        }
    }

    /// `skippingRepeated:` on the trigger's value, acting inline.
    @inline(__always)
    private mutating func deliverRisingSync(
        _ index: Int, _ rule: RuleCaseID, spin: MachineProgram.SpinProgram, state: SpecState, slot: Int
    ) {
        let watched = Self.watch(spin.rule(rule), on: state)
        if let last = spins[index].memory[slot].trigger, last == watched { return }
        spins[index].memory[slot].trigger = watched
        switch watched.value {
        case .off: return
        case .fault(let fault): queueResult(index, .failure(fault), slot: slot)
        case .on:
            if let event = act(index, rule, state: state, payload: []) { queueResult(index, event, slot: slot) }
        }
    }

    /// `skippingRepeated:`: a new value cancels the previous effect and starts one for itself (for
    /// `.off` one that ends at once with nothing); a periodic rule's effect is `PeriodicEvents`.
    @inline(__always)
    private mutating func deliverRisingAsync(
        _ index: Int, _ rule: RuleCaseID, isPeriodic: Bool, spin: MachineProgram.SpinProgram, state: SpecState, slot: Int
    ) {
        let watched = Self.watch(spin.rule(rule), on: state)
        if let last = spins[index].memory[slot].trigger, last == watched { return }
        spins[index].memory[slot].trigger = watched
        let value = watched.value
        cancelRunning(index, slot: slot)
        switch value {
        case .off:
            return
        case .fault(let fault):
            // An effect answers it at once; `PeriodicEvents` emits it, into the queue.
            if isPeriodic {
                enqueue(index, .failure(fault), origin: slot, token: 0)
            } else {
                queueResult(index, .failure(fault), slot: slot)
            }
        case .on:
            spins[index].memory[slot].running = startEffect(
                index, slot: slot, body: isPeriodic ? .periodic : .delayed, rule: rule, state: state)
        }
    }

    /// `skippingRepeated:` on the watched value: a change cancels the previous effect.
    @inline(__always)
    private mutating func deliverChange(
        _ index: Int, _ rule: RuleCaseID, immediate: Bool, spin: MachineProgram.SpinProgram, state: SpecState, slot: Int
    ) {
        let value = Self.watch(spin.rule(rule), state, maxStringBytes: program.maxStringBytes)
        if let last = spins[index].memory[slot].watched, last == value { return }
        spins[index].memory[slot].watched = value
        cancelRunning(index, slot: slot)
        guard changeActs(index, rule, watched: value, state: state, slot: slot) else { return }
        spins[index].memory[slot].running = startEffect(
            index, slot: slot, body: immediate ? .immediate : .delayed, rule: rule, state: state)
    }

    /// `ChangeMemory` on the watched value, none cancelled; a faulted state is skipped.
    @inline(__always)
    private mutating func deliverChangeContinue(
        _ index: Int, _ rule: RuleCaseID, immediate: Bool, spin: MachineProgram.SpinProgram, state: SpecState, slot: Int
    ) {
        guard !state.hasFault else { return }
        let value = Self.watch(spin.rule(rule), state, maxStringBytes: program.maxStringBytes)
        let changed = spins[index].memory[slot].watched.map { $0 != value } ?? true
        spins[index].memory[slot].watched = value
        guard changed else { return }
        guard changeActs(index, rule, watched: value, state: state, slot: slot) else { return }
        _ = startEffect(index, slot: slot, body: immediate ? .immediate : .delayed, rule: rule, state: state)
    }

    /// Whether a `changes` rule acts on a change to `value` in `state`: not when the value or the
    /// rule's condition faults (the fault is its answer) or the condition does not hold.
    private mutating func changeActs(
        _ index: Int, _ rule: RuleCaseID, watched value: Result<SpinValue, SpecFault>, state: SpecState, slot: Int
    ) -> Bool {
        if case .failure(let fault) = value {
            queueResult(index, .failure(fault), slot: slot)
            return false
        }
        switch WatchedValue.acts(program.spins[index].rule(rule).code.condition, on: state, maxStringBytes: program.maxStringBytes) {
        case .failure(let fault):
            queueResult(index, .failure(fault), slot: slot)
            return false
        case .success(let holds):
            return holds
        }
    }

    /// What an edge or periodic rule watches on `state`: its trigger's value, with the entry
    /// parities of an `enter` rule whose states are entered again (`SpinBuilderForSpec`).
    static func watch(_ rule: MachineProgram.RuleProgram, on state: SpecState) -> EntryWatch {
        let value = rule.trigger(state)
        guard let entry = rule.entry else { return EntryWatch(value: value, parities: nil) }
        return EntryWatch(value: value, flips: entry, in: state)
    }

    /// What a `changes` rule watches on `state` (`WatchedValue`).
    static func watch(
        _ rule: MachineProgram.RuleProgram, _ state: SpecState, maxStringBytes: Int
    ) -> Result<SpinValue, SpecFault> {
        guard let watched = rule.watched else {
            return .failure(SpecFault(.internalError, at: rule.model.declaration.location, ["problem": "a 'changes' rule without its expression"]))
        }
        do throws(EvaluationError) {
            return .success(try watched.evaluate(state.context(maxStringBytes)))
        } catch {
            return .failure(SpecFault(error))
        }
    }

    /// A synchronous feedback's event, queued when the delivery ends.
    mutating func queueResult(_ index: Int, _ event: SpecEvent, slot: Int) {
        spins[index].pending.append(Queued(event: event, origin: slot, token: 0))
    }
}
