/// Runs an async function of every delivered state, the commonest asynchronous feedback, through
/// the runtime's `StateEffectStarter`: its task calls the function with the state directly, so a
/// step costs no adapter closure, no optional input and no generic metadata lookups (the
/// starter is made in the runtime's specialized `start()`; this class, like the others, is not
/// specialized).
final class AsyncStateFeedbackInstance<State: Sendable, Event: Sendable>: FeedbackInstance {
    private let context: FeedbackContext<Event>
    private let effect: AsyncEffect<State, Event>
    private let strategy: ExecutionStrategy
    private let start: StateEffectStarter<State, Event>
    @exclusivity(unchecked) private var running: EffectHandle?

    init(
        context: FeedbackContext<Event>, strategy: ExecutionStrategy, effect: @escaping AsyncEffect<State, Event>,
        start: @escaping StateEffectStarter<State, Event>
    ) {
        self.context = context
        self.effect = effect
        self.strategy = strategy
        self.start = start
    }

    func receive(_ state: State, cause: Event?) {
        guard strategy == .cancelOnNewState else {
            _ = start(context, state, effect)
            return
        }
        if let running {
            context.cancel(running)
            self.running = nil
        }
        running = start(context, state, effect)
    }

    func stop() {
        if let running { context.cancel(running) }
        running = nil
    }
}
