/// What a feedback instance needs from the loop that runs it. Implemented by `SpinRuntime`.
protocol EffectHost<Event>: AnyObject, Sendable {
    associatedtype Event: Sendable

    /// Queues an event produced synchronously while a state is being delivered.
    /// Only called by the loop's drainer, from inside `FeedbackInstance.receive`.
    func enqueueFromDelivery(_ event: Event, origin: Int)

    /// Starts an asynchronous effect and returns its handle.
    func startEffect(
        origin: Int,
        executor: (any TaskExecutor)?,
        operation: @escaping @Sendable (EffectEmitter<Event>) async -> Void
    ) -> EffectHandle

    /// Cancels a running effect and drops its queued events. Does nothing if it already ended.
    func cancelEffect(_ handle: EffectHandle)

    /// Queues an event from outside any effect, as `emit(_:)` does, but with a feedback as origin
    /// (used by gear listeners).
    func emitFromListener(_ event: Event, origin: Int)
}

/// Identifies one run of an asynchronous effect. Events emitted under a handle that was cancelled
/// are dropped.
struct EffectHandle: Hashable, Sendable {
    let token: UInt64
}

/// Lets an asynchronous effect feed events back into its loop.
///
/// Events emitted after the effect was cancelled, or after the loop stopped, are dropped.
public struct EffectEmitter<Event: Sendable>: Sendable {
    let send: @Sendable (Event) -> Void

    /// Feeds an event back into the loop.
    public func emit(_ event: Event) {
        send(event)
    }
}
