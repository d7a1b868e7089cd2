import Synchronization

/// Runs a spin: holds its current state, delivers every state to the feedbacks, reduces the events
/// they feed back, and lets the outside observe the loop and emit into it.
///
/// The runtime is thread-safe and `Sendable`. It plays the role UISpin and SwiftUISpin play in
/// Spin.Swift apps: `emit(_:)` for events from a UI, `render(on:using:)` for a view held weakly,
/// `binding(for:event:)` for a control, `states` for anything that wants to follow along.
///
/// How it runs (the full rules are in docs/semantics.md): events wait in one FIFO queue. Whoever
/// queues an event while no one is draining becomes the drainer: it reduces events one at a time
/// and delivers each new state to the observers, then to the feedbacks in declaration order.
/// Events emitted meanwhile, from any thread or from the feedbacks themselves, are only queued:
/// nothing is ever reduced reentrantly and no lock is held while user code runs.
public final class SpinRuntime<State: Sendable, Event: Sendable>: Sendable {
    /// The spin this runtime runs.
    public let spin: Spin<State, Event>
    /// The clock effects see as `SpinClock.current`.
    public let clock: any Clock<Duration>

    // The drain and what it touches are `@inlinable`/`@usableFromInline`, so that a client module
    // specializes them for its own State and Event: generic code would spend most of a step in
    // Swift runtime metadata lookups.
    @usableFromInline let tracker: ActivityTracker
    @usableFromInline let virtualClock: VirtualClock?
    /// Whether `clock` is the `ContinuousClock` effects see by default (checked once, not per task).
    @usableFromInline let clockIsContinuous: Bool
    /// The loop's decisions, behind the lock: this class is the storage that holds the lock and
    /// performs the actions the state machine returns.
    @usableFromInline let machine: Locked<RuntimeStateMachine<State, Event>>
    @usableFromInline let drainerOwned = DrainerOwned<State, Event>()
    /// The reducer as the drain runs it: reduces in place and returns whether the state changed
    /// (comparing with `isSameState` when the reducer cannot tell).
    @usableFromInline let reduceStep: @Sendable (inout State, Event) -> Bool
    /// The origin of an event from each feedback, by declaration index: made once, so that a step
    /// does not look up the feedback's name (and copy it) on every step that has observers.
    @usableFromInline let feedbackOrigins: [EventOrigin]
    /// The observers of effects' failures (`onEffectFailure(_:)`).
    let failureObservers = Locked<[@Sendable (SpinEffectFailure) -> Void]>([])
    /// The spin's internal-event source (`Spin.withInternalEvents(_:)`), if any.
    @usableFromInline let internalEvents: Spin<State, Event>.InternalEventSource?
    /// Where the state lies in the state machine, for `AliasedStateDelivery`; nil for a state type
    /// whose values cannot be moved as bytes, which the drain then delivers slot by slot, by value.
    @usableFromInline let stateOffset: Int?

    /// Creates a runtime for `spin`. Nothing runs until `start()`, unless `startsImmediately`.
    ///
    /// - Parameters:
    ///   - clock: the clock of the loop's effects. With a `VirtualClock`, effects run one at a time
    ///     on the clock's executor and time moves only when the clock is advanced.
    ///   - maxQueueLength: the most events that may wait to be reduced. An event that arrives when
    ///     the queue is full stops the loop, with `stopReason` `.queueFull`: a loop whose feedbacks
    ///     emit faster than it reduces would otherwise grow without bound.
    ///   - startsImmediately: start the loop as it is created (Loop: "starts as it is
    ///     initialised"), as `start()` right after `init` would; observers added afterwards do not
    ///     see the start.
    public init(
        _ spin: Spin<State, Event>, clock: any Clock<Duration> = ContinuousClock(), maxQueueLength: Int = .max,
        startsImmediately: Bool = false
    ) {
        self.spin = spin
        self.clock = clock
        let virtualClock = clock as? VirtualClock
        self.virtualClock = virtualClock
        self.clockIsContinuous = clock is ContinuousClock
        self.tracker = virtualClock?.tracker ?? ActivityTracker()
        self.machine = Locked(RuntimeStateMachine(state: spin.initialState, maxQueueLength: maxQueueLength))
        self.feedbackOrigins = spin.feedbacks.enumerated().map { .feedback(index: $0.offset, name: $0.element.name) }
        self.internalEvents = spin.internalEvents
        self.stateOffset = AliasedStateDelivery<State, Event>.stateOffset
        let apply = spin.reducer.apply
        if let reportsChanges = spin.reducer.reportsChanges {
            self.reduceStep = reportsChanges
        } else if spin.reducer.needsComparison, let isSameState = spin.isSameState {
            self.reduceStep = { state, event in
                let previous = state
                _ = apply(&state, event)
                return !isSameState(previous, state)
            }
        } else {
            self.reduceStep = { state, event in apply(&state, event) != .unchanged }
        }
        if startsImmediately { start() }
    }

