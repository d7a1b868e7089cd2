/// A feedback written as a function from the sequence of states to a sequence of events. One
/// effect runs for the whole life of the loop; every delivered state is sent into its input.
final class StreamFeedbackInstance<State: Sendable, Event: Sendable>: FeedbackInstance {
    private let channel: StateChannel<State>
    private let context: FeedbackContext<Event>
    private var handle: EffectHandle?

    init<S: AsyncSequence & Sendable>(
        context: FeedbackContext<Event>,
        tracker: ActivityTracker,
        effect: @escaping @Sendable (SpinStates<State>) -> S
    ) where S.Element == Event {
        let channel = StateChannel<State>(tracker: tracker)
        self.channel = channel
        self.context = context
        self.handle = context.start { emitter in
            await emitter.emitEvery(of: effect(SpinStates(channel: channel)))
            return nil
        }
    }

    func receive(_ state: State, cause: Event?) {
        channel.send(state)
    }

    func stop() {
        channel.finish()
        if let handle { context.cancel(handle) }
        handle = nil
    }
}
