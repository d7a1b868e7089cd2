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
