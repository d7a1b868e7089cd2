/// The connection between one feedback instance and the loop that runs it.
///
/// A class rather than a struct: generic code (the feedback instances) then reads its fields
/// through the instance's own metadata, without looking up `FeedbackContext<Event>` on every call.
final class FeedbackContext<Event: Sendable>: Sendable {
    /// Weak: the runtime owns its feedback instances, which own this context; a gear listener may
    /// outlive the runtime, and then its events go nowhere.
    weak let host: (any EffectHost<Event>)?
    /// The feedback's index in declaration order; events it emits carry it as their origin.
    let origin: Int
    /// Where the feedback asked its effects to run (`Feedback.execute(on:)`); synchronous effects
    /// then run as tasks there instead of inline.
    let executor: (any TaskExecutor)?
    /// Where effect tasks run: the feedback's executor, else the virtual clock's serial executor,
    /// else the global one (nil).
    let taskExecutor: (any TaskExecutor)?
    /// Runs a synchronous effect and queues the event it returns, if any, as
    /// `host.enqueueFromDelivery` does. A closure made in the runtime's inlinable `start()`, so
    /// that it runs code specialized for the client's `Event` (generic code would look up the
    /// metadata of `Event?` on every call).
    let enqueueResult: @Sendable (_ effect: () -> Event?, _ origin: Int) -> Void

    init(
        host: any EffectHost<Event>, origin: Int, executor: (any TaskExecutor)?,
        taskExecutor: (any TaskExecutor)?,
        enqueueResult: @escaping @Sendable (_ effect: () -> Event?, _ origin: Int) -> Void
    ) {
        self.host = host
        self.origin = origin
        self.executor = executor
        self.taskExecutor = taskExecutor
        self.enqueueResult = enqueueResult
    }

    /// Runs `effect` now and queues the event it returns, if any.
    func emitResult(of effect: () -> Event?) {
        enqueueResult(effect, origin)
    }

    func start(_ operation: @escaping @Sendable (EffectEmitter<Event>) async -> Void) -> EffectHandle {
        host?.startEffect(origin: origin, executor: taskExecutor, operation: operation) ?? EffectHandle(token: 0)
    }

    func cancel(_ handle: EffectHandle) {
        host?.cancelEffect(handle)
    }

    func emitFromListener(_ event: Event) {
        host?.emitFromListener(event, origin: origin)
    }
}
