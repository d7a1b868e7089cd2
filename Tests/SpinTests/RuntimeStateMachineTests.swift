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
        case idle(starts: [UInt64])
    }

    static func step(
        _ machine: inout Machine, pending: inout PendingEvents<Int>, raised: inout QueuedEvent<Int>?
    ) -> Step {
        switch machine.nextStep(pending: &pending, raised: &raised, hasRaised: raised != nil, reduce: add) {
        case .reduced(let event, let changed): return .reduced(event, changed: changed, observed: false)
        case .observed(let event, let changed, _): return .reduced(event, changed: changed, observed: true)
        case .primeRenders(let renders, let state): return .primeRenders(count: renders.count, state: state)
        case .teardown: return .teardown
        case .idle(let starts): return .idle(starts: starts.map(\.token))
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
            if case .teardown = step { return steps }
        }
    }

    static let noEffect: @Sendable (EffectEmitter<Int>) async -> Int? = { _ in nil }

    /// A started machine, drained, with `effects` effects asked for (tokens 1, 2, …), to be
    /// started when the drain ends.
    static func startedMachine(effects: Int) -> Machine {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        for _ in 0..<effects {
            _ = machine.startEffect(origin: 0, executor: nil, deferred: true, operation: noEffect)
        }
        return machine
    }

    @Test func anEffectStartedAtOnceIsRegisteredButNotHandedOut() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        let started = machine.startEffect(origin: 0, executor: nil, deferred: false, operation: Self.noEffect)
        #expect(started == (EffectHandle(token: 1), true))
        #expect(machine.isRunning(1) && machine.pendingStarts.isEmpty)
        // It ended while starting: its answer stands, and it is no longer running.
        let stands = machine.endEffect(1)
        #expect(stands && !machine.isRunning(1))
        let again = machine.endEffect(1)
        #expect(!again)
        // After a stop an answer given while starting does not stand.
        _ = machine.startEffect(origin: 0, executor: nil, deferred: false, operation: Self.noEffect)
        _ = machine.stop()
        let afterStop = machine.endEffect(2)
        #expect(!afterStop)
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
            .idle(starts: []),
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
        #expect(released.tasks.isEmpty && released.unstarted == 0)
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
        guard case .observed(_, true, let changed) = machine.nextStep(pending: &pending, raised: &raised, hasRaised: false, reduce: Self.add) else {
            Issue.record("expected an observed step")
            return
        }
        #expect(changed.state == 3 && changed.step == 2 && changed.channels.count == 1 && changed.stepObservers.isEmpty)
        // An unchanged state does not concern channels: no delivery at all.
        let check28 = Self.step(&machine, pending: &pending, raised: &raised) == .reduced(0, changed: false, observed: false)
        #expect(check28)
        machine.stepObservers.append { _ in }
        _ = machine.enqueue(Self.item(0))
        guard case .observed(_, false, let unchanged) = machine.nextStep(pending: &pending, raised: &raised, hasRaised: false, reduce: Self.add) else {
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
            .idle(starts: []),
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

    @Test func effectsAskedForDuringADrainAreHandedOutWhenItEnds() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.start()
        let first = machine.startEffect(origin: 0, executor: nil, deferred: true, operation: Self.noEffect)
        let second = machine.startEffect(origin: 1, executor: nil, deferred: true, operation: Self.noEffect)
        #expect(first == (EffectHandle(token: 1), true) && second == (EffectHandle(token: 2), true))
        #expect(machine.isRunning(1) && machine.isRunning(2))
        let check33 = Self.drain(&machine) == [.idle(starts: [1, 2])]
        #expect(check33)
        #expect(machine.pendingStarts.isEmpty)
    }

    @Test func noEffectIsRegisteredAfterStop() {
        var machine = Machine(state: 0, maxQueueLength: 10)
        _ = machine.stop()
        let (handle, registered) = machine.startEffect(origin: 0, executor: nil, deferred: true, operation: Self.noEffect)
        #expect(handle.token == 1 && !registered)
        #expect(machine.effects.isEmpty && machine.pendingStarts.isEmpty)
    }

    @Test func aTaskCreatedForACancelledEffectMustBeCancelled() async {
        var machine = Self.startedMachine(effects: 1)
        let task = Task {}
        let check38 = machine.effectTaskCreated(1, task: task)
        #expect(check38)
        #expect(machine.effects[1]?.task == task)
        let check39 = machine.cancelEffect(1) == task
        #expect(check39)
        let check40 = !machine.effectTaskCreated(1, task: task)
        #expect(check40)
        let check41 = machine.cancelEffect(1) == nil
        #expect(check41)
    }

    @Test func cancellingDropsTheEffectsQueuedEventsAndLaterOnes() {
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
        // An unknown token is dropped too (an effect that ended).
        let check43 = !machine.enqueue(Self.item(5, origin: 0, token: 99))
        #expect(check43)
    }

    @Test func reducingAnEffectsEventCountsItOutOfTheQueue() {
        var machine = Self.startedMachine(effects: 1)
        _ = machine.enqueue(Self.item(1, origin: 0, token: 1))
        var pending = PendingEvents<Int>()
        var raised: QueuedEvent<Int>?
        _ = Self.step(&machine, pending: &pending, raised: &raised)
        #expect(machine.effects[1]?.queued == 0)
    }

    @Test func aFinishedEffectsLastEventIsQueuedAndClaimsAnIdleLoop() {
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
        _ = machine.startEffect(origin: 0, executor: nil, deferred: true, operation: Self.noEffect)
        let check47 = !machine.finishEffect(3, origin: 0, last: nil)
        #expect(check47)
        #expect(machine.queue.isEmpty && machine.state == 1 + 2 + 3 + 4)
    }

    @Test func releaseHandsBackTasksChannelsAndUnstartedEffects() async {
        var machine = Self.startedMachine(effects: 2)
        let task = Task {}
        _ = machine.effectTaskCreated(1, task: task)
        _ = machine.addChannel(StateChannel<Int>(tracker: nil))
        _ = machine.enqueue(Self.item(1))
        let released = machine.release()
        #expect(released.tasks == [task] && released.channels.count == 1 && released.unstarted == 2)
        #expect(machine.effects.isEmpty && machine.pendingStarts.isEmpty && machine.queue.isEmpty)
        #expect(machine.channels.isEmpty && machine.renders.isEmpty && !machine.draining)
    }
}

extension QueuedEvent: Equatable where Event: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.event == rhs.event && lhs.origin == rhs.origin && lhs.token == rhs.token
    }
}
