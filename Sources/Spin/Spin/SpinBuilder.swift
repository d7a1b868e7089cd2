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

    public static func buildPartialBlock(first: Feedback<State, Event>) -> Feedbacks {
        Feedbacks(feedbacks: [first])
    }

    public static func buildPartialBlock(first: [Feedback<State, Event>]) -> Feedbacks {
        Feedbacks(feedbacks: first)
    }

    public static func buildPartialBlock(first: Reducer<State, Event>) -> Definition {
        Definition(feedbacks: [], reducer: first)
    }

    public static func buildPartialBlock(accumulated: Feedbacks, next: Feedback<State, Event>) -> Feedbacks {
        Feedbacks(feedbacks: accumulated.feedbacks + [next])
    }

    public static func buildPartialBlock(accumulated: Feedbacks, next: [Feedback<State, Event>]) -> Feedbacks {
        Feedbacks(feedbacks: accumulated.feedbacks + next)
    }

    public static func buildPartialBlock(accumulated: Feedbacks, next: Reducer<State, Event>) -> Definition {
        Definition(feedbacks: accumulated.feedbacks, reducer: next)
    }

    /// Feedbacks built by a `for` loop.
    public static func buildArray(_ components: [[Feedback<State, Event>]]) -> [Feedback<State, Event>] {
        components.flatMap { $0 }
    }

    public static func buildExpression(_ feedback: Feedback<State, Event>) -> Feedback<State, Event> { feedback }
    public static func buildExpression(_ reducer: Reducer<State, Event>) -> Reducer<State, Event> { reducer }
    public static func buildExpression(_ feedbacks: [Feedback<State, Event>]) -> [Feedback<State, Event>] { feedbacks }
}
