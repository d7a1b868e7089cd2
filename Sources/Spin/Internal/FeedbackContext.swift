/// The connection between one feedback instance and the loop that runs it.
///
/// A class rather than a struct: generic code (the feedback instances) then reads its fields
/// through the instance's own metadata, without looking up `FeedbackContext<Event>` on every call.
final class FeedbackContext<Event: Sendable>: Sendable {
    /// The runtime's operations. The closures hold the runtime weakly: the runtime owns its feedback
    /// instances, which own this context, and a gear listener may outlive the runtime, and then its
    /// events go nowhere.
    let hooks: RuntimeHooks<Event>
    /// The feedback's index in declaration order; events it emits carry it as their origin.
    let origin: Int
    /// Where the feedback asked its effects to run (`Feedback.execute(on:)`); synchronous effects
    /// then run as tasks there instead of inline.
    let executor: (any TaskExecutor)?
    /// Where effect tasks run: the feedback's executor, else the virtual clock's serial executor,
    /// else the global one (nil).
    let taskExecutor: (any TaskExecutor)?

    init(hooks: RuntimeHooks<Event>, origin: Int, executor: (any TaskExecutor)?, taskExecutor: (any TaskExecutor)?) {
        self.hooks = hooks
        self.origin = origin
        self.executor = executor
        self.taskExecutor = taskExecutor
    }

    /// Runs `effect` now and queues the event it returns, if any. Only the loop's drainer calls
    /// this, from inside `FeedbackInstance.receive`.
    func emitResult(of effect: () -> Event?) {
        hooks.enqueueResult(effect, origin)
    }

    /// Asks for an effect task running `operation`, whose result is the effect's last event.
    func start(_ operation: @escaping @Sendable (EffectEmitter<Event>) async -> Event?) -> EffectHandle {
        hooks.startEffect(origin, taskExecutor, executor == nil, operation)
    }

    func cancel(_ handle: EffectHandle) {
        hooks.cancelEffect(handle)
    }

    func emitFromListener(_ event: Event) {
        hooks.emitFromListener(event, origin)
    }
}

/// What a feedback instance can ask of its loop, as closures made in the runtime's inlinable
/// `start()`: they run code specialized for the client's State and Event. Through a protocol they
/// would run the runtime's generic code, which looks up type metadata on every call (a third of
/// the time of an asynchronous step).
@usableFromInline
struct RuntimeHooks<Event: Sendable>: Sendable {
    /// Runs a synchronous effect and queues the event it returns for the end of the delivery.
    let enqueueResult: @Sendable (_ effect: () -> Event?, _ origin: Int) -> Void
    /// Asks for an effect task and returns its handle: started at once, on the calling thread until
    /// it first suspends, when `immediately`; else when the drain ends. The operation's result is
    /// the effect's last event.
    let startEffect: @Sendable (
        _ origin: Int, _ executor: (any TaskExecutor)?, _ immediately: Bool,
        _ operation: @escaping @Sendable (EffectEmitter<Event>) async -> Event?
    ) -> EffectHandle
    /// Cancels a running effect and drops its queued events. Does nothing if it already ended.
    let cancelEffect: @Sendable (EffectHandle) -> Void
    /// Queues an event from outside any effect, as `emit(_:)` does, with a feedback as origin.
    let emitFromListener: @Sendable (_ event: Event, _ origin: Int) -> Void

    @usableFromInline
    init(
        enqueueResult: @escaping @Sendable (() -> Event?, Int) -> Void,
        startEffect: @escaping @Sendable (Int, (any TaskExecutor)?, Bool, @escaping @Sendable (EffectEmitter<Event>) async -> Event?) -> EffectHandle,
        cancelEffect: @escaping @Sendable (EffectHandle) -> Void,
        emitFromListener: @escaping @Sendable (Event, Int) -> Void
    ) {
        self.enqueueResult = enqueueResult
        self.startEffect = startEffect
        self.cancelEffect = cancelEffect
        self.emitFromListener = emitFromListener
    }
}
