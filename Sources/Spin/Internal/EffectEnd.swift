/// What an effect task does when its effect ends: it hands the last event over and stops counting
/// as work. Made once per task and captured by its body, so that the body is one closure around
/// the effect's own call.
@usableFromInline
struct EffectEnd<Event: Sendable>: Sendable {
    @usableFromInline let token: UInt64
    @usableFromInline let context: FeedbackContext<Event>
    /// The starting thread's slot: an effect that ends in its start (`Task.immediate`) answers
    /// there.
    @usableFromInline let answer: StartAnswer<Event>
    /// The task's membership of a virtual clock's tracker, if it has one.
    @usableFromInline let member: ActivityMember?
    @usableFromInline let tracker: ActivityTracker

    @inlinable
    init(token: UInt64, context: FeedbackContext<Event>, answer: StartAnswer<Event>, member: ActivityMember?, tracker: ActivityTracker) {
        self.token = token
        self.context = context
        self.answer = answer
        self.member = member
        self.tracker = tracker
    }

    /// The effect's emitter.
    @inlinable var emitter: EffectEmitter<Event> { EffectEmitter(context: context, token: token) }

    /// The effect ended with `last`: answered into the starting thread's slot if it ended in its
    /// start there, else reported to the loop (queued unless the effect was cancelled).
    @inlinable
    func finish(_ last: Event?) {
        if !answer.claims(token: token, last: last) {
            context.hooks.finishEffect(token, context.origin, last)
        }
        if let member { member.end() } else { tracker.leave() }
    }
}
