/// The decisions of a `SpinRuntime`, as a pure state machine: every method takes an input (an event
/// queued, an effect that ended, a drain that asks for its next step…), changes the state and
/// returns what the caller must do. It holds no lock, starts no task, calls no observer and no
/// feedback: `SpinRuntime`, the storage, holds it under its lock and performs the actions it
/// returns (swift-async-algorithms splits its channels the same way). So every transition is
/// tested without threads (`RuntimeStateMachineTests`).
///
/// The one piece of user code it runs is the reducer, handed to `nextStep`: a pure function of the
/// state and the event, applied under the storage's lock so that readers of `state` never see a
/// torn value.
///
/// The drainer: whoever gets `true` back from a method that may claim the drain (`start`, `stop`,
/// `enqueue`, `addRender`, `finishEffect`) must call `nextStep` until it returns `.teardown` or
/// `.idle`, performing each action; only the drainer ever writes `state`.
///
/// `@usableFromInline` and `@inlinable` so that clients specialize the hot path for their own
/// `State` and `Event` instead of running generic code.
@usableFromInline
struct RuntimeStateMachine<State: Sendable, Event: Sendable>: Sendable {
    @usableFromInline var state: State
    @usableFromInline var queue = EventQueue<QueuedEvent<Event>>()
    @usableFromInline var started = false
    /// Why the loop stopped; nil while it runs.
    @usableFromInline var stopReason: SpinStopReason?
    /// Whether the loop was asked to stop, for whatever reason.
    @inlinable var stopRequested: Bool { stopReason != nil }
    /// The most events that may wait in `queue`; one more stops the loop.
    @usableFromInline let maxQueueLength: Int
    /// Whether some thread is the drainer right now.
    @usableFromInline var draining = false
    @usableFromInline var stepCount = 0
    /// Running (or about to run) asynchronous effects by token.
    @usableFromInline var effects: [UInt64: EffectRecord] = [:]
    @usableFromInline var nextToken: UInt64 = 0
    /// Effect tasks of feedbacks with an executor of their own asked for during the current drain,
    /// started when it ends.
    @usableFromInline var pendingStarts: [PendingStart<Event>] = []
    @usableFromInline var channels: [StateChannel<State>] = []
    @usableFromInline var renders: [RenderObserver<State>] = []
    /// Render callbacks that have not yet received the current state.
    @usableFromInline var unprimedRenders: [RenderObserver<State>] = []
    @usableFromInline var stepObservers: [@Sendable (SpinStep<State, Event>) -> Void] = []

    @usableFromInline
    init(state: State, maxQueueLength: Int) {
        self.state = state
        self.maxQueueLength = max(1, maxQueueLength)
    }

    // MARK: Claiming the drain

    /// Makes the caller the drainer if no one drains and the loop has started (or is stopping, so
    /// that someone tears it down). Returns whether the caller must drain.
    @inlinable
    mutating func claimDrain() -> Bool {
        guard !draining, started || stopRequested else { return false }
        draining = true
        return true
    }

    /// `start()`: the first call claims the drain, whose first duty is to connect the feedbacks and
    /// deliver the initial state; later calls, and calls after `stop()`, do nothing.
    @inlinable
    mutating func start() -> Bool {
        guard !started, !stopRequested else { return false }
        started = true
        return claimDrain()
    }

    /// `stop()`, or a stop for another `reason`: records why and claims the drain to tear the loop
    /// down, unless someone drains (their next step tears it down) or it was already stopped.
    @inlinable
    mutating func stop(_ reason: SpinStopReason = .requested) -> Bool {
        guard !stopRequested else { return false }
        stopReason = reason
        return claimDrain()
    }

    // MARK: Events

    /// Queues `item` unless the queue is full; when it is full, the loop stops itself (whoever
    /// claims the drain next tears it down). Returns whether it was queued.
    @inlinable
    mutating func append(_ item: QueuedEvent<Event>) -> Bool {
        guard queue.count < maxQueueLength else {
            stopReason = .queueFull(limit: maxQueueLength)
            return false
        }
        queue.append(item)
        return true
    }

