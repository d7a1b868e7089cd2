/// The connection between one feedback instance and the loop that runs it.
struct FeedbackContext<Event: Sendable>: Sendable {
    let host: any EffectHost<Event>
    /// The feedback's index in declaration order; events it emits carry it as their origin.
    let origin: Int
    /// Where the feedback asked its effects to run (`Feedback.execute(on:)`); synchronous effects
    /// then run as tasks there instead of inline.
    let executor: (any TaskExecutor)?
    /// Where effect tasks run: the feedback's executor, else the virtual clock's serial executor,
    /// else the global one (nil).
    let taskExecutor: (any TaskExecutor)?

    func emitNow(_ event: Event) {
        host.enqueueFromDelivery(event, origin: origin)
    }

    func start(_ operation: @escaping @Sendable (EffectEmitter<Event>) async -> Void) -> EffectHandle {
        host.startEffect(origin: origin, executor: taskExecutor, operation: operation)
    }

    func cancel(_ handle: EffectHandle) {
        host.cancelEffect(handle)
    }

    func emitFromListener(_ event: Event) {
        host.emitFromListener(event, origin: origin)
    }
}
