/// A running asynchronous effect.
@usableFromInline
struct EffectRecord: Sendable {
    /// Nil until the task is created (at the end of the drain that asked for it, or when its start
    /// returns).
    @usableFromInline var task: Task<Void, Never>?
    /// How many of its events wait in the queue, so cancelling skips the scan when there are none.
    @usableFromInline var queued = 0
    /// Made by an event of an effect still in its start, before its registration (see
    /// `RuntimeStateMachine.settledThrough`).
    @usableFromInline var provisional: Bool

    @inlinable
    init(provisional: Bool = false) {
        self.provisional = provisional
    }
}