    /// An event emitted from outside, by an effect (`token` ≠ 0) or by a gear listener. Dropped
    /// after a stop and when its effect was cancelled or has ended. Returns whether the caller
    /// must drain.
    @inlinable
    mutating func enqueue(_ item: QueuedEvent<Event>) -> Bool {
        guard !stopRequested else { return false }
        if item.token != 0 {
            guard effects[item.token] != nil else { return false }
        }
        if append(item), item.token != 0 {
            effects[item.token]?.queued += 1
        }
        return claimDrain()
    }

    // MARK: The drain

    /// What the drainer does next.
    @usableFromInline
    enum DrainAction {
        /// `event` was reduced (the state changed when `changed`) and no observer wants to know:
        /// if changed, deliver the state to the feedbacks. (A case of its own, not an optional
        /// `Delivery`: the common step then carries nothing that needs a value witness.)
        case reduced(event: Event, changed: Bool)
        /// `event` was reduced and observers want to know: call them with `delivery`, then, if
        /// changed, deliver the state to the feedbacks.
        case observed(event: Event, changed: Bool, delivery: Delivery<State, Event>)
        /// New render callbacks must receive `state` before anything else happens.
        case primeRenders([RenderObserver<State>], state: State)
        /// The loop was stopped: tear it down (`release()` ends the drain).
        case teardown
        /// Nothing is left to reduce: start `starts` (their tracker units were entered when they
        /// were asked for). The caller is no longer the drainer.
        case idle(starts: [PendingStart<Event>])
    }

    /// The drainer's next step. The events the feedbacks returned for the last delivered state
    /// (`pending`) join the queue first; then, in this order: a stop tears the loop down, new
    /// render callbacks are primed, `raised` (an internal event, see `Spin.withInternalEvents`) or
    /// else the next queued event is reduced, or the drain ends.
    ///
    /// - Parameters:
    ///   - pending: the events synchronous feedbacks returned during the last delivery; emptied.
    ///   - raised: an internal event to reduce before any queued one; consumed when reduced.
    ///   - hasRaised: whether `raised` holds one. A flag of its own: testing an optional event
    ///     for nil can cost a value-witness call per step, which a spin without internal events
    ///     should not pay.
    ///   - reduce: the reducer; returns whether the state changed.
    ///
    /// Always inlined into the drain: its action is then taken apart where it is made, and the
    /// step costs what it did before decisions and actions were split.
    @inlinable @inline(__always)
    mutating func nextStep(
        pending: inout PendingEvents<Event>,
        raised: inout QueuedEvent<Event>?,
        hasRaised: Bool,
        reduce: (inout State, Event) -> Bool
    ) -> DrainAction {
        // The next event: the raised one, else (below) possibly the first returned one.
        var next: QueuedEvent<Event>?
        if hasRaised { next = raised.take() }
        if !pending.isEmpty {
            // When nothing else waits, the first returned event is the next one anyway: it is
            // reduced without passing through the queue.
            if queue.isEmpty, unprimedRenders.isEmpty, !stopRequested, !hasRaised {
                next = pending.popFirst()
            }
            while let item = pending.popFirst() {
                if stopRequested || !append(item) {
                    pending.removeAll()
                    break
                }
            }
        }
        if stopRequested {
            return .teardown
        }
        if !unprimedRenders.isEmpty {
            // A returned event is taken only when no render waits; a raised one waits again.
            if hasRaised { raised = next.take() }
            let primed = unprimedRenders
            unprimedRenders = []
            renders.append(contentsOf: primed)
            return .primeRenders(primed, state: state)
        }
        guard let item = next.take() ?? queue.popFirst() else {
            return finishDrain()
        }
        if item.token != 0 { effects[item.token]?.queued -= 1 }
        stepCount += 1
        let changed = reduce(&state, item.event)
        // The observers are looked at only when there are some.
        guard !stepObservers.isEmpty || (changed && !(channels.isEmpty && renders.isEmpty)) else {
            return .reduced(event: item.event, changed: changed)
        }
        let delivery = Delivery(
            state: state, event: item.event, origin: item.origin, changed: changed, step: stepCount,
            channels: changed ? channels : [], renders: changed ? renders : [], stepObservers: stepObservers)
        return .observed(event: item.event, changed: changed, delivery: delivery)
    }

    /// The drain ends: the effects asked for during it are handed out to be started.
    @inlinable
    mutating func finishDrain() -> DrainAction {
        draining = false
        let starts = pendingStarts
        pendingStarts = []
        return .idle(starts: starts)
    }

    // MARK: Effects

