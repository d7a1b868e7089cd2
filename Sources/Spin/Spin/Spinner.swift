/// The entry point of the builder form: `Spinner.initialState(s).feedback(f).reducer(r)`.
public enum Spinner {
    /// Starts building a spin from its initial state.
    public static func initialState<State: Sendable>(_ state: State) -> SpinnerState<State> {
        SpinnerState(initialState: state)
    }
}

/// A spin under construction that has an initial state.
public struct SpinnerState<State: Sendable>: Sendable {
    let initialState: State

    /// Adds the first feedback.
    public func feedback<Event: Sendable>(_ feedback: Feedback<State, Event>) -> SpinnerFeedback<State, Event> {
        SpinnerFeedback(initialState: initialState, feedbacks: [feedback])
    }
}

/// A spin under construction that has an initial state and feedbacks.
public struct SpinnerFeedback<State: Sendable, Event: Sendable>: Sendable {
    let initialState: State
    let feedbacks: [Feedback<State, Event>]

    /// Adds another feedback, after the ones already added.
    public func feedback(_ feedback: Feedback<State, Event>) -> SpinnerFeedback {
        SpinnerFeedback(initialState: initialState, feedbacks: feedbacks + [feedback])
    }

    /// Finishes the spin with its reducer.
    public func reducer(_ reducer: Reducer<State, Event>) -> Spin<State, Event> {
        Spin(initialState: initialState, feedbacks: feedbacks, reducer: reducer)
    }
}

extension SpinnerFeedback where State: Equatable {
    /// Finishes the spin with its reducer; a reduction that leaves the state equal changes nothing.
    public func reducer(_ reducer: Reducer<State, Event>) -> Spin<State, Event> {
        Spin(initialState: initialState, feedbacks: feedbacks, reducer: reducer, isSameState: { $0 == $1 })
    }
}
