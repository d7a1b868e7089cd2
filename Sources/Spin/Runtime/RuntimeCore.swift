/// The part of a runtime guarded by its lock.
///
/// `@usableFromInline` (with the drain in `SpinRuntime`) so that clients specialize the hot path
/// for their own `State` and `Event` instead of running generic code.
@usableFromInline
struct RuntimeCore<State: Sendable, Event: Sendable>: Sendable {
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
    /// Effect tasks asked for during the current drain, started when it ends.
    @usableFromInline var pendingStarts: [PendingStart<Event>] = []
    @usableFromInline var channels: [StateChannel<State>] = []
    @usableFromInline var renders: [RenderObserver<State>] = []
    /// Render callbacks that have not yet received the current state.
    @usableFromInline var unprimedRenders: [RenderObserver<State>] = []
    @usableFromInline var stepObservers: [@Sendable (SpinStep<State, Event>) -> Void] = []

    @usableFromInline
    init(state: State, maxQueueLength: Int) {
        self.state = state
        self.maxQueueLength = maxQueueLength
    }

    /// Queues `item` unless the queue is full; when it is full, the loop stops itself (the caller
    /// then claims the drain, whose next turn tears the loop down). Returns whether it was queued.
    @inlinable
    mutating func append(_ item: QueuedEvent<Event>) -> Bool {
        guard queue.count < maxQueueLength else {
            stopReason = .queueFull(limit: maxQueueLength)
            return false
        }
        queue.append(item)
        return true
    }
}

/// An event waiting to be reduced.
@usableFromInline
struct QueuedEvent<Event: Sendable>: Sendable {
    @usableFromInline let event: Event
    /// -1 for input from outside, else the index of the feedback that emitted it.
    @usableFromInline let origin: Int
    /// The effect run that emitted it, or 0 when it cannot be cancelled.
    @usableFromInline let token: UInt64

    @inlinable
    init(event: Event, origin: Int, token: UInt64) {
        self.event = event
        self.origin = origin
        self.token = token
    }
}

/// A running asynchronous effect.
@usableFromInline
struct EffectRecord: Sendable {
    /// Nil until the task is created at the end of the drain that asked for it.
    @usableFromInline var task: Task<Void, Never>?
    /// How many of its events wait in the queue, so cancelling skips the scan when there are none.
    @usableFromInline var queued = 0

    @usableFromInline
    init() {}
}

/// An effect task to create once the current drain ends.
@usableFromInline
struct PendingStart<Event: Sendable>: Sendable {
    @usableFromInline let token: UInt64
    @usableFromInline let origin: Int
    @usableFromInline let executor: (any TaskExecutor)?
    /// The effect; its result is the effect's last event.
    @usableFromInline let operation: @Sendable (EffectEmitter<Event>) async -> Event?

    @inlinable
    init(token: UInt64, origin: Int, executor: (any TaskExecutor)?, operation: @escaping @Sendable (EffectEmitter<Event>) async -> Event?) {
        self.token = token
        self.origin = origin
        self.executor = executor
        self.operation = operation
    }
}

/// A reduced event and what its observers need, copied under the lock and handed to them
/// without it: `onStep` observers always, the `states` channels and renders only for a changed
/// state (their arrays are empty otherwise). Made only for steps that have observers.
@usableFromInline
struct Delivery<State: Sendable, Event: Sendable> {
    @usableFromInline let state: State
    @usableFromInline let event: Event
    @usableFromInline let origin: Int
    @usableFromInline let changed: Bool
    @usableFromInline let step: Int
    @usableFromInline let channels: [StateChannel<State>]
    @usableFromInline let renders: [RenderObserver<State>]
    @usableFromInline let stepObservers: [@Sendable (SpinStep<State, Event>) -> Void]

    @inlinable
    init(
        state: State, event: Event, origin: Int, changed: Bool, step: Int,
        channels: [StateChannel<State>], renders: [RenderObserver<State>],
        stepObservers: [@Sendable (SpinStep<State, Event>) -> Void]
    ) {
        self.state = state
        self.event = event
        self.origin = origin
        self.changed = changed
        self.step = step
        self.channels = channels
        self.renders = renders
        self.stepObservers = stepObservers
    }
}