    // MARK: Reading

    /// The current state.
    public var state: State {
        machine.withLock { $0.state }
    }

    /// Whether `stop()` was called (or the loop was stopped from inside).
    public var isStopped: Bool {
        machine.withLock { $0.stopRequested }
    }

    /// Why the loop stopped, or nil while it runs.
    public var stopReason: SpinStopReason? {
        machine.withLock { $0.stopReason }
    }

    /// How many events wait to be reduced right now.
    public var queuedEventCount: Int {
        machine.withLock { $0.queue.count }
    }

    /// How many events have been reduced so far.
    public var stepCount: Int {
        machine.withLock { $0.stepCount }
    }

    /// The states of the loop: the current state first, then every state that changes, until the
    /// runtime stops.
    public var states: SpinStates<State> {
        let channel = StateChannel<State>(tracker: nil)
        machine.withLock { machine in
            // Sent under the lock, so that no later state can reach the channel first.
            let (first, finished) = machine.addChannel(channel)
            channel.send(first)
            if finished { channel.finish() }
        }
        return SpinStates(channel: channel)
    }

    // MARK: Lifecycle

    /// Starts the loop: every feedback receives the initial state, in declaration order, then the
    /// queued events (including any emitted before `start()`) are reduced. Calling it again does
    /// nothing.
    @inlinable
    public func start() {
        // The closure is made here, in specialized code, so that synchronous feedback instances
        // queue their events through code specialized for State and Event. It holds the drainer's
        // buffer, not the runtime; `teardown()` and `deinit` break the cycle through the slots.
        let owned = drainerOwned
        let hooks = RuntimeHooks<Event>(
            enqueueResult: { effect, origin in
                if let event = effect() { owned.pending.append(QueuedEvent(event: event, origin: origin, token: 0)) }
            },
            startEffect: { [weak self] origin, executor, immediately, operation in
                self?.startEffect(origin: origin, executor: executor, immediately: immediately, operation: operation)
                    ?? EffectHandle(token: 0)
            },
            cancelEffect: { [weak self] handle in self?.cancelEffect(handle) },
            emitFromListener: { [weak self] event, origin in self?.enqueue(event, origin: origin, token: 0) })
        guard connect(hooks) else { return }
        owned.feedbackChain = Self.feedbackChain(of: owned.slots)
        deliver(state, cause: nil, to: owned.slots)
        drain(afterStart: true)
    }

    /// The most feedbacks delivered through one chain of closures (see `feedbackChain(of:)`); a spin
    /// with more is delivered by the loop over its slots, so that no spec makes the call chain,
    /// one stack frame per feedback, arbitrarily deep.
    @usableFromInline static var maximumChainedFeedbacks: Int { 32 }

