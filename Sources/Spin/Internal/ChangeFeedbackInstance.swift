/// Runs an effect only when a value derived from the state changes (Loop's `skippingRepeated`).
/// A change cancels the effect started for the previous value.
final class ChangeFeedbackInstance<State: Sendable, Event: Sendable, Value: Equatable & Sendable>: FeedbackInstance {
    private let context: FeedbackContext<Event>
    private let derive: @Sendable (State) -> Value
    private let body: EffectBody<Value, Event>
    private var last: Value?
    private var running: EffectHandle?

    init(context: FeedbackContext<Event>, derive: @escaping @Sendable (State) -> Value, body: EffectBody<Value, Event>) {
        self.context = context
        self.derive = derive
        self.body = body
    }

    func receive(_ state: State, cause: Event?) {
        let value = derive(state)
        if let last, last == value { return }
        last = value
        if let running { context.cancel(running) }
        running = body.run(value, in: context)
    }

    func stop() {
        if let running { context.cancel(running) }
        running = nil
    }
}
