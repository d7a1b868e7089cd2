/// The launch of an effect of a feedback with a place of its own (`execute(on:)`): on the place,
/// the effect's task starts at once (`Task.immediate`) and runs there until it first suspends or
/// ends; then the launch reports to the runtime, whose drain waits for that report before it
/// reduces the next event (the fairness rule on any place).
final class PlacedLaunch<State: Sendable, Event: Sendable>: Sendable {
    private let runtime: SpinRuntime<State, Event>
    private let token: UInt64
    private let context: FeedbackContext<Event>
    private let operation: EffectOperation<Event>

    init(runtime: SpinRuntime<State, Event>, token: UInt64, context: FeedbackContext<Event>, operation: @escaping EffectOperation<Event>) {
        self.runtime = runtime
        self.token = token
        self.context = context
        self.operation = operation
    }

    /// On a task executor: the effect's task prefers it.
    func run(onExecutor executor: any TaskExecutor) {
        let operation = self.operation
        report { end in
            Task.immediate(executorPreference: executor) { end.finish(await operation(end.emitter)) }
        }
    }

    /// On an actor: the effect's task is isolated to it (its start runs here, on the actor, at
    /// once; after a suspension it goes on on the actor).
    static func run(_ launch: PlacedLaunch, on actor: isolated any Actor) {
        let operation = launch.operation
        launch.report { end in
            Task.immediate {
                _ = actor
                end.finish(await operation(end.emitter))
            }
        }
    }

    /// Starts the effect's task with `create` and tells the runtime how its start went.
    private func report(_ create: (EffectEnd<Event>) -> Task<Void, Never>) {
        let slot = StartAnswer<Event>()
        let task = slot.starting(token) {
            runtime.makeEffectTask(token, context: context, answer: slot, create: create)
        }
        let (answered, last) = slot.take()
        runtime.placedStartReturned(token, origin: context.origin, task: task, answered: answered, last: last)
    }
}