    /// The feedbacks as one chain of closures, each calling its feedback and then the next link,
    /// or nil for a spin with more than `maximumChainedFeedbacks` feedbacks.
    ///
    /// Why a chain: a closure loaded from an array is retained and released around every call,
    /// whereas a closure captured by another is called as is. The drain loads the chain once and
    /// a step then costs no reference counting per feedback. Made here, in inlinable code, so that
    /// the links are specialized for the client's State and Event.
    @inlinable
    static func feedbackChain(of slots: [FeedbackSlot<State, Event>]) -> FeedbackChain<State, Event>? {
        guard slots.count <= maximumChainedFeedbacks else { return nil }
        var chain: FeedbackChain<State, Event> = { _, _, _ in }
        for index in slots.indices.reversed() {
            let next = chain
            let isLast = index == slots.count - 1
            switch slots[index] {
            case .plain(let effect):
                if isLast {
                    chain = { state, _, owned in
                        if let event = effect(state) { owned.pending.append(QueuedEvent(event: event, origin: index, token: 0)) }
                    }
                } else {
                    chain = { state, cause, owned in
                        if let event = effect(state) { owned.pending.append(QueuedEvent(event: event, origin: index, token: 0)) }
                        next(&state, cause, owned)
                    }
                }
            case .inline(let effect):
                chain = { state, cause, owned in
                    if let event = effect(state, cause) { owned.pending.append(QueuedEvent(event: event, origin: index, token: 0)) }
                    next(&state, cause, owned)
                }
            case .instance(let instance):
                chain = { state, cause, owned in
                    instance.receive(state, cause: cause)
                    next(&state, cause, owned)
                }
            }
        }
        return chain
    }

    /// Claims the drain for the start and connects the feedbacks. Returns false when the loop was
    /// already started or stopped.
    @usableFromInline
    func connect(_ hooks: RuntimeHooks<Event>) -> Bool {
        guard claim({ $0.start() }) else { return false }
        var slots: [FeedbackSlot<State, Event>] = []
        slots.reserveCapacity(spin.feedbacks.count)
        for (index, feedback) in spin.feedbacks.enumerated() {
            if feedback.executor == nil {
                if let plain = feedback.plain {
                    slots.append(.plain(plain))
                    continue
                }
                if let inline = feedback.inline {
                    slots.append(.inline(inline))
                    continue
                }
            }
            let context = FeedbackContext<Event>(
                hooks: hooks, origin: index, executor: feedback.executor,
                taskExecutor: feedback.executor ?? virtualClock?.executor)
            slots.append(.instance(feedback.connect(context, tracker)))
        }
        drainerOwned.slots = slots
        return true
    }

    /// Stops the loop: running effects are cancelled, queued events are dropped, gears are
    /// detached and state sequences end. Safe from any thread, including from inside an effect or
    /// a feedback of this loop. Events emitted afterwards are ignored.
    @inlinable
    public func stop() {
        if claim({ $0.stop() }) { drain() }
    }

    /// Queues an event from outside the loop (a UI, a test, a host program).
    @inlinable
    public func emit(_ event: Event) {
        enqueue(event, origin: -1, token: 0)
    }

    /// Returns when the loop has settled: no event is queued and no effect can run without time
    /// passing (effects asleep on a `VirtualClock` wait for the clock). On a virtual clock this
    /// waits for every loop that shares the clock. Returns at once when the calling task is
    /// cancelled, settled or not (check `Task.isCancelled`).
    public func awaitIdle() async {
        await tracker.settled()
    }

    /// Returns the first state, current or future, that satisfies `predicate`, or nil when the
    /// runtime stops before one does.
    public func awaitState(where predicate: @Sendable (State) -> Bool) async -> State? {
        for await state in states where predicate(state) {
            return state
        }
        return nil
    }

    // MARK: Observing

    /// Calls `render` with the current state and then with every new state, as long as
    /// `container` is alive; the runtime holds it weakly. Calls come from the loop's drainer, one
    /// at a time and in order.
    public func render<Container: AnyObject & Sendable>(
        on container: Container,
        using render: @escaping @Sendable (Container, State) -> Void
    ) {
        let observer = RenderObserver<State> { [weak container] state in
            guard let container else { return false }
            render(container, state)
            return true
        }
        // Only the drainer calls render callbacks, so that they never run concurrently or out of
        // order; when no one drains, this thread becomes the drainer for a moment.
        if claim({ $0.addRender(observer) }) { drain() }
    }

    /// Calls `observer` for every reduced event, including those that changed nothing, before the
    /// new state reaches the feedbacks. Used by tracers and by `SpinTestStore`.
    public func onStep(_ observer: @escaping @Sendable (SpinStep<State, Event>) -> Void) {
        machine.withLock { $0.stepObservers.append(observer) }
    }

    /// Calls `observer` with every error an effect's sequence throws (the effect ends there; the
    /// events it produced before stand). An effect's own cancellation is not a failure. Calls come
    /// from the failing effect's task.
    public func onEffectFailure(_ observer: @escaping @Sendable (SpinEffectFailure) -> Void) {
        failureObservers.withLock { $0.append(observer) }
    }

