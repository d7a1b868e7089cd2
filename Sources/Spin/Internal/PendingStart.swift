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
