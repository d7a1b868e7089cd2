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

    // A runtime dropped without `stop()` must not leave effects running for nobody: its feedback
    // instances go with it (they only hold it weakly), and its effects are cancelled here.
    deinit {
        drainerOwned.slots = []
        drainerOwned.feedbackChain = nil
        drainerOwned.reducerEffectContext = nil
        drainerOwned.reducerEffect = nil
        releaseEffectsAndObservers(drainerDone: false)
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
}
