/// Runs an effect for every delivered state that its selector accepts.
final class PerStateFeedbackInstance<State: Sendable, Event: Sendable, Input: Sendable>: FeedbackInstance {
    private let context: FeedbackContext<Event>
    /// The effect's input for a state and its cause, or nil when the feedback's filter rejects the
    /// state. A rejected state is still a new state: under `.cancelOnNewState` it cancels the
    /// running effect (Spin.Swift maps it to an empty stream before switching to the latest).
    private let select: @Sendable (State, Event?) -> Input?
    private let body: EffectBody<Input, Event>
    private let strategy: ExecutionStrategy
    /// Whether a state the filter rejects cancels the running effect under `.cancelOnNewState`
    /// (`filteredBy:`, as Spin.Swift), or leaves it running (SpinDSL's triggers).
    private let rejectedStatesCancel: Bool
    private var running: EffectHandle?

    init(
        context: FeedbackContext<Event>,
        strategy: ExecutionStrategy,
        rejectedStatesCancel: Bool = true,
        select: @escaping @Sendable (State, Event?) -> Input?,
        body: EffectBody<Input, Event>
    ) {
        self.context = context
        self.strategy = strategy
        self.rejectedStatesCancel = rejectedStatesCancel
        self.select = select
        self.body = body
    }

    func receive(_ state: State, cause: Event?) {
        let input = select(state, cause)
        if strategy == .cancelOnNewState, input != nil || rejectedStatesCancel, let running {
            context.cancel(running)
            self.running = nil
        }
        guard let input else { return }
        let handle = body.run(input, in: context)
        if strategy == .cancelOnNewState { running = handle }
    }

    func stop() {
        if let running { context.cancel(running) }
        running = nil
    }
}
