/// The drain: the drainer reduces the queued events one at a time and delivers each new state to
/// the observers and the feedbacks; the effects they ask for are started, finished and cancelled
/// here.
extension SpinRuntime {
    /// Performs a transition that may make the caller the drainer; when it does, the drain counts
    /// as work for the tracker from then on (entered under the lock, so that the count cannot
    /// touch zero between the claim and the drain). Returns whether the caller must drain.
    @inlinable
    func claim(_ transition: (inout RuntimeStateMachine<State, Event>) -> Bool) -> Bool {
        machine.withLock { machine in
            let claimed = transition(&machine)
            if machine.stopRequested { stopRequested.set() }
            guard claimed else { return false }
            tracker.enter()
            return true
        }
    }

    @inlinable
    func enqueue(_ event: Event, origin: Int, token: UInt64) {
        if claim({ $0.enqueue(QueuedEvent(event: event, origin: origin, token: token)) }) { drain() }
    }

    /// Reduces queued events until none is left. Only the drainer runs this.
    ///
    /// One lock per step: under it, the state machine decides the step (`nextStep`: the events the
    /// feedbacks returned for the previous state join the queue, the next event is popped and
    /// reduced); without it, the drain performs the action (observers, then the feedbacks, which
    /// read the state in place through `AliasedStateDelivery`).
    ///
    /// After every step, and first when `afterStart` (the initial state was just delivered), the
    /// drain asks the spin's internal-event source, if it has one; its answer is the next step
    /// (`raised`), before any queued event.
    ///
    @inlinable
    func drain(afterStart: Bool = false) {
        // Drains never nest on a thread (see `DrainTrampoline`): a drain claimed inside another
        // one runs after that one's current step, from the outermost drain.
        let trampoline = DrainTrampoline.current
        if trampoline.isDraining {
            trampoline.deferred.append { [self] in
                drainSteps(afterStart: afterStart, trampoline: trampoline, outermost: false)
            }
            return
        }
        trampoline.isDraining = true
        drainSteps(afterStart: afterStart, trampoline: trampoline, outermost: true)
        trampoline.runDeferred()
        trampoline.isDraining = false
    }

    /// The drain's loop. The thread's `outermost` drain runs the drains deferred on `trampoline`
    /// during each of its steps.
    @inlinable
    func drainSteps(afterStart: Bool, trampoline: DrainTrampoline, outermost: Bool) {
        // Two copies of the loop, one without any internal-event handling: a spin without a source
        // pays nothing for the rule.
        if internalEvents == nil {
            drainSteps(afterStart: afterStart, trampoline: trampoline, outermost: outermost, raising: false)
        } else {
            drainSteps(afterStart: afterStart, trampoline: trampoline, outermost: outermost, raising: true)
        }
    }

    /// The drain's loop; `raising` is a constant in each of its two inlined copies.
    @inlinable @inline(__always)
    func drainSteps(
        afterStart: Bool, trampoline: DrainTrampoline, outermost: Bool, raising: Bool
    ) {
        let reduceStep = self.reduceStep
        // Only the drainer sets the slots: `start()` before its drain, `teardown()` at the end of
        // one. So they cannot change during a drain.
        let owned = drainerOwned
        let slots = owned.slots
        let machine = self.machine.value
        let aliased = AliasedStateDelivery(machine: machine, stateOffset: stateOffset, owned: owned)
        // Unwrapped once: an optional closure unwrapped in the loop is copied (retained) per step.
        let internalEvents: Spin<State, Event>.InternalEventSource = self.internalEvents ?? { _ in nil }
        if raising, afterStart, let answer = internalEvents(machine.pointee.state) {
            owned.raise(answer)
        }
        while true {
            self.machine.lock()
            let hasRaised = raising && owned.hasRaised
            let action = machine.pointee.nextStep(
                pending: &owned.pending, raised: &owned.raised, hasRaised: hasRaised, issued: owned.lastToken,
                reduce: reduceStep)
            self.machine.unlock()
            if hasRaised { owned.hasRaised = owned.raised != nil }
            let event: Event
            let changed: Bool
            switch consume action {
            case .reduced(let reduced, let isChanged):
                event = reduced
                changed = isChanged
            case .observed(let reduced, let isChanged, let delivery):
                notifyObservers(delivery, raisedBy: owned.raisedSource)
                event = reduced
                changed = isChanged
            case .primeRenders(let renders, let state):
                for render in renders { _ = render.call(state) }
                continue
            case .teardown:
                teardown()
                return
            case .idle:
                tracker.leave()
                return
            case .park:
                // The drain stays claimed (and counted): the last placed start to report resumes it.
                return
            }
            if changed {
                if aliased.isAvailable {
                    aliased.deliver(event)
                } else {
                    // Only the drainer writes the state, so it reads it without the lock.
                    deliver(machine.pointee.state, cause: event, to: slots)
                }
            }
            if raising, let answer = internalEvents(machine.pointee.state) {
                owned.raise(answer)
            }
            if outermost, !trampoline.deferred.isEmpty { trampoline.runDeferred() }
        }
    }

