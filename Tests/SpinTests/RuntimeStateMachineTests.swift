import Testing
@testable import Spin

/// Every transition of `RuntimeStateMachine`, without threads, tasks or a runtime: each test drives
/// the machine with inputs and asserts the exact actions and state it ends in.
@Suite struct RuntimeStateMachineTests {
    typealias Machine = RuntimeStateMachine<Int, Int>

    /// The reducer of these tests: the event is added to the state; 0 changes nothing.
    static func add(_ state: inout Int, _ event: Int) -> Bool {
        state += event
        return event != 0
    }

    static func item(_ event: Int, origin: Int = -1, token: UInt64 = 0) -> QueuedEvent<Int> {
        QueuedEvent(event: event, origin: origin, token: token)
    }

    /// What a step did, comparable: the reduced event and whether it changed the state, or the
    /// other actions by name.
    enum Step: Equatable {
        case reduced(Int, changed: Bool, observed: Bool)
        case primeRenders(count: Int, state: Int)
        case teardown
        case idle
        case park
    }

    /// One step; `issued` is the last effect token the drainer handed out (by default, none more
    /// than the machine has seen).
    static func step(
        _ machine: inout Machine, pending: inout PendingEvents<Int>, raised: inout QueuedEvent<Int>?,
        issued: UInt64? = nil
    ) -> Step {
        let issued = issued ?? machine.settledThrough
        switch machine.nextStep(pending: &pending, raised: &raised, hasRaised: raised != nil, issued: issued, reduce: add) {
        case .reduced(let event, let changed): return .reduced(event, changed: changed, observed: false)
        case .observed(let event, let changed, _): return .reduced(event, changed: changed, observed: true)
        case .primeRenders(let renders, let state): return .primeRenders(count: renders.count, state: state)
        case .teardown: return .teardown
        case .idle: return .idle
        case .park: return .park
        }
    }

    /// Steps until the drain ends, collecting every step.
    static func drain(_ machine: inout Machine, pending: PendingEvents<Int> = PendingEvents()) -> [Step] {
        var pending = pending
        var raised: QueuedEvent<Int>?
        var steps: [Step] = []
        while true {
            let step = step(&machine, pending: &pending, raised: &raised)
            steps.append(step)
            if case .idle = step { return steps }
            if case .park = step { return steps }
            if case .teardown = step { return steps }
        }
    }

    /// A started machine with `effects` running effects (tokens 1, 2, …), registered as effects that
    /// suspended in their start, with `task` as their task.
    static func startedMachine(effects: Int, task: Task<Void, Never> = Task {}) -> Machine {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        for token in 0..<effects {
            _ = machine.effectStarted(UInt64(token + 1), task: task)
        }
        return machine
    }

    // MARK: Effects started at once