    /// Reports an effect's failure to the `onEffectFailure` observers.
    @usableFromInline
    func reportFailure(_ error: any Error, origin: Int) {
        let failure = SpinEffectFailure(origin: self.origin(origin), error: error)
        for observer in failureObservers.withLock({ $0 }) { observer(failure) }
    }

    /// A two-way binding to a part of the state: reading gets the current value, writing emits the
    /// event `event` makes of the new value (SwiftUISpin's `binding(for:event:)`).
    public func binding<Value>(
        for keyPath: KeyPath<State, Value> & Sendable,
        event: @escaping @Sendable (Value) -> Event
    ) -> SpinBinding<Value> {
        .to(keyPath, of: { [self] in state }, event: event, emit: { [self] in emit($0) })
    }

    /// A binding whose writes all emit the same `event`, whatever the value written (SwiftUISpin's
    /// `binding(for:event:)` with an event value, for a toggle or a button-like control).
    public func binding<Value>(for keyPath: KeyPath<State, Value> & Sendable, event: Event) -> SpinBinding<Value> {
        binding(for: keyPath, event: { _ in event })
    }

    /// A projection of the loop for one part of an app: it sees a sub-state and emits its own
    /// events, which `embed` turns into events of this loop (Loop's `scoped(to:event:)`).
    public func scoped<SubState: Sendable, SubEvent: Sendable>(
        to project: @escaping @Sendable (State) -> SubState,
        event embed: @escaping @Sendable (SubEvent) -> Event
    ) -> SpinScope<SubState, SubEvent> {
        SpinScope(
            currentState: { [self] in project(state) },
            states: { [self] in states.mapStates(project) },
            emit: { [self] in emit(embed($0)) })
    }

    // MARK: The drain

    /// Performs a transition that may make the caller the drainer; when it does, the drain counts
    /// as work for the tracker from then on (entered under the lock, so that the count cannot
    /// touch zero between the claim and the drain). Returns whether the caller must drain.
    @inlinable
    func claim(_ transition: (inout RuntimeStateMachine<State, Event>) -> Bool) -> Bool {
        machine.withLock { machine in
            guard transition(&machine) else { return false }
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
                pending: &owned.pending, raised: &owned.raised, hasRaised: hasRaised, reduce: reduceStep)
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
            case .idle(let starts):
                startTasks(starts)
                tracker.leave()
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
        drainerOwned.pending.removeAll()
        drainerOwned.raised = nil
        drainerOwned.hasRaised = false
        for slot in slots { slot.instance?.stop() }
        releaseEffectsAndObservers(drainerDone: true)
    }

    /// Cancels the effect tasks, drops the queue and ends the state sequences; with `drainerDone`,
    /// also hands back the drainer's unit of work.
    private func releaseEffectsAndObservers(drainerDone: Bool) {
        let released = machine.withLock { $0.release() }
        for task in released.tasks { task.cancel() }
        for _ in 0..<released.unstarted { tracker.leave() }
        for channel in released.channels { channel.finish() }
        if drainerDone { tracker.leave() }
    }

    // A runtime dropped without `stop()` must not leave effects running for nobody: its feedback
    // instances go with it (they only hold it weakly), and its effects are cancelled here.
    deinit {
        drainerOwned.slots = []
        drainerOwned.feedbackChain = nil
        releaseEffectsAndObservers(drainerDone: false)
    }

    /// Starts the effect tasks of feedbacks with an executor of their own (`execute(on:)`) asked for
    /// during a drain, in the order they were asked for, once the drain is over.
    @inlinable
    func startTasks(_ starts: [PendingStart<Event>]) {
        for start in starts {
            let wanted = machine.withLock { $0.isRunning(start.token) }
            guard wanted else {
                tracker.leave()
                continue
            }
            startTask(start, immediately: false)
        }
    }