    /// Delivers a state to the feedbacks in declaration order, slot by slot (the start, and spins
    /// with too many feedbacks for a chain). Events returned by synchronous feedbacks wait in the
    /// drainer's buffer until the drain's next step.
    @inlinable
    func deliver(_ state: State, cause: Event?, to slots: [FeedbackSlot<State, Event>]) {
        let owned = drainerOwned
        for index in slots.indices {
            switch slots[index] {
            case .plain(let effect):
                if let event = effect(state) {
                    owned.pending.append(QueuedEvent(event: event, origin: index, token: 0))
                }
            case .inline(let effect):
                if let event = effect(state, cause) {
                    owned.pending.append(QueuedEvent(event: event, origin: index, token: 0))
                }
            case .instance(let instance):
                instance.receive(state, cause: cause)
            }
        }
    }

    /// Calls the step observers, then, when the state changed, sends it to the `states` sequences
    /// and the render callbacks.
    ///
    /// `@inlinable` like the drain: a client specializes it, so that making the `SpinStep` and
    /// calling the observers costs no generic metadata lookups per step.
    /// `raisedSource` names the source of the step's event when it is an internal one.
    @inlinable
    func notifyObservers(_ delivery: Delivery<State, Event>, raisedBy raisedSource: String) {
        if !delivery.stepObservers.isEmpty {
            let origin = delivery.origin == QueuedEvent<Event>.internalOrigin
                ? .internal(source: raisedSource) : origin(delivery.origin)
            let step = SpinStep(
                number: delivery.step, event: delivery.event, origin: origin,
                state: delivery.state, changed: delivery.changed)
            for observer in delivery.stepObservers { observer(step) }
        }
        guard delivery.changed, !(delivery.channels.isEmpty && delivery.renders.isEmpty) else { return }
        publish(delivery)
    }

    /// The origin of an event queued with `origin` (-1 for input, else a feedback's index).
    @inlinable
    func origin(_ origin: Int) -> EventOrigin {
        guard origin >= 0 else { return .input }
        // Every queued feedback index is one of the spin's feedbacks; the fallback only keeps this
        // total.
        return origin < feedbackOrigins.count ? feedbackOrigins[origin] : .feedback(index: origin, name: nil)
    }

    /// Sends a changed state to the `states` sequences and the render callbacks (rare: generic code
    /// is good enough here).
    @usableFromInline
    func publish(_ delivery: Delivery<State, Event>) {
        for channel in delivery.channels { channel.send(delivery.state) }
        var releasedRender = false
        for render in delivery.renders where !render.call(delivery.state) {
            releasedRender = true
        }
        if releasedRender {
            machine.withLock { $0.removeReleasedRenders() }
        }
    }

