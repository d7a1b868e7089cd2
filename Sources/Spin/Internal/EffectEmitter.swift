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
    /// Reports an error the effect's sequence threw (see `SpinRuntime.onEffectFailure(_:)`).
    @usableFromInline let reportFailure: @Sendable (any Error) -> Void

    @inlinable
    init(send: @escaping @Sendable (Event) -> Void, reportFailure: @escaping @Sendable (any Error) -> Void) {
        self.send = send
        self.reportFailure = reportFailure
    }

    /// Feeds an event back into the loop.
    public func emit(_ event: Event) {
        send(event)
    }
}
