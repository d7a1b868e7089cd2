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
/// `.idle` or `.park`, performing each action; only the drainer ever writes `state`. A parked drain
/// is still claimed: whoever reports the last awaited start resumes it (`placedStartReturned`).
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
    /// Every effect up to this token has been registered, or has ended during its start. Tokens
    /// are handed out by the drainer, in order (`DrainerOwned.lastToken`); an effect started at
    /// once (`Task.immediate`) is registered only if it is still running when its start returns,
    /// so a token above this one is an effect in its start (its events are taken, and its end is
    /// kept for the registration, `earlyEnds`).
    @usableFromInline var settledThrough: UInt64 = 0
    /// How many of `effects` are provisional: made by an event of an effect in its start.
    @usableFromInline var provisionalCount = 0
    /// Effects that ended on another thread after suspending in their start, before their
    /// registration: their last event waits for it.
    @usableFromInline var earlyEnds: [(token: UInt64, origin: Int, last: Event?)] = []
    /// Effects of feedbacks with a place of their own (`execute(on:)`) launched for the state being
    /// delivered that have not yet run until their first suspension or end: the next event waits
    /// for them (the fairness rule, on their executor or actor).
    @usableFromInline var awaitingStarts = 0
    /// Whether the drain stopped for them: the last one to report resumes it.
    @usableFromInline var parked = false
    /// How many placed effects were launched since the drain's last step (their answers, if any,
    /// are merged at the next one).
    @usableFromInline var placedSinceStep = 0
    /// What placed effects answered in their start, for the delivery that launched them: they join
    /// the events the synchronous feedbacks returned, in declaration order.
    @usableFromInline var placedAnswers: [QueuedEvent<Event>] = []
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
        guard !draining || (parked && stopRequested), started || stopRequested else { return false }
        // A stop takes over a parked drain: a place that never runs its start (a main queue that
        // nobody serves) must not keep the loop from tearing down.
        parked = false
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
        if item.token != 0, effects[item.token] == nil {
            // An effect in its start is not registered yet: its events are taken, and counted in
            // a provisional record that its registration (or the next step) settles.
            guard item.token > settledThrough else { return false }
            effects[item.token] = EffectRecord(provisional: true)
            provisionalCount += 1
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
        /// Nothing is left to reduce. The caller is no longer the drainer.
        case idle
        /// Effects launched on their places have not answered or suspended yet: the caller stops
        /// draining but the drain stays claimed; the last of them to report resumes it.
        case park
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
    ///   - issued: the last effect token the drainer handed out: every effect up to it has
    ///     registered or ended by now (see `settledThrough`).
    ///   - reduce: the reducer; returns whether the state changed.
    ///
    /// Always inlined into the drain: its action is then taken apart where it is made, and the
    /// step costs what it did before decisions and actions were split.
    @inlinable @inline(__always)
    mutating func nextStep(
        pending: inout PendingEvents<Event>,
        raised: inout QueuedEvent<Event>?,
        hasRaised: Bool,
        issued: UInt64,
        reduce: (inout State, Event) -> Bool
    ) -> DrainAction {
        settle(through: issued)
        // One test on the common path: nothing was launched on a place since the last step.
        if placedSinceStep != 0 {
            if awaitingStarts != 0, !stopRequested {
                parked = true
                return .park
            }
            placedSinceStep = 0
            if !placedAnswers.isEmpty { mergePlacedAnswers(into: &pending) }
        }
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

    /// The drain ends.
    @inlinable
    mutating func finishDrain() -> DrainAction {
        draining = false
        return .idle
    }

    /// The answers placed effects gave in their start join the events the synchronous feedbacks
    /// returned for the same state, in declaration order (by feedback; a feedback's own answers in
    /// the order they were launched).
    @usableFromInline
    mutating func mergePlacedAnswers(into pending: inout PendingEvents<Event>) {
        var answers = placedAnswers.sorted { ($0.origin, $0.token) < ($1.origin, $1.token) }[...]
        placedAnswers = []
        var merged = PendingEvents<Event>()
        while let returned = pending.popFirst() {
            while let answer = answers.first, answer.origin < returned.origin {
                merged.append(QueuedEvent(event: answer.event, origin: answer.origin, token: 0))
                answers.removeFirst()
            }
            merged.append(returned)
        }
        for answer in answers { merged.append(QueuedEvent(event: answer.event, origin: answer.origin, token: 0)) }
        pending = merged
    }

    // MARK: Effects

    /// Every effect up to `token` has registered or ended: provisional records of those that ended
    /// in their start go (their queued events stand: a finished effect gave its answer), and later
    /// events of theirs are dropped.
    @inlinable
    mutating func settle(through token: UInt64) {
        settledThrough = token
        if provisionalCount != 0 { dropProvisionalRecords() }
    }

    @usableFromInline
    mutating func dropProvisionalRecords() {
        let settled = settledThrough
        effects = effects.filter { !$0.value.provisional || $0.key > settled }
        provisionalCount = effects.values.count(where: \.provisional)
    }

    /// A feedback with a place of its own launches effect `token` (handed out by the drainer)
    /// there: the next event waits until its start returns (`placedStartReturned`). Returns
    /// whether it was registered (not after a stop).
    @inlinable
    mutating func placeEffect(_ token: UInt64) -> Bool {
        settle(through: token)
        guard !stopRequested else { return false }
        effects[token] = EffectRecord()
        awaitingStarts += 1
        placedSinceStep += 1
        return true
    }

    /// What the start of a placed effect left to do.
    @usableFromInline
    struct PlacedStart: Equatable {
        /// The caller must cancel the effect's task (it was cancelled or the loop stopped while
        /// it started).
        @usableFromInline var cancelTask = false
        /// The caller resumes the parked drain (it reported the last awaited start).
        @usableFromInline var resumeDrain = false

        @inlinable
        init(cancelTask: Bool = false, resumeDrain: Bool = false) {
            self.cancelTask = cancelTask
            self.resumeDrain = resumeDrain
        }
    }

    /// The start of placed effect `token` (from `origin`) returned: with `answered`, its effect
    /// ended there with `last`, which joins the delivery's returned events (unless the effect was
    /// cancelled or the loop stopped); otherwise it is running as `task`.
    @inlinable
    mutating func placedStartReturned(
        _ token: UInt64, origin: Int, task: Task<Void, Never>, answered: Bool, last: Event?
    ) -> PlacedStart {
        var result = PlacedStart()
        if awaitingStarts > 0 { awaitingStarts -= 1 }
        if answered {
            if effects.removeValue(forKey: token) != nil, let last, !stopRequested {
                placedAnswers.append(QueuedEvent(event: last, origin: origin, token: token))
            }
        } else if effects[token] != nil {
            effects[token]?.task = task
        } else {
            // Cancelled or stopped meanwhile (or it already ended: cancelling then does nothing).
            result.cancelTask = true
        }
        if parked, awaitingStarts == 0 {
            parked = false
            result.resumeDrain = true
        }
        return result
    }

    /// How an effect started at once stands when its start returns with the effect still running.
    @usableFromInline
    enum EffectStart: Equatable {
        /// Registered with its task: it reports when it ends, and its feedback may cancel it.
        case running
        /// It already ended, on another thread: its last event was queued.
        case ended
        /// The loop stopped: the caller must cancel the task.
        case stopped
    }

    /// Effect `token`, started at once, suspended in its start: it is registered with its task,
    /// unless it ended meanwhile (its last event is queued now, unless the loop stopped) or the
    /// loop stopped.
    @inlinable
    mutating func effectStarted(_ token: UInt64, task: Task<Void, Never>) -> EffectStart {
        settle(through: token &- 1)
        settledThrough = token
        if let index = earlyEnds.firstIndex(where: { $0.token == token }) {
            let end = earlyEnds.remove(at: index)
            if effects.removeValue(forKey: token) != nil { provisionalCount -= 1 }
            if let last = end.last, !stopRequested {
                _ = append(QueuedEvent(event: last, origin: end.origin, token: 0))
            }
            return .ended
        }
        guard !stopRequested else {
            if effects.removeValue(forKey: token) != nil { provisionalCount -= 1 }
            return .stopped
        }
        if effects[token]?.provisional == true {
            effects[token]?.provisional = false
            provisionalCount -= 1
        }
        effects[token, default: EffectRecord()].task = task
        return .running
    }

    /// Whether the effect `token` is still wanted (not cancelled, the loop not stopped).
    @inlinable
    func isRunning(_ token: UInt64) -> Bool {
        effects[token] != nil
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

    /// An effect ended with `last` as its last event: queued, unless the effect was cancelled
    /// before or the loop stopped, in the same transition that ends the effect (so no cancel can
    /// come between). An effect that suspended in its start and ends before its registration
    /// leaves its event to the registration (`effectStarted`). Returns whether the caller must
    /// drain.
    @inlinable
    mutating func finishEffect(_ token: UInt64, origin: Int, last: Event?) -> Bool {
        guard let record = effects[token], !record.provisional else {
            if token > settledThrough { earlyEnds.append((token, origin, last)) }
            return false
        }
        // Its queued events stay: an effect that finished gave its whole answer.
        effects.removeValue(forKey: token)
        guard let last, !stopRequested else { return false }
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
    }

    /// Lets go of effects, queued events and observers.
    @usableFromInline
    mutating func release() -> Released {
        let released = Released(tasks: effects.values.compactMap(\.task), channels: channels)
        effects.removeAll()
        provisionalCount = 0
        earlyEnds = []
        awaitingStarts = 0
        placedSinceStep = 0
        parked = false
        placedAnswers = []
        queue.removeAll()
        channels = []
        renders = []
        unprimedRenders = []
        draining = false
        return released
    }
}
