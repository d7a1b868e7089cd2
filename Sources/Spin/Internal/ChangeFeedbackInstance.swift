/// Runs an effect only when a value derived from the state changes (Loop's `skippingRepeated`).
/// A change cancels the effect started for the previous value; the effect runs on what `input`
/// makes of the new value, or not at all when it makes nil (the nil-skipping variant).
final class ChangeFeedbackInstance<State: Sendable, Event: Sendable, Value: Equatable & Sendable, Input: Sendable>: FeedbackInstance {
    private let context: FeedbackContext<Event>
    private let derive: @Sendable (State) -> Value
    private let input: @Sendable (Value) -> Input?
    private let body: EffectBody<Input, Event>
    private var last: Value?
    private var running: EffectHandle?

    init(
        context: FeedbackContext<Event>, derive: @escaping @Sendable (State) -> Value,
        input: @escaping @Sendable (Value) -> Input?, body: EffectBody<Input, Event>
    ) {
        self.context = context
        self.derive = derive
        self.input = input
        self.body = body
    }

    func receive(_ state: State, cause: Event?) {
        let value = derive(state)
        if let last, last == value { return }
        last = value
        if let running { context.cancel(running) }
        running = input(value).flatMap { body.run($0, in: context) }
    }

    func stop() {
        if let running { context.cancel(running) }
        running = nil
    }
}
