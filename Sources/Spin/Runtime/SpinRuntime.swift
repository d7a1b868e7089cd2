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
    @usableFromInline let drainerOwned: DrainerOwned<State, Event>
    /// Set once the loop is asked to stop (`RuntimeStateMachine.stopRequested`), for the one
    /// decision made without the lock: an effect is not started after a stop (an observer or a
    /// feedback may stop the loop while a state is delivered).
    @usableFromInline let stopRequested = AtomicFlag(false)
    /// The reducer as the drain runs it: reduces in place and returns whether the state changed
    /// (comparing with `isSameState` when the reducer cannot tell).
    @usableFromInline let reduceStep: @Sendable (inout State, Event) -> Bool
    /// The origin of an event from each feedback, by declaration index: made once, so that a step
    /// does not look up the feedback's name (and copy it) on every step that has observers.
    @usableFromInline let feedbackOrigins: [EventOrigin]
    /// The observers of effects' failures (`onEffectFailure(_:)`).
    let failureObservers = Locked<[@Sendable (SpinEffectFailure) -> Void]>([])
    /// What runs after each step: the spin's internal-event source (`Spin.withInternalEvents(_:)`),
    /// and the start of the effect an effectful reducer returned; nil when the spin has neither.
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
            + (spin.reducer.reduceWithEffect == nil ? [] : [.feedback(index: spin.feedbacks.count, name: "reducer")])
        self.stateOffset = AliasedStateDelivery<State, Event>.stateOffset
        let owned = DrainerOwned<State, Event>()
        self.drainerOwned = owned
        let apply = spin.reducer.apply
        if let reduceWithEffect = spin.reducer.reduceWithEffect {
            self.reduceStep = owned.reduceStep(keepingEffectsOf: reduceWithEffect, isSameState: spin.isSameState)
            let source = spin.internalEvents
            self.internalEvents = { state in
                owned.startReducerEffect()
                return source?(state)
            }
        } else {
            self.internalEvents = spin.internalEvents
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
        // buffer, not the runtime; `teardown()` and `deinit` break the cycle through the slots and the
        // effectful reducer's context.
        let owned = drainerOwned
        let hooks = RuntimeHooks<Event>(
            enqueueResult: { effect, origin in
                if let event = effect() { owned.pending.append(QueuedEvent(event: event, origin: origin, token: 0)) }
            },
            startEffect: { [weak self] context, operation in self?.startEffect(context, operation: operation) },
            cancelEffect: { [weak self] handle in self?.cancelEffect(handle) },
            emitFromListener: { [weak self] event, origin in self?.enqueue(event, origin: origin, token: 0) },
            emitFromEffect: { [weak self] event, origin, token in self?.enqueue(event, origin: origin, token: token) },
            finishEffect: { [weak self] token, origin, last in self?.finishEffect(token, origin: origin, last: last) },
            reportFailure: { [weak self] error, origin in self?.reportFailure(error, origin: origin) })
        let startStateEffect: StateEffectStarter<State, Event> = { [weak self] context, state, effect in
            self?.startEffect(context, state: state, effect: effect)
        }
        guard connect(hooks, stateEffectStarter: startStateEffect) else { return }
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
    func connect(_ hooks: RuntimeHooks<Event>, stateEffectStarter: @escaping StateEffectStarter<State, Event>) -> Bool {
        guard claim({ $0.start() }) else { return false }
        var slots: [FeedbackSlot<State, Event>] = []
        slots.reserveCapacity(spin.feedbacks.count)
        for (index, feedback) in spin.feedbacks.enumerated() {
            let place = feedback.place ?? spin.effectPlace
            if place == nil {
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
                hooks: hooks, origin: index, place: place, taskExecutor: virtualClock?.executor,
                effectTasksAreMembers: feedback.runsForTheLoopsLife)
            slots.append(.instance(feedback.connect(context, tracker, stateEffectStarter)))
        }
        if spin.reducer.reduceWithEffect != nil {
            drainerOwned.reducerEffectContext = FeedbackContext<Event>(
                hooks: hooks, origin: spin.feedbacks.count, place: spin.effectPlace, taskExecutor: virtualClock?.executor,
                effectTasksAreMembers: false)
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

    /// `render(on:using:)` on the main actor: calls `render` there with the current state and then
    /// with every new state, in the order of the states, as long as `container` is alive (held
    /// weakly). A `@MainActor` view renders without hops of its own: when the loop's drainer is on
    /// the main actor the state renders at once; otherwise the rendering is enqueued on the main
    /// actor (each hop renders every state waiting, in order). (A label of its own: Swift does not
    /// choose between overloads by the isolation of a closure.)
    public func render<Container: AnyObject & Sendable>(
        onMainActor container: Container,
        using render: @escaping @MainActor @Sendable (Container, State) -> Void
    ) {
        let renderer = MainActorRenderer(container: container, render: render)
        let observer = RenderObserver<State> { state in renderer.send(state) }
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
    private func releaseEffectsAndObservers(drainerDone: Bool) {
        let released = machine.withLock { $0.release() }
        for task in released.tasks { task.cancel() }
        for channel in released.channels { channel.finish() }
        if drainerDone { tracker.leave() }
    }

    // A runtime dropped without `stop()` must not leave effects running for nobody: its feedback
    // instances go with it (they only hold it weakly), and its effects are cancelled here.
    deinit {
        drainerOwned.slots = []
        drainerOwned.feedbackChain = nil
        drainerOwned.reducerEffectContext = nil
        drainerOwned.reducerEffect = nil
        releaseEffectsAndObservers(drainerDone: false)
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
