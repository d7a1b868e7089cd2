// Effects on a part of the state, selected by a key path or a closure (Spin.Swift's `lensingOn:`).
// A key path literal converts to the function parameter: `Feedback(lensingOn: \.left, effect: …)`.
extension Feedback {
    private static func lensed<Sub: Sendable>(
        _ lens: @escaping @Sendable (State) -> Sub,
        filter: (@Sendable (Sub) -> Bool)?,
        strategy: ExecutionStrategy,
        body: EffectBody<Sub, Event>
    ) -> Feedback {
        perState(strategy: strategy, select: { state, _ in
            let sub = lens(state)
            if let filter, !filter(sub) { return nil }
            return sub
        }, body: body)
    }

    /// A synchronous effect on the sub-state `lens` selects, optionally filtered.
    public init<Sub: Sendable>(
        lensingOn lens: @escaping @Sendable (State) -> Sub,
        filteredBy filter: (@Sendable (Sub) -> Bool)? = nil,
        effect: @escaping @Sendable (Sub) -> Event?,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self = .lensed(lens, filter: filter, strategy: strategy, body: .sync(effect))
    }

    /// An asynchronous effect on the sub-state `lens` selects, optionally filtered.
    public init<Sub: Sendable>(
        lensingOn lens: @escaping @Sendable (State) -> Sub,
        filteredBy filter: (@Sendable (Sub) -> Bool)? = nil,
        effect: nonisolated(nonsending) @escaping @Sendable (Sub) async -> Event?,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self = .lensed(lens, filter: filter, strategy: strategy, body: .async(effect))
    }

    /// A sequence effect on the sub-state `lens` selects, optionally filtered.
    public init<Sub: Sendable, S: AsyncSequence & Sendable>(
        lensingOn lens: @escaping @Sendable (State) -> Sub,
        filteredBy filter: (@Sendable (Sub) -> Bool)? = nil,
        effect: @escaping @Sendable (Sub) -> S,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event {
        self = .lensed(lens, filter: filter, strategy: strategy, body: .sequence(effect))
    }
}