    @usableFromInline
    func teardown() {
        let slots = drainerOwned.slots
        drainerOwned.slots = []
        drainerOwned.feedbackChain = nil
        drainerOwned.reducerEffectContext = nil
        drainerOwned.reducerEffect = nil
        drainerOwned.pending.removeAll()
        drainerOwned.raised = nil
        drainerOwned.hasRaised = false
        for slot in slots { slot.instance?.stop() }
        releaseEffectsAndObservers(drainerDone: true)
    }

    /// Cancels the effect tasks, drops the queue and ends the state sequences; with `drainerDone`,
    /// also hands back the drainer's unit of work.
    func releaseEffectsAndObservers(drainerDone: Bool) {
        let released = machine.withLock { $0.release() }
        for task in released.tasks { task.cancel() }
        for channel in released.channels { channel.finish() }
        if drainerDone { tracker.leave() }
    }

    /// Asks for an effect task and returns its handle, or nil when the effect has already ended.
    /// Only the drainer calls this (feedbacks ask while a state is delivered, or as the loop
    /// starts), so it hands out the token without a lock.
    ///
    /// An effect of a feedback without an executor of its own starts now, on this thread
    /// (`Task.immediate`), and runs here until it first suspends or ends: one that ends has
    /// answered when this returns, and its last event joins what the state's synchronous
    /// feedbacks return, in declaration order (the fairness rule of docs/semantics.md); it costs
    /// no lock and leaves no record. One that suspended is registered with its task and goes on
    /// on its executor (the virtual clock's serial executor, or the global one). An effect of a
    /// feedback with a place of its own is launched there (`startPlaced`).
    @inlinable
    func startEffect(_ context: FeedbackContext<Event>, operation: @escaping EffectOperation<Event>) -> EffectHandle? {
        startEffect(context, deferred: operation) { end in
            { end.finish(await operation(end.emitter)) }
        }
    }

    /// `startEffect(_:operation:)` for the commonest effect, an async function of the state: the
    /// task calls it directly (`AsyncStateFeedbackInstance`), one closure and one async frame less.
    @inlinable
    func startEffect(_ context: FeedbackContext<Event>, state: State, effect: @escaping AsyncEffect<State, Event>) -> EffectHandle? {
        startEffect(context, deferred: { _ in await effect(state) }) { end in
            { end.finish(await effect(state)) }
        }
    }

    /// The start of an effect whose task runs `body(end)`, which hands its last event to `end`.
    /// `placed` is the same effect as an operation, for a feedback with a place.
    @inlinable @inline(__always)
    func startEffect(
        _ context: FeedbackContext<Event>,
        deferred placed: @autoclosure () -> EffectOperation<Event>,
        body: (EffectEnd<Event>) -> @isolated(any) @Sendable () async -> Void
    ) -> EffectHandle? {
        let owned = drainerOwned
        owned.lastToken &+= 1
        let token = owned.lastToken
        if let place = context.place {
            return startPlaced(token, context: context, place: place, operation: placed())
        }
        // Not after a stop, which an observer or a feedback may have asked for during this step.
        guard !stopRequested.value else { return nil }
        let slot = owned.startAnswer
        let executor = context.taskExecutor
        let task = slot.starting(token) {
            makeEffectTask(token, context: context, answer: slot) { end in
                Task.immediate(executorPreference: executor, operation: body(end))
            }
        }
        let (answered, last) = slot.take()
        if answered {
            if let last { owned.pending.append(QueuedEvent(event: last, origin: context.origin, token: 0)) }
            return nil
        }
        let started: RuntimeStateMachine<State, Event>.EffectStart = machine.withLock { machine in
            let started = machine.effectStarted(token, task: task)
            // Its last event may have filled the queue, which stops the loop.
            if machine.stopRequested { stopRequested.set() }
            return started
        }
        switch started {
        case .running: return EffectHandle(token: token)
        case .ended: return nil
        case .stopped:
            task.cancel()
            return nil
        }
    }