    @Test func anEffectInItsStartIsTakenAndSettledByTheNextStep() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        // Effect 1 is in its start (the drainer handed out token 1): its event is taken, counted
        // in a provisional record.
        let claimed = machine.enqueue(Self.item(5, origin: 0, token: 1))
        #expect(!claimed && machine.effects[1]?.provisional == true && machine.effects[1]?.queued == 1)
        #expect(machine.provisionalCount == 1)
        // It ended in its start; the next step settles it: the record goes, its event stands.
        var pending = PendingEvents<Int>()
        var raised: QueuedEvent<Int>?
        let first = Self.step(&machine, pending: &pending, raised: &raised, issued: 1)
        #expect(first == .reduced(5, changed: true, observed: false))
        #expect(machine.effects.isEmpty && machine.provisionalCount == 0 && machine.settledThrough == 1)
        // A later event of the ended effect is dropped.
        let late = machine.enqueue(Self.item(6, origin: 0, token: 1))
        #expect(!late && machine.queue.isEmpty)
    }

    @Test func anEffectThatSuspendedInItsStartIsRegisteredWithItsTask() async {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        _ = machine.enqueue(Self.item(5, origin: 0, token: 1))
        let task = Task {}
        let started = machine.effectStarted(1, task: task)
        #expect(started == .running)
        #expect(machine.effects[1]?.provisional == false && machine.effects[1]?.task == task)
        #expect(machine.effects[1]?.queued == 1 && machine.provisionalCount == 0 && machine.settledThrough == 1)
        // Registered, it can be cancelled: its queued event goes.
        let cancelled = machine.cancelEffect(1)
        #expect(cancelled == task && machine.queue.isEmpty)
    }

    @Test func anEffectThatEndsBeforeItsRegistrationLeavesItsEventToIt() async {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        // Effect 1 suspended in its start and ended on another thread before its registration.
        let claimed = machine.finishEffect(1, origin: 3, last: 7)
        #expect(!claimed && machine.queue.isEmpty && machine.earlyEnds.count == 1)
        let started = machine.effectStarted(1, task: Task {})
        #expect(started == .ended)
        #expect(machine.queue.popFirst() == Self.item(7, origin: 3))
        #expect(machine.earlyEnds.isEmpty && !machine.isRunning(1))
        // Settled, a cancelled effect's end is dropped (not kept for a registration).
        let dropped = machine.finishEffect(1, origin: 3, last: 8)
        #expect(!dropped && machine.earlyEnds.isEmpty && machine.queue.isEmpty)
    }

    @Test func aStopDuringAStartMakesTheRegistrationCancelTheTask() async {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        _ = machine.enqueue(Self.item(5, origin: 0, token: 1))
        _ = machine.stop()
        let started = machine.effectStarted(1, task: Task {})
        #expect(started == .stopped && machine.effects.isEmpty)
        // An effect that ended early after a stop leaves nothing either.
        _ = machine.finishEffect(2, origin: 0, last: 9)
        let late = machine.effectStarted(2, task: Task {})
        #expect(late == .ended && machine.queue.count == 1)
    }

    // MARK: Claiming the drain

    @Test func startClaimsTheDrainOnceAndNotAfterStop() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        let check1 = !machine.claimDrain()
        #expect(check1)  // not started: nobody drains yet
        let check2 = machine.start()
        #expect(check2)
        #expect(machine.started && machine.draining)
        let check3 = !machine.start()
        #expect(check3)
        var stopped = Machine(state: 0, maxQueueLength: 10)
        let check4 = stopped.stop()
        #expect(check4)  // a stop before start claims, to tear down
        let check5 = !stopped.start()
        #expect(check5)
    }

    @Test func eventsBeforeStartWaitAndAreReducedFirstInOrder() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        let check6 = !machine.enqueue(Self.item(1))
        #expect(check6)
        let check7 = !machine.enqueue(Self.item(2))
        #expect(check7)
        #expect(machine.queue.count == 2)
        let check8 = machine.start()
        #expect(check8)
        let check9 = Self.drain(&machine) == [
            .reduced(1, changed: true, observed: false), .reduced(2, changed: true, observed: false),
            .idle,
        ]
        #expect(check9)
        #expect(machine.state == 3 && machine.stepCount == 2 && !machine.draining)
    }

    @Test func anEventQueuedWhileSomeoneDrainsDoesNotClaim() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        let check10 = machine.start()
        #expect(check10)
        let check11 = !machine.enqueue(Self.item(5))
        #expect(check11)
        #expect(machine.queue.count == 1)
        _ = Self.drain(&machine)
        let check12 = machine.enqueue(Self.item(1))
        #expect(check12)  // idle again: the emitter drains
    }

    @Test func stopClaimsOnceAndDropsLaterEvents() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        _ = Self.drain(&machine)
        let check13 = machine.stop()
        #expect(check13)
        #expect(machine.stopReason == .requested)
        let check14 = !machine.stop()
        #expect(check14)
        let check15 = !machine.enqueue(Self.item(1))
        #expect(check15)
        #expect(machine.queue.isEmpty)
    }

    @Test func aStopDuringADrainTearsDownAtItsNextStep() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.enqueue(Self.item(1))
        _ = machine.enqueue(Self.item(2))
        _ = machine.start()
        var pending = PendingEvents<Int>()
        var raised: QueuedEvent<Int>?
        let check16 = Self.step(&machine, pending: &pending, raised: &raised) == .reduced(1, changed: true, observed: false)
        #expect(check16)
        let check17 = !machine.stop()
        #expect(check17)  // the drainer is busy: it tears down
        pending.append(Self.item(7))
        let check18 = Self.step(&machine, pending: &pending, raised: &raised) == .teardown
        #expect(check18)
        #expect(pending.isEmpty)
        let released = machine.release()
        #expect(released.tasks.isEmpty)
        #expect(machine.queue.isEmpty && !machine.draining && machine.state == 1)
    }

    @Test func aFullQueueStopsTheLoopWithItsReason() {
        var machine = Machine(state: 0, maxQueueLength: 2)
        _ = machine.enqueue(Self.item(1))
        _ = machine.enqueue(Self.item(2))
        #expect(machine.stopReason == nil)
        // The stop claims the drain, even before start: someone must tear the loop down.
        let check19 = machine.enqueue(Self.item(3))
        #expect(check19)
        #expect(machine.stopReason == .queueFull(limit: 2))
        #expect(machine.queue.count == 2)
        #expect(Machine(state: 0, maxQueueLength: 0).maxQueueLength == 1)
    }

    // MARK: The drain

    @Test func returnedEventsJoinTheQueueAfterEventsAlreadyWaiting() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        _ = machine.enqueue(Self.item(100))
        var pending = PendingEvents<Int>()
        pending.append(Self.item(1, origin: 0))
        pending.append(Self.item(2, origin: 1))
        let check20 = Self.drain(&machine, pending: pending).map { step -> Int? in
            if case .reduced(let event, _, _) = step { return event }
            return nil
        } == [100, 1, 2, nil]
        #expect(check20)
    }

    @Test func theFirstReturnedEventIsReducedDirectlyWhenNothingWaits() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        var pending = PendingEvents<Int>()
        pending.append(Self.item(1, origin: 0))
        pending.append(Self.item(2, origin: 1))
        var raised: QueuedEvent<Int>?
        let check21 = Self.step(&machine, pending: &pending, raised: &raised) == .reduced(1, changed: true, observed: false)
        #expect(check21)
        // Only the second passed through the queue.
        #expect(machine.queue.count == 1)
    }

    @Test func returnedEventsThatOverflowTheQueueStopTheLoop() {
        var machine = Machine(state: 0, maxQueueLength: 1)
        _ = machine.start()
        _ = machine.enqueue(Self.item(5))
        var pending = PendingEvents<Int>()
        pending.append(Self.item(1))
        pending.append(Self.item(2))
        var raised: QueuedEvent<Int>?
        let check22 = Self.step(&machine, pending: &pending, raised: &raised) == .teardown
        #expect(check22)
        #expect(machine.stopReason == .queueFull(limit: 1))
        #expect(pending.isEmpty)
    }

    @Test func anInternalEventIsReducedBeforeQueuedAndReturnedEvents() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        _ = machine.enqueue(Self.item(100))
        var pending = PendingEvents<Int>()
        pending.append(Self.item(1, origin: 0))
        var raised: QueuedEvent<Int>? = Self.item(10, origin: -2)
        let check23 = Self.step(&machine, pending: &pending, raised: &raised) == .reduced(10, changed: true, observed: false)
        #expect(check23)
        #expect(raised == nil)
        #expect(pending.isEmpty && machine.queue.count == 2)
        let check24 = Self.drain(&machine).count == 3
        #expect(check24)
        #expect(machine.state == 111)
    }

    @Test func aStopWinsOverAnInternalEvent() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        _ = machine.stop()
        var pending = PendingEvents<Int>()
        var raised: QueuedEvent<Int>? = Self.item(10, origin: -2)
        let check25 = Self.step(&machine, pending: &pending, raised: &raised) == .teardown
        #expect(check25)
        #expect(machine.state == 0)
    }

    @Test func observersGetADeliveryAndOnlyChangedStatesGoToChannels() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        _ = Self.drain(&machine)
        // Without observers a step carries no delivery.
        _ = machine.enqueue(Self.item(1))
        let check26 = Self.drain(&machine).first == .reduced(1, changed: true, observed: false)
        #expect(check26)
        let channel = StateChannel<Int>(tracker: nil)
        let check27 = machine.addChannel(channel) == (first: 1, finished: false)
        #expect(check27)
        for event in [2, 0] { _ = machine.enqueue(Self.item(event)) }
        var pending = PendingEvents<Int>()
        var raised: QueuedEvent<Int>?
        guard case .observed(_, true, let changed) = machine.nextStep(pending: &pending, raised: &raised, hasRaised: false, issued: 0, reduce: Self.add) else {
            Issue.record("expected an observed step")
            return
        }
        #expect(changed.state == 3 && changed.step == 2 && changed.channels.count == 1 && changed.stepObservers.isEmpty)
        // An unchanged state does not concern channels: no delivery at all.
        let check28 = Self.step(&machine, pending: &pending, raised: &raised) == .reduced(0, changed: false, observed: false)
        #expect(check28)
        machine.stepObservers.append { _ in }
        _ = machine.enqueue(Self.item(0))
        guard case .observed(_, false, let unchanged) = machine.nextStep(pending: &pending, raised: &raised, hasRaised: false, issued: 0, reduce: Self.add) else {
            Issue.record("expected an observed step")
            return
        }
        #expect(unchanged.channels.isEmpty && unchanged.renders.isEmpty && unchanged.stepObservers.count == 1)
    }

    @Test func newRendersArePrimedWithTheCurrentStateBeforeTheNextEvent() {
        var machine = Machine(state: 4, maxQueueLength: 10)
        _ = machine.start()
        _ = Self.drain(&machine)
        let render = RenderObserver<Int> { _ in true }
        let check29 = machine.addRender(render)
        #expect(check29)
        _ = machine.enqueue(Self.item(1))
        var pending = PendingEvents<Int>()
        pending.append(Self.item(2))
        let check30 = Self.drain(&machine, pending: pending) == [
            .primeRenders(count: 1, state: 4),
            .reduced(1, changed: true, observed: true), .reduced(2, changed: true, observed: true),
            .idle,
        ]
        #expect(check30)
        #expect(machine.renders.count == 1 && machine.unprimedRenders.isEmpty)
        var stopped = Machine(state: 0, maxQueueLength: 10)
        _ = stopped.stop()
        let check31 = !stopped.addRender(render)
        #expect(check31)
        #expect(stopped.unprimedRenders.isEmpty)
    }

    @Test func releasedRendersAreForgotten() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        machine.renders = [RenderObserver { _ in false }, RenderObserver { _ in true }]
        for render in machine.renders { _ = render.call(0) }
        machine.removeReleasedRenders()
        #expect(machine.renders.count == 1)
    }

    @Test func aChannelAddedAfterStopEndsAtOnce() {
        var machine = Machine(state: 7, maxQueueLength: 10)
        _ = machine.stop()
        let check32 = machine.addChannel(StateChannel<Int>(tracker: nil)) == (first: 7, finished: true)
        #expect(check32)
        #expect(machine.channels.isEmpty)
    }

    // MARK: Effects

    // MARK: Effects on a place

    @Test func aPlacedEffectParksTheDrainUntilItsStartReturns() async {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        let placed = machine.placeEffect(1)
        #expect(placed && machine.isRunning(1) && machine.awaitingStarts == 1)
        _ = machine.enqueue(Self.item(5))
        // The next event waits: the drain parks, still claimed.
        let parked = Self.drain(&machine, pending: PendingEvents()) == [.park]
        #expect(parked && machine.parked && machine.draining)
        let claimed = machine.enqueue(Self.item(6))
        #expect(!claimed)
        // The start answered 7: the reporter resumes the drain; 7 is a returned event.
        let returned = machine.placedStartReturned(1, origin: 0, task: Task {}, answered: true, last: 7)
        #expect(returned == Machine.PlacedStart(cancelTask: false, resumeDrain: true))
        #expect(!machine.parked && machine.draining && !machine.isRunning(1))
        let steps = Self.drain(&machine)
        #expect(steps == [
            .reduced(5, changed: true, observed: false), .reduced(6, changed: true, observed: false),
            .reduced(7, changed: true, observed: false), .idle,
        ])
    }

    @Test func placedAnswersJoinTheReturnedEventsInDeclarationOrder() async {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        _ = machine.placeEffect(1)
        _ = machine.placeEffect(2)
        // Reported before the drainer's next step: nothing parks.
        _ = machine.placedStartReturned(2, origin: 3, task: Task {}, answered: true, last: 30)
        let returned = machine.placedStartReturned(1, origin: 1, task: Task {}, answered: true, last: 10)
        #expect(!returned.resumeDrain)
        var pending = PendingEvents<Int>()
        pending.append(Self.item(0, origin: 0))
        pending.append(Self.item(20, origin: 2))
        var raised: QueuedEvent<Int>?
        var order: [Int] = []
        while case .reduced(let event, _, _) = Self.step(&machine, pending: &pending, raised: &raised, issued: 2) {
            order.append(event)
        }
        #expect(order == [0, 10, 20, 30])
    }

    @Test func aPlacedEffectThatSuspendedIsRegisteredWithItsTask() async {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        _ = machine.placeEffect(1)
        let task = Task {}
        let returned = machine.placedStartReturned(1, origin: 0, task: task, answered: false, last: nil)
        #expect(returned == Machine.PlacedStart())
        #expect(machine.effects[1]?.task == task && machine.awaitingStarts == 0)
        let cancelled = machine.cancelEffect(1)
        #expect(cancelled == task)
    }

    @Test func aStopTakesOverAParkedDrain() async {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        _ = machine.placeEffect(1)
        _ = Self.drain(&machine)
        #expect(machine.parked)
        // The place may never run the start (a main queue nobody serves): the stop tears down.
        let claimed = machine.stop()
        #expect(claimed && !machine.parked)
        let steps = Self.drain(&machine)
        #expect(steps == [.teardown])
        _ = machine.release()
        // The late report: its task is cancelled, nothing resumes.
        let late = machine.placedStartReturned(1, origin: 0, task: Task {}, answered: false, last: nil)
        #expect(late == Machine.PlacedStart(cancelTask: true, resumeDrain: false))
    }

    @Test func noEffectIsPlacedAfterStop() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.stop()
        let registered = machine.placeEffect(1)
        #expect(!registered)
        #expect(machine.effects.isEmpty && machine.awaitingStarts == 0)
    }

    @Test func cancellingDropsTheEffectsQueuedEventsAndLaterOnes() async {
        var machine = Self.startedMachine(effects: 1)
        _ = machine.enqueue(Self.item(1, origin: 0, token: 1))
        _ = machine.enqueue(Self.item(2))
        _ = machine.enqueue(Self.item(3, origin: 0, token: 1))
        #expect(machine.effects[1]?.queued == 2)
        _ = machine.cancelEffect(1)
        #expect(machine.queue.count == 1)
        let check42 = !machine.enqueue(Self.item(4, origin: 0, token: 1))
        #expect(check42)
        #expect(machine.queue.count == 1)
    }

    @Test func reducingAnEffectsEventCountsItOutOfTheQueue() async {
        var machine = Self.startedMachine(effects: 1)
        _ = machine.enqueue(Self.item(1, origin: 0, token: 1))
        var pending = PendingEvents<Int>()
        var raised: QueuedEvent<Int>?
        _ = Self.step(&machine, pending: &pending, raised: &raised)
        #expect(machine.effects[1]?.queued == 0)
    }

    @Test func aFinishedEffectsLastEventIsQueuedAndClaimsAnIdleLoop() async {
        var machine = Self.startedMachine(effects: 2)
        _ = machine.enqueue(Self.item(1, origin: 0, token: 1))
        _ = Self.drain(&machine)
        _ = machine.enqueue(Self.item(2, origin: 0, token: 2))
        #expect(machine.draining)
        // Ending while someone drains: queued, no claim; its queued event stays.
        let check44 = !machine.finishEffect(2, origin: 0, last: 3)
        #expect(check44)
        #expect(machine.queue.count == 2 && !machine.isRunning(2))
        _ = Self.drain(&machine)
        // Ending while idle claims; a cancelled effect's last event, or no event, does not.
        let check45 = machine.finishEffect(1, origin: 0, last: 4)
        #expect(check45)
        #expect(machine.queue.count == 1)
        _ = Self.drain(&machine)
        let check46 = !machine.finishEffect(1, origin: 0, last: 5)
        #expect(check46)
        _ = machine.effectStarted(3, task: Task {})
        let check47 = !machine.finishEffect(3, origin: 0, last: nil)
        #expect(check47)
        #expect(machine.queue.isEmpty && machine.state == 1 + 2 + 3 + 4)
    }

    @Test func releaseHandsBackTasksAndChannels() async {
        let task = Task {}
        var machine = Self.startedMachine(effects: 1, task: task)
        _ = machine.placeEffect(2)
        _ = machine.addChannel(StateChannel<Int>(tracker: nil))
        _ = machine.enqueue(Self.item(1))
        let released = machine.release()
        #expect(released.tasks == [task] && released.channels.count == 1)
        #expect(machine.effects.isEmpty && machine.awaitingStarts == 0 && machine.queue.isEmpty)
        #expect(machine.channels.isEmpty && machine.renders.isEmpty && !machine.draining)
    }
}

extension QueuedEvent: Equatable where Event: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.event == rhs.event && lhs.origin == rhs.origin && lhs.token == rhs.token
    }
}
