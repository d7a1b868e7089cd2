/// Runs an effect for every delivered state that its selector accepts.
final class PerStateFeedbackInstance<State: Sendable, Event: Sendable, Input: Sendable>: FeedbackInstance {
    private let context: FeedbackContext<Event>
    /// The effect's input for a state and its cause, or nil when the feedback ignores the state
    /// (a filtered-out state does not cancel the running effect, as in Spin.Swift and Loop).
    private let select: @Sendable (State, Event?) -> Input?
    private let body: EffectBody<Input, Event>
    private let strategy: ExecutionStrategy
    private var running: EffectHandle?

    init(
        context: FeedbackContext<Event>,
        strategy: ExecutionStrategy,
        select: @escaping @Sendable (State, Event?) -> Input?,
        body: EffectBody<Input, Event>
    ) {
        self.context = context
        self.strategy = strategy
        self.select = select
        self.body = body
    }

    func receive(_ state: State, cause: Event?) {
        guard let input = select(state, cause) else { return }
        if strategy == .cancelOnNewState, let running {
            context.cancel(running)
            self.running = nil
        }
        let handle = body.run(input, in: context)
        if strategy == .cancelOnNewState { running = handle }
    }

    func stop() {
        if let running { context.cancel(running) }
        running = nil
    }
}