    /// Creates the task of effect `token` with `create(end)`, started at once on the calling
    /// thread (`Task.immediate`, see `startEffect`): a task that counts as work until it ends, and
    /// answers into `answer` if its effect ends in its start; otherwise its end reports through
    /// `finishEffect`. Binds the task-local values its effect must see (the clock, the virtual
    /// clock's membership) around `create`.
    @inlinable @inline(__always)
    func makeEffectTask(
        _ token: UInt64, context: FeedbackContext<Event>, answer: StartAnswer<Event>,
        create: (EffectEnd<Event>) -> Task<Void, Never>
    ) -> Task<Void, Never> {
        // Task-local values are bound only when they differ from what a task would see anyway:
        // binding costs an allocation per task. (The clock's type is compared, not cast: a cast
        // of the existential costs more than the rest of the check.)
        let bindClock = !clockIsContinuous
            || ObjectIdentifier(type(of: SpinClock.current)) != ObjectIdentifier(ContinuousClock.self)
        // On a virtual clock each effect task is a member of the clock's tracker, so that its
        // sleeps stop the count; so is a stream form's, so that waiting on a `SpinInput` stops it;
        // elsewhere a task only has to leave the tracker when it ends.
        let bindMember = virtualClock != nil || context.effectTasksAreMembers || ActivityMember.current != nil
        tracker.enter()
        let member = bindMember ? ActivityMember(tracker: tracker, busy: true) : nil
        let end = EffectEnd(token: token, context: context, answer: answer, member: member, tracker: tracker)
        switch (bindClock, bindMember) {
        case (false, false): return create(end)
        case (true, false): return SpinClock.$current.withValue(clock) { create(end) }
        case (false, true): return ActivityMember.withCurrent(member) { create(end) }
        case (true, true):
            return SpinClock.$current.withValue(clock) { ActivityMember.withCurrent(member) { create(end) } }
        }
    }

    /// Launches effect `token` of a feedback with a place of its own: a task there runs the effect
    /// at once until it first suspends or ends (as the drainer does for the others), then reports.
    /// The drain's next step waits for that report (`RuntimeStateMachine.awaitingStarts`), so the
    /// fairness rule holds on every place.
    @usableFromInline
    func startPlaced(
        _ token: UInt64, context: FeedbackContext<Event>, place: EffectPlace, operation: @escaping EffectOperation<Event>
    ) -> EffectHandle? {
        let registered = machine.withLock { machine in
            guard machine.placeEffect(token) else { return false }
            // The launch counts as work until it reports; the effect's own task counts on its own.
            tracker.enter()
            return true
        }
        guard registered else { return nil }
        let launch = PlacedLaunch(runtime: self, token: token, context: context, operation: operation)
        switch place.kind {
        case .taskExecutor(let executor):
            Task(executorPreference: executor) { launch.run(onExecutor: executor) }
        case .actor(let actor):
            Task { await PlacedLaunch.run(launch, on: actor) }
        }
        return EffectHandle(token: token)
    }

    /// The start of a placed effect returned, on its place: see `RuntimeStateMachine.placedStartReturned`.
    func placedStartReturned(_ token: UInt64, origin: Int, task: Task<Void, Never>, answered: Bool, last: Event?) {
        let result = machine.withLock { machine in
            let result = machine.placedStartReturned(token, origin: origin, task: task, answered: answered, last: last)
            if machine.stopRequested { stopRequested.set() }
            return result
        }
        if result.cancelTask { task.cancel() }
        tracker.leave()
        // The parked drain resumes here, with the unit it kept.
        if result.resumeDrain { drain() }
    }

    /// An effect task's effect has ended with `last` as its last event: queued, unless the effect
    /// was cancelled, in the same step under the lock that ends the effect, and reduced here if no
    /// one is draining.
    @inlinable
    func finishEffect(_ token: UInt64, origin: Int, last: Event?) {
        if claim({ $0.finishEffect(token, origin: origin, last: last) }) { drain() }
    }

    /// Cancels a running effect and drops its queued events. Does nothing if it already ended.
    @inlinable
    func cancelEffect(_ handle: EffectHandle) {
        machine.withLock { $0.cancelEffect(handle.token) }?.cancel()
    }
}
