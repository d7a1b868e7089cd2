/// One connected feedback: a synchronous function the drain calls itself (of the state alone, or
/// of the state and the event that produced it), or an instance.
@usableFromInline
enum FeedbackSlot<State: Sendable, Event: Sendable> {
    case plain(@Sendable (State) -> Event?)
    case inline(@Sendable (State, Event?) -> Event?)
    case instance(any FeedbackInstance<State, Event>)

    /// The instance, for a feedback that has one.
    @usableFromInline var instance: (any FeedbackInstance<State, Event>)? {
        if case .instance(let instance) = self { return instance }
        return nil
    }
}
