/// An effect applied to an input, in one of the three shapes feedbacks accept: a synchronous
/// function returning an optional event, an async function, or a function returning an async
/// sequence of events.
struct EffectBody<Input: Sendable, Event: Sendable>: Sendable {
    /// The synchronous form, run inline while the state is delivered (unless an executor is set).
    let synchronous: (@Sendable (Input) -> Event?)?
    /// The effect as an asynchronous operation, used for the async shapes and for synchronous
    /// effects that must run on an executor. It returns the effect's last event, which the runtime
    /// queues as the effect ends (one step under the loop's lock instead of two).
    let operation: @Sendable (Input, EffectEmitter<Event>) async -> Event?

    static func sync(_ effect: @escaping @Sendable (Input) -> Event?) -> EffectBody {
        EffectBody(synchronous: effect) { input, _ in effect(input) }
    }

    static func async(_ effect: @escaping @Sendable (Input) async -> Event?) -> EffectBody {
        EffectBody(synchronous: nil) { input, _ in await effect(input) }
    }

    static func sequence<S: AsyncSequence & Sendable>(
        _ effect: @escaping @Sendable (Input) -> S
    ) -> EffectBody where S.Element == Event {
        EffectBody(synchronous: nil) { input, emitter in
            do {
                for try await event in effect(input) {
                    if Task.isCancelled { return nil }
                    emitter.emit(event)
                }
            } catch {
                // A failing sequence ends its effect; the events it produced before stand. The
                // error is reported, unless it is the effect's own cancellation.
                if !Task.isCancelled { emitter.reportFailure(error) }
            }
            return nil
        }
    }

    /// Runs the effect for `input`: inline when it is synchronous and may run here, otherwise as
    /// a task. Returns the task's handle, or nil when it ran inline.
    func run(_ input: Input, in context: FeedbackContext<Event>) -> EffectHandle? {
        if let synchronous, context.executor == nil {
            context.emitResult { synchronous(input) }
            return nil
        }
        let operation = self.operation
        return context.start { emitter in await operation(input, emitter) }
    }

    /// The same effect applied to a value derived from a new input.
    func pullback<NewInput: Sendable>(_ transform: @escaping @Sendable (NewInput) -> Input) -> EffectBody<NewInput, Event> {
        let operation = self.operation
        var synchronousPullback: (@Sendable (NewInput) -> Event?)?
        if let synchronous = self.synchronous {
            synchronousPullback = { input in synchronous(transform(input)) }
        }
        return EffectBody<NewInput, Event>(
            synchronous: synchronousPullback,
            operation: { input, emitter in await operation(transform(input), emitter) })
    }
}
