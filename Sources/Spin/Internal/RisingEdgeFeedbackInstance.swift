/// Starts an effect when a value derived from the state appears (goes from nil to non-nil) and
/// cancels it when the value disappears again (Loop's `firstValueAfterNil`, and through it
/// `whenBecomesTrue`). The initial state counts: if it already qualifies, the effect starts.
final class RisingEdgeFeedbackInstance<State: Sendable, Event: Sendable, Value: Sendable>: FeedbackInstance {
    private let context: FeedbackContext<Event>
    private let derive: @Sendable (State) -> Value?
    private let body: EffectBody<Value, Event>
    private var isActive = false
    private var running: EffectHandle?

    init(context: FeedbackContext<Event>, derive: @escaping @Sendable (State) -> Value?, body: EffectBody<Value, Event>) {
        self.context = context
        self.derive = derive
        self.body = body
    }

    func receive(_ state: State, cause: Event?) {
        switch (isActive, derive(state)) {
        case (false, let value?):
            isActive = true
            running = body.run(value, in: context)
        case (true, nil):
            isActive = false
            if let running { context.cancel(running) }
            running = nil
        default:
            break
        }
    }

    func stop() {
        if let running { context.cancel(running) }
        running = nil
    }
}