/// A render callback; `call` returns false once its container is gone.
@usableFromInline
final class RenderObserver<State: Sendable>: Sendable {
    @usableFromInline let call: @Sendable (State) -> Bool
    private let alive = AtomicFlag(true)

    init(call: @escaping @Sendable (State) -> Bool) {
        self.call = { [alive] state in
            let isAlive = call(state)
            if !isAlive { alive.clear() }
            return isAlive
        }
    }

    @usableFromInline var isAlive: Bool { alive.value }
}

/// What only the drainer touches: the feedbacks as connected, and the events they returned while
/// the current state was delivered. The drainer is exclusive (one thread at a time holds the
/// `draining` flag, handed over under the lock), which is what makes this safe.
@usableFromInline
final class DrainerOwned<State: Sendable, Event: Sendable>: @unchecked Sendable {
    // Unchecked exclusivity: the drainer is the only thread that touches these (see above), and
    // a dynamic access check on every step costs more than the rest of a simple step.
    @exclusivity(unchecked) @usableFromInline var slots: [FeedbackSlot<State, Event>] = []
    /// The slots as one chain of calls (`SpinRuntime.feedbackChain(of:)`), or nil.
    @exclusivity(unchecked) @usableFromInline var feedbackChain: FeedbackChain<State, Event>?
    /// Events returned by synchronous feedbacks during the current delivery. They join the queue,
    /// in feedback order, under the lock the drain takes for its next step: one lock per step.
    @exclusivity(unchecked) @usableFromInline var pending = PendingEvents<Event>()
    /// Room for one state, where the drain puts a bitwise alias of the current state for the
    /// feedback chain (see `FeedbackChain`). It never holds an owned value: it is neither
    /// initialized nor deinitialized as one, only overwritten with the state's bytes.
    @usableFromInline let stateAlias: UnsafeMutablePointer<State>

    @usableFromInline
    init() {
        stateAlias = .allocate(capacity: 1)
    }

    deinit {
        stateAlias.deallocate()
    }
}

/// The feedbacks of a spin as one call: delivers a state and the event that produced it to each
/// in declaration order, keeping what synchronous ones return in the drainer's buffer.
///
/// The state is `inout` only so that it is passed by address: a state read from memory and passed
/// by value is copied for the call, a retain and a release of every reference in it, on every
/// step. What the drain passes is a bitwise alias of the state in the core, written into the
/// drainer's own `stateAlias` (not the core itself: an inout access to the core would overlap
/// the accesses other threads make under the lock). The alias is valid for the whole call: only
/// the drainer ever writes the state, and it does not while it delivers; the references it
/// holds are the core's, kept alive by the core. No link writes it, and it is never destroyed.
/// The event is not optional, for the same reason: the drain always has one and passes it
/// without a copy (the initial state is delivered slot by slot).
@usableFromInline
typealias FeedbackChain<State: Sendable, Event: Sendable> = (inout State, Event, DrainerOwned<State, Event>) -> Void

/// One connected feedback: a synchronous function the drain calls itself (of the state alone, or
/// of the state and the event that produced it), or an instance.
@usableFromInline
enum FeedbackSlot<State: Sendable, Event: Sendable> {
    case plain(@Sendable (State) -> Event?)
    case inline(@Sendable (State, Event?) -> Event?)
    case instance(any FeedbackInstance<State, Event>)

    /// The instance, for a feedback that has one.
    @usableFromInline var instance: (any FeedbackInstance<State, Event>)? {
        if case .instance(let instance) = self { return instance }
        return nil
    }
}

/// The task of an effect that may go on with the next effect its last event asks for (see
/// `SpinRuntime.finishEffect`). Its `task` is read and written only under the runtime's lock: it is
/// set once the task exists, so a task that ends its effect before then does not go on.
@usableFromInline
final class EffectRunner: @unchecked Sendable {
    @usableFromInline var task: Task<Void, Never>?

    @inlinable
    init() {}
}
