/// An effect task to create once the current drain ends.
@usableFromInline
struct PendingStart<Event: Sendable>: Sendable {
    @usableFromInline let token: UInt64
    /// The feedback whose effect it is.
    @usableFromInline let context: FeedbackContext<Event>
    /// The effect; its result is the effect's last event.
    @usableFromInline let operation: EffectOperation<Event>

    @inlinable
    init(token: UInt64, context: FeedbackContext<Event>, operation: @escaping EffectOperation<Event>) {
        self.token = token
        self.context = context
        self.operation = operation
    }
}