    /// Creates the task of an effect. With `immediately` (only the drainer, while it delivers a
    /// state), the task starts on the calling thread (`Task.immediate`) and runs there until it
    /// first suspends or ends: an effect that answers without suspending has answered when this
    /// returns, and its last event joins what the synchronous feedbacks return for the state, in
    /// declaration order (the fairness rule of docs/semantics.md). Later parts run on the task's
    /// executor (the virtual clock's serial executor, or the global one).
    @inlinable
    func startTask(_ start: PendingStart<Event>, immediately: Bool) {
        // Task-local values are bound only when they differ from what a task would see anyway:
        // binding costs an allocation per task.
        let bindClock = !clockIsContinuous || !(SpinClock.current is ContinuousClock)
        // On a virtual clock each effect task is a member of the clock's tracker, so that its
        // sleeps stop the count; elsewhere it only has to leave the tracker when it ends.
        let bindMember = virtualClock != nil || ActivityMember.current != nil
        let token = start.token
        let tracker = self.tracker
        // startEffect entered the tracker for this task already.
        let member = bindMember ? ActivityMember(tracker: tracker, busy: true) : nil
        let immediateAnswer = immediately ? ImmediateAnswer<Event>() : nil
        let operation: @Sendable () async -> Void = { [weak self] in
            let origin = start.origin
            let emitter = EffectEmitter<Event>(
                send: { [weak self] event in self?.enqueue(event, origin: origin, token: token) },
                reportFailure: { [weak self] error in self?.reportFailure(error, origin: origin) })
            let last = await start.operation(emitter)
            if immediateAnswer?.answer(last) != true {
                self?.finishEffect(token, origin: origin, last: last)
            }
            if let member { member.end() } else { tracker.leave() }
        }
        let makeTask = {
            immediately
                ? Task.immediate(executorPreference: start.executor, operation: operation)
                : Task(executorPreference: start.executor, operation: operation)
        }
        let task: Task<Void, Never>
        switch (bindClock, bindMember) {
        case (false, false): task = makeTask()
        case (true, false): task = SpinClock.$current.withValue(clock, operation: makeTask)
        case (false, true): task = ActivityMember.withCurrent(member, makeTask)
        case (true, true):
            task = SpinClock.$current.withValue(clock) { ActivityMember.withCurrent(member, makeTask) }
        }
        if let immediateAnswer, immediateAnswer.claimStarted() {
            // It ended while starting: its answer stands unless the loop stopped meanwhile.
            let stands = machine.withLock { $0.endEffect(token) }
            if stands, let last = immediateAnswer.event {
                drainerOwned.pending.append(QueuedEvent(event: last, origin: start.origin, token: 0))
            }
            return
        }
        // False when the effect was cancelled meanwhile, or has ended: cancelling an ended task
        // does nothing.
        let running = machine.withLock { $0.effectTaskCreated(token, task: task) }
        if !running { task.cancel() }
    }

    /// An effect task's effect has ended with `last` as its last event: queued, unless the effect
    /// was cancelled, in the same step under the lock that ends the effect, and reduced here if no
    /// one is draining.
    @inlinable
    func finishEffect(_ token: UInt64, origin: Int, last: Event?) {
        if claim({ $0.finishEffect(token, origin: origin, last: last) }) { drain() }
    }

    /// Asks for an effect task and returns its handle. An effect of a feedback without an executor
    /// of its own starts now, on this thread, until it first suspends (`immediately`); the others
    /// start when the current drain ends.
    @inlinable
    func startEffect(
        origin: Int,
        executor: (any TaskExecutor)?,
        immediately: Bool,
        operation: @escaping @Sendable (EffectEmitter<Event>) async -> Event?
    ) -> EffectHandle {
        let (handle, startNow): (EffectHandle, PendingStart<Event>?) = machine.withLock { machine in
            let (handle, registered) = machine.startEffect(
                origin: origin, executor: executor, deferred: !immediately, operation: operation)
            // The effect counts as work from now until its task ends (or it is dropped unstarted).
            guard registered else { return (handle, nil) }
            tracker.enter()
            return (handle, immediately ? PendingStart(token: handle.token, origin: origin, executor: executor, operation: operation) : nil)
        }
        if let startNow { startTask(startNow, immediately: true) }
        return handle
    }

    /// Cancels a running effect and drops its queued events. Does nothing if it already ended.
    @inlinable
    func cancelEffect(_ handle: EffectHandle) {
        machine.withLock { $0.cancelEffect(handle.token) }?.cancel()
    }
}
