/// The part of a runtime guarded by its lock.
struct RuntimeCore<State: Sendable, Event: Sendable>: Sendable {
    var state: State
    var queue = EventQueue<QueuedEvent<Event>>()
    var started = false
    var stopRequested = false
    /// Whether some thread is the drainer right now.
    var draining = false
    var stepCount = 0
    /// Running (or about to run) asynchronous effects by token.
    var effects: [UInt64: EffectRecord] = [:]
    var nextToken: UInt64 = 0
    /// Effect tasks asked for during the current drain, started when it ends.
    var pendingStarts: [PendingStart<Event>] = []
    var channels: [StateChannel<State>] = []
    var renders: [RenderObserver<State>] = []
    /// Render callbacks that have not yet received the current state.
    var unprimedRenders: [RenderObserver<State>] = []
    var stepObservers: [@Sendable (SpinStep<State, Event>) -> Void] = []

    init(state: State) {
        self.state = state
    }
}

/// An event waiting to be reduced.
struct QueuedEvent<Event: Sendable>: Sendable {
    let event: Event
    /// -1 for input from outside, else the index of the feedback that emitted it.
    let origin: Int
    /// The effect run that emitted it, or 0 when it cannot be cancelled.
    let token: UInt64
}

/// A running asynchronous effect.
struct EffectRecord: Sendable {
    /// Nil until the task is created at the end of the drain that asked for it.
    var task: Task<Void, Never>?
    /// How many of its events wait in the queue, so cancelling skips the scan when there are none.
    var queued = 0
}

/// An effect task to create once the current drain ends.
struct PendingStart<Event: Sendable>: Sendable {
    let token: UInt64
    let origin: Int
    let executor: (any TaskExecutor)?
    let operation: @Sendable (EffectEmitter<Event>) async -> Void
}

/// What the drainer does next, decided under the lock and done outside it.
enum DrainAction<State: Sendable, Event: Sendable> {
    case deliver(Delivery<State, Event>)
    case prime([RenderObserver<State>], State)
    case finished([PendingStart<Event>])
    case teardown
}

/// A reduced event and everything needed to deliver its state without the lock.
struct Delivery<State: Sendable, Event: Sendable> {
    let state: State
    let event: Event
    let origin: Int
    let changed: Bool
    let step: Int
    let channels: [StateChannel<State>]
    let renders: [RenderObserver<State>]
    let stepObservers: [@Sendable (SpinStep<State, Event>) -> Void]
}

/// A render callback; `call` returns false once its container is gone.
final class RenderObserver<State: Sendable>: Sendable {
    let call: @Sendable (State) -> Bool
    private let alive = AtomicFlag(true)

    init(call: @escaping @Sendable (State) -> Bool) {
        self.call = { [alive] state in
            let isAlive = call(state)
            if !isAlive { alive.clear() }
            return isAlive
        }
    }

    var isAlive: Bool { alive.value }
}

/// What only the drainer touches: the feedback instances. The drainer is exclusive (one thread at a
/// time holds the `draining` flag, handed over under the lock), which is what makes this safe.
final class DrainerOwned<State: Sendable, Event: Sendable>: @unchecked Sendable {
    var instances: [any FeedbackInstance<State, Event>] = []
}
