import Spin
import SpinDSLFrontEnd
import SpinDSLRunner

/// A spin's loop (`SpinRuntime`): starting it, queueing its events, draining its queue one step
/// at a time (drains never nest), and tearing it down when it stops.
extension RunMachine {
    mutating func startSpin(_ index: Int) {
        spins[index].started = true
        spins[index].draining = true
        let spin = program.spins[index]
        for (slot, feedback) in spin.slots.enumerated() {
            if case .gearListener(_, let gear, _) = feedback.kind, listeners.indices.contains(gear) {
                attach(gear: gear, spin: index, slot: slot)
            }
        }
        // The initial delivery is not part of a drain: a spin it wakes drains on the spot.
        deliver(index)
        // The drain after the start asks the internal-event source first.
        askInternalEvent(index)
        drain(index)
    }

    /// Whoever queues an event while nobody drains becomes the drainer.
    mutating func claim(_ index: Int) -> Bool {
        guard !spins[index].draining, spins[index].started || spins[index].stopped else { return false }
        spins[index].draining = true
        return true
    }

    mutating func append(_ index: Int, _ item: Queued) -> Bool {
        guard spins[index].queuedCount < maxQueueLength else {
            spins[index].stopped = true
            if ended == nil { ended = .queueFull(spin: index) }
            return false
        }
        spins[index].queue.append(item)
        return true
    }

    /// `SpinRuntime.enqueue`: an event from outside, a listener or an effect task.
    mutating func enqueue(_ index: Int, _ event: SpecEvent, origin: Int, token: Int) {
        guard ended == nil, !spins[index].stopped else { return }
        var effect: Int?
        if token != 0 {
            guard let found = effectIndex(index, token) else { return }
            effect = found
        }
        if append(index, Queued(event: event, origin: origin, token: token)), let effect {
            spins[index].effects[effect].queued &+= 1
        }
        if claim(index) { drain(index) }
    }

    private mutating func popQueue(_ index: Int) -> Queued? {
        guard spins[index].queueHead < spins[index].queue.count else { return nil }
        let item = spins[index].queue[spins[index].queueHead]
        spins[index].queueHead &+= 1
        if spins[index].queueHead == spins[index].queue.count {
            spins[index].queue.removeAll(keepingCapacity: true)
            spins[index].queueHead = 0
        }
        return item
    }

    /// `SpinRuntime.drain`: drains never nest (`DrainTrampoline`). A drain claimed while another
    /// one runs waits, in the order claimed, until the outermost drain has finished its current
    /// step; the outermost runs the waiting drains after each of its steps.
    mutating func drain(_ index: Int) {
        if trampolineDraining {
            deferredDrains.append(index)
            return
        }
        trampolineDraining = true
        drainSteps(index, outermost: true)
        runDeferredDrains()
        trampolineDraining = false
    }

    private mutating func runDeferredDrains() {
        while deferredHead < deferredDrains.count {
            let index = deferredDrains[deferredHead]
            deferredHead &+= 1
            drainSteps(index, outermost: false)
        }
        deferredDrains.removeAll(keepingCapacity: true)
        deferredHead = 0
    }

    /// Reduces the queue one event at a time, delivering each new state; an internal event comes
    /// before anything queued (`RuntimeStateMachine.nextStep`).
    private mutating func drainSteps(_ index: Int, outermost: Bool) {
        // A ring is a state coming back within one call of this loop: its callers wait for it.
        if detectsRings, moveSteps >= Self.ringSearchStart {
            if outermost { outerRing.reset() } else { innerRing.reset() }
        }
        let choicesBefore = oracle.made.count
        let drainNumber = detectsRings ? moveVisits.startDrain(choices: choicesBefore) : 0
        while true {
            if ended != nil { return }
            if detectsRings, oracle.made.count >= Self.revisitSearchChoices, oracle.takesFirstOutcomesFromHere,
               foundRevisit(index, outermost: outermost, drain: drainNumber, choicesBefore: choicesBefore) {
                return
            }
            if detectsRings, moveSteps >= Self.ringSearchStart, foundRing(index, outermost: outermost) { return }
            var next: Queued?
            var source: String?
            if let raised = spins[index].raised {
                spins[index].raised = nil
                next = Queued(event: raised.event, origin: Self.internalOrigin, token: 0)
                source = raised.source
            }
            if !spins[index].pending.isEmpty {
                // What the feedbacks returned joins the queue; when nothing else waits, its first
                // event is the next one anyway.
                let pending = spins[index].pending
                spins[index].pending.removeAll(keepingCapacity: true)
                var rest = pending[...]
                if spins[index].queuedCount == 0, !spins[index].stopped, source == nil {
                    next = rest.popFirst()
                }
                for item in rest {
                    if spins[index].stopped || !append(index, item) { break }
                }
            }
            if spins[index].stopped {
                teardown(index)
                return
            }
            guard let item = next ?? popQueue(index) else {
                spins[index].draining = false
                return
            }
            if item.token != 0, let effect = effectIndex(index, item.token) {
                spins[index].effects[effect].queued &-= 1
            }
            step(index, item, internalSource: source)
            askInternalEvent(index)
            if outermost, deferredHead < deferredDrains.count { runDeferredDrains() }
        }
    }

