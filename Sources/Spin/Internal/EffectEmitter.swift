/// Identifies one run of an asynchronous effect. Events emitted under a handle that was cancelled
/// are dropped.
@usableFromInline
struct EffectHandle: Hashable, Sendable {
    @usableFromInline let token: UInt64

    @inlinable
    init(token: UInt64) {
        self.token = token
    }
}

/// Lets an asynchronous effect feed events back into its loop.
///
/// Events emitted after the effect was cancelled, or after the loop stopped, are dropped.
public struct EffectEmitter<Event: Sendable>: Sendable {
    @usableFromInline let send: @Sendable (Event) -> Void

    @inlinable
    init(send: @escaping @Sendable (Event) -> Void) {
        self.send = send
    }

    /// Feeds an event back into the loop.
    public func emit(_ event: Event) {
        send(event)
    }
}
