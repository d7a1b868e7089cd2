// Dependency injection: values given at construction are handed to the effect before the state,
// any number of them (Spin.Swift stops at four), through a parameter pack.
//
// The effect is curried: `{ api, database in { state in … } }`, or a function
// `func load(api: API, database: Database) -> @Sendable (State) -> Event?`. Swift 6.3 can neither
// call a function type whose pack is followed by another parameter (`(repeat each D, State)`:
// nothing marks where the pack ends) nor compile a closure that captures a pack tuple, so the
// dependencies are applied once, at construction, and the state after.
extension Feedback {
    /// A synchronous effect called as `effect(dependency1, …)(state)`.
    public init<each Dependency: Sendable>(
        effect: @escaping @Sendable (repeat each Dependency) -> @Sendable (State) -> Event?,
        dependencies: repeat each Dependency,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: effect(repeat each dependencies), strategy: strategy)
    }

    /// An asynchronous effect called as `await effect(dependency1, …)(state)`.
    public init<each Dependency: Sendable>(
        effect: @escaping @Sendable (repeat each Dependency) -> nonisolated(nonsending) @Sendable (State) async -> Event?,
        dependencies: repeat each Dependency,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: effect(repeat each dependencies), strategy: strategy)
    }

    /// A sequence effect called as `effect(dependency1, …)(state)`.
    public init<each Dependency: Sendable, S: AsyncSequence & Sendable>(
        effect: @escaping @Sendable (repeat each Dependency) -> @Sendable (State) -> S,
        dependencies: repeat each Dependency,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event {
        self.init(effect: effect(repeat each dependencies), strategy: strategy)
    }
}
