// Keyed effects (RxFeedback's `react(requests:)`).
extension Feedback {
    /// Runs one effect per request in the set derived from each state: requests that appear start,
    /// requests that vanish are cancelled (their queued events dropped), requests that stay keep
    /// running untouched. New requests of one state start in the order of their descriptions, so a
    /// run is reproducible.
    public init<Request: Hashable & Sendable, S: AsyncSequence & Sendable>(
        requests: @escaping @Sendable (State) -> Set<Request>,
        effect: @escaping @Sendable (Request) -> S
    ) where S.Element == Event {
        let body = EffectBody<Request, Event>.sequence(effect)
        self.init { context, _ in KeyedFeedbackInstance(context: context, requests: requests, body: body) }
    }

    /// Asynchronous form of `init(requests:effect:)`.
    public init<Request: Hashable & Sendable>(
        requests: @escaping @Sendable (State) -> Set<Request>,
        effect: nonisolated(nonsending) @escaping @Sendable (Request) async -> Event?
    ) {
        let body = EffectBody<Request, Event>.async(effect)
        self.init { context, _ in KeyedFeedbackInstance(context: context, requests: requests, body: body) }
    }
}
