/// A feedback that emits the values of an outside input as they come (`Feedback(input:)`): one
/// effect for the life of the loop, which sees no state.
final class InputFeedbackInstance<State: Sendable, Event: Sendable, Input: AsyncSequence & Sendable>: FeedbackInstance
where Input.Element == Event {
    private let context: FeedbackContext<Event>
    private var handle: EffectHandle?

    init(context: FeedbackContext<Event>, input: Input) {
        self.context = context
        self.handle = context.start { emitter in
            await emitter.emitEvery(of: input)
            return nil
        }
    }

    func receive(_ state: State, cause: Event?) {}

    func stop() {
        if let handle { context.cancel(handle) }
        handle = nil
    }
}
