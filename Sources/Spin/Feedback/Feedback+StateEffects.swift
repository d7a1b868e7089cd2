// The state forms: an effect on each new state, optionally filtered.
extension Feedback {
    /// An effect that turns a state into at most one event, synchronously.
    public init(
        effect: @escaping @Sendable (State) -> Event?,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self = .onEveryState(strategy: strategy, body: .sync(effect))
    }

    /// An asynchronous effect that turns a state into at most one event.
    public init(
        effect: nonisolated(nonsending) @escaping @Sendable (State) async -> Event?,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self = .onEveryState(strategy: strategy, body: .async(effect))
    }

    /// An effect that turns a state into an async sequence of events.
    public init<S: AsyncSequence & Sendable>(
        effect: @escaping @Sendable (State) -> S,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event {
        self = .onEveryState(strategy: strategy, body: .sequence(effect))
    }

    /// A synchronous effect run only on the states `predicate` accepts (a synchronous effect never
    /// keeps running, so a rejected state has nothing to cancel).
    public init(
        effect: @escaping @Sendable (State) -> Event?,
        filteredBy predicate: @escaping @Sendable (State) -> Bool,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self = .onStates(filteredBy: predicate, strategy: strategy, body: .sync(effect))
    }

    /// An asynchronous effect run only on the states `predicate` accepts. A state it rejects is a
    /// new state all the same: under `.cancelOnNewState` it cancels the running effect.
    public init(
        effect: nonisolated(nonsending) @escaping @Sendable (State) async -> Event?,
        filteredBy predicate: @escaping @Sendable (State) -> Bool,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self = .onStates(filteredBy: predicate, strategy: strategy, body: .async(effect))
    }

    /// A sequence effect run only on the states `predicate` accepts; a rejected state cancels the
    /// running one under `.cancelOnNewState`.
    public init<S: AsyncSequence & Sendable>(
        effect: @escaping @Sendable (State) -> S,
        filteredBy predicate: @escaping @Sendable (State) -> Bool,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event {
        self = .onStates(filteredBy: predicate, strategy: strategy, body: .sequence(effect))
    }

    /// The stream form: one effect for the life of the loop, from the sequence of states (starting
    /// with the initial state) to a sequence of events.
    public init<S: AsyncSequence & Sendable>(
        effect: @escaping @Sendable (SpinStates<State>) -> S
    ) where S.Element == Event {
        self = .runningForTheLoopsLife({ context, tracker in
            StreamFeedbackInstance<State, Event>(context: context, tracker: tracker, effect: effect)
        })
    }

    /// Emits the values of an outside input as events, as they come: a UI's events fed into the
    /// loop through a `SpinInput` (or any async sequence of events). One effect reads the input for
    /// the life of the loop; it sees no state. While it waits on a `SpinInput` it does not count
    /// as busy (see `SpinInput`).
    public init<Input: AsyncSequence & Sendable>(input: Input) where Input.Element == Event {
        self = .runningForTheLoopsLife({ context, _ in
            InputFeedbackInstance<State, Event, Input>(context: context, input: input)
        })
    }
}