    /// A feedback asks for an effect task. Returns its handle, and whether it was registered (not
    /// after a stop): a registered effect counts as work until it ends. A `deferred` one is started
    /// when the drain ends (`.idle`); the caller starts the others at once.
    @inlinable
    mutating func startEffect(
        origin: Int, executor: (any TaskExecutor)?, deferred: Bool,
        operation: @escaping @Sendable (EffectEmitter<Event>) async -> Event?
    ) -> (handle: EffectHandle, registered: Bool) {
        nextToken += 1
        let token = nextToken
        guard !stopRequested else { return (EffectHandle(token: token), false) }
        effects[token] = EffectRecord()
        if deferred {
            pendingStarts.append(PendingStart(token: token, origin: origin, executor: executor, operation: operation))
        }
        return (EffectHandle(token: token), true)
    }

    /// Whether the effect `token` is still wanted (not cancelled, the loop not stopped).
    @inlinable
    func isRunning(_ token: UInt64) -> Bool {
        effects[token] != nil
    }

    /// The task of effect `token` was created. Returns false when the effect was cancelled
    /// meanwhile: the caller must cancel the task.
    @inlinable
    mutating func effectTaskCreated(_ token: UInt64, task: Task<Void, Never>) -> Bool {
        guard effects[token] != nil else { return false }
        effects[token]?.task = task
        return true
    }

    /// A feedback cancels an effect: its queued events are dropped. Returns the task to cancel, if
    /// the effect was still running and its task exists.
    @inlinable
    mutating func cancelEffect(_ token: UInt64) -> Task<Void, Never>? {
        guard let record = effects.removeValue(forKey: token) else { return nil }
        if record.queued > 0 {
            queue.removeAll { $0.token == token }
        }
        return record.task
    }

    /// An effect ended while it was being started, during the delivery of a state: its last event
    /// joins what the synchronous feedbacks return (the drainer keeps it). Returns whether it
    /// stands: false after a stop.
    @inlinable
    mutating func endEffect(_ token: UInt64) -> Bool {
        effects.removeValue(forKey: token) != nil && !stopRequested
    }

    /// An effect ended with `last` as its last event: queued, unless the effect was cancelled
    /// before or the loop stopped, in the same transition that ends the effect (so no cancel can
    /// come between). Returns whether the caller must drain.
    @inlinable
    mutating func finishEffect(_ token: UInt64, origin: Int, last: Event?) -> Bool {
        // Its queued events stay: an effect that finished gave its whole answer.
        guard effects.removeValue(forKey: token) != nil, let last, !stopRequested else { return false }
        _ = append(QueuedEvent(event: last, origin: origin, token: 0))
        return claimDrain()
    }

    // MARK: Observers

    /// A render callback is added: it receives the current state from the drainer first. Returns
    /// whether the caller must drain (false after a stop: the callback is dropped).
    @inlinable
    mutating func addRender(_ observer: RenderObserver<State>) -> Bool {
        guard !stopRequested else { return false }
        unprimedRenders.append(observer)
        return claimDrain()
    }

    /// A `states` sequence is added. Returns the state it starts with, and whether it ends at once
    /// (after a stop).
    @inlinable
    mutating func addChannel(_ channel: StateChannel<State>) -> (first: State, finished: Bool) {
        if stopRequested { return (state, true) }
        channels.append(channel)
        return (state, false)
    }

    /// Forgets render callbacks whose container is gone.
    @usableFromInline
    mutating func removeReleasedRenders() {
        renders.removeAll { !$0.isAlive }
    }

    // MARK: Tearing down

    /// What a stopped (or dropped) loop lets go of.
    @usableFromInline
    struct Released {
        /// Effect tasks to cancel.
        @usableFromInline let tasks: [Task<Void, Never>]
        /// `states` sequences to end.
        @usableFromInline let channels: [StateChannel<State>]
        /// Effects asked for that never got a task: their tracker units must be left.
        @usableFromInline let unstarted: Int
    }

    /// Lets go of effects, queued events and observers.
    @usableFromInline
    mutating func release() -> Released {
        let released = Released(
            tasks: effects.values.compactMap(\.task), channels: channels, unstarted: pendingStarts.count)
        effects.removeAll()
        pendingStarts = []
        queue.removeAll()
        channels = []
        renders = []
        unprimedRenders = []
        draining = false
        return released
    }
}
