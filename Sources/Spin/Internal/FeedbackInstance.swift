/// A feedback while it runs in one loop: it receives every state the loop delivers, in order.
///
/// Instances are only touched by the loop's drainer, which holds the loop exclusively while it
/// delivers a state, so they need no locks of their own.
@usableFromInline
protocol FeedbackInstance<State, Event>: AnyObject {
    associatedtype State: Sendable
    associatedtype Event: Sendable

    /// A new state, and the event that produced it (nil for the initial state).
    func receive(_ state: State, cause: Event?)

    /// The loop stops: cancel whatever runs and let go of outside resources.
    func stop()
}
