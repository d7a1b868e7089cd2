// Effects that see the event that produced the state (asked for in Loop issue #5).
extension Feedback {
    /// A synchronous effect that receives each state with the event that produced it (nil for the
    /// initial state).
    public init(eventAware effect: @escaping @Sendable (State, Event?) -> Event?) {
        let body = EffectBody<EventAwareInput, Event>.sync { effect($0.state, $0.cause) }
        self = .perState(strategy: .cancelOnNewState, select: { EventAwareInput(state: $0, cause: $1) }, body: body)
    }

    /// An asynchronous effect that receives each state with the event that produced it.
    public init(
        eventAware effect: nonisolated(nonsending) @escaping @Sendable (State, Event?) async -> Event?,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        let body = EffectBody<EventAwareInput, Event>.async { await effect($0.state, $0.cause) }
        self = .perState(strategy: strategy, select: { EventAwareInput(state: $0, cause: $1) }, body: body)
    }

    struct EventAwareInput: Sendable {
        let state: State
        let cause: Event?
    }
}
