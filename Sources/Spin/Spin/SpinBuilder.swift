/// The result builder of `Spin(initialState:_:)`: any number of feedbacks, then exactly one
/// reducer. A block without a reducer does not compile.
@resultBuilder
public enum SpinBuilder<State: Sendable, Event: Sendable> {
    /// Feedbacks collected so far, before the reducer.
    public struct Feedbacks {
        let feedbacks: [Feedback<State, Event>]
    }

    /// A complete definition: the feedbacks and the reducer.
    public struct Definition {
        let feedbacks: [Feedback<State, Event>]
        let reducer: Reducer<State, Event>
    }

    /// Starts a block with a feedback.
    public static func buildPartialBlock(first: Feedback<State, Event>) -> Feedbacks {
        Feedbacks(feedbacks: [first])
    }

    /// Starts a block with feedbacks from a loop.
    public static func buildPartialBlock(first: [Feedback<State, Event>]) -> Feedbacks {
        Feedbacks(feedbacks: first)
    }

    /// A block that is only a reducer: a spin without feedbacks.
    public static func buildPartialBlock(first: Reducer<State, Event>) -> Definition {
        Definition(feedbacks: [], reducer: first)
    }

    /// Adds a feedback after the ones before it.
    public static func buildPartialBlock(accumulated: Feedbacks, next: Feedback<State, Event>) -> Feedbacks {
        Feedbacks(feedbacks: accumulated.feedbacks + [next])
    }

    /// Adds feedbacks from a loop after the ones before them.
    public static func buildPartialBlock(accumulated: Feedbacks, next: [Feedback<State, Event>]) -> Feedbacks {
        Feedbacks(feedbacks: accumulated.feedbacks + next)
    }

    /// Ends the block with the reducer.
    public static func buildPartialBlock(accumulated: Feedbacks, next: Reducer<State, Event>) -> Definition {
        Definition(feedbacks: accumulated.feedbacks, reducer: next)
    }

    /// Feedbacks built by a `for` loop.
    public static func buildArray(_ components: [[Feedback<State, Event>]]) -> [Feedback<State, Event>] {
        components.flatMap { $0 }
    }

    /// A feedback line.
    public static func buildExpression(_ feedback: Feedback<State, Event>) -> Feedback<State, Event> { feedback }
    /// The reducer line.
    public static func buildExpression(_ reducer: Reducer<State, Event>) -> Reducer<State, Event> { reducer }
    /// A line that is an array of feedbacks.
    public static func buildExpression(_ feedbacks: [Feedback<State, Event>]) -> [Feedback<State, Event>] { feedbacks }
}