    /// The origin of an internal event's step (`Queued.origin`).
    private static let internalOrigin = -2

    /// The internal-event source's next event for spin `index`, if it has one, to be reduced
    /// before anything queued.
    private mutating func askInternalEvent(_ index: Int) {
        let spin = program.spins[index]
        guard spin.hasInternalEvents, ended == nil, let answer = spin.table.internalEvent(spins[index].state, maxStringBytes: program.maxStringBytes) else { return }
        spins[index].raised = answer
    }

    /// Reduces one event and reports it as `SpecRun` does; delivers the state if it changed.
    private mutating func step(_ index: Int, _ item: Queued, internalSource: String?) {
        let spin = program.spins[index]
        let from = spins[index].state.control
        // A trace tells the states a step re-enters, worked out from the state before it.
        let before = observer != nil && spin.mayReenter ? spins[index].state : nil
        let changed: Bool
        if spin.isStatechart {
            var fired: [Int]? = coverage == nil ? nil : []
            changed = spin.table.reduceStatechart(&spins[index].state, item.event, maxStringBytes: program.maxStringBytes, firedRows: &fired)
            for row in fired ?? [] { coverage?.rowFired(spin: index, row: row) }
        } else {
            var row = -1
            changed = spin.table.reduce(&spins[index].state, item.event, maxStringBytes: program.maxStringBytes, firedRow: &row)
            if row >= 0 { coverage?.rowFired(spin: index, row: row) }
        }
        coverage?.stateReached(spin: index, control: spins[index].state.control)
        steps &+= 1
        moveSteps &+= 1
        if let observer {
            let state = spins[index].state
            let origin: EventOrigin
            if let internalSource {
                origin = .internal(source: internalSource)
            } else if item.origin < 0 {
                origin = .input
            } else {
                origin = .feedback(index: item.origin, name: spin.slots[item.origin].name)
            }
            observer(TraceStep(
                number: steps, time: now / 1_000_000, spin: index, event: item.event, origin: origin,
                from: from, state: state, changed: changed,
                reentry: before.flatMap { spin.table.reentry(from: $0, by: item.event, maxStringBytes: program.maxStringBytes) }))
        }
        if spins[index].state.hasFault, let fault = spins[index].state.fault {
            ended = .fault(fault)
            return
        }
        checkInvariants(index)
        if ended != nil { return }
        let control = spins[index].state.control
        if control >= 0, control < spin.isFinal.count, spin.isFinal[control] {
            // The run stops the spin; this state still reaches its feedbacks.
            spins[index].stopped = true
        }
        // A run whose last spin reaches its final state on the last allowed step is final, not
        // stopped by the limit (as `SpecRun` decides).
        if (steps >= totalStepLimit && !allStopped) || moveSteps > moveStepLimit {
            ended = .stepLimit
            return
        }
        if changed, spin.hasSlots { deliver(index) }
    }

    /// `SpinRuntime.teardown`: the spin stopped; its effects are cancelled, its queue dropped and
    /// its listeners detached.
    private mutating func teardown(_ index: Int) {
        spins[index].pending.removeAll()
        spins[index].raised = nil
        for (slot, feedback) in program.spins[index].slots.enumerated() {
            switch feedback.kind {
            case .gearListener(_, let gear, _):
                if listeners.indices.contains(gear) {
                    listeners[gear].removeAll { $0.spin == index && $0.slot == slot }
                }
            default:
                cancelRunning(index, slot: slot)
            }
        }
        let effects = spins[index].effects
        spins[index].effects.removeAll()
        for effect in effects { cancelTask(effect.task) }
        spins[index].queue.removeAll()
        spins[index].queueHead = 0
        spins[index].draining = false
    }
}
