/// An effect applied to an input, in one of the three shapes feedbacks accept: a synchronous
/// function returning an optional event, an async function, or a function returning an async
/// sequence of events.
struct EffectBody<Input: Sendable, Event: Sendable>: Sendable {
    /// The synchronous form, run inline while the state is delivered (unless a place is set).
    let synchronous: (@Sendable (Input) -> Event?)?
    /// The async-function form, run as the effect task's whole body (no emitter, no adapter).
    let asynchronous: AsyncEffect<Input, Event>?
    /// The effect as an asynchronous operation, used for the sequence shape and for synchronous
    /// effects that must run at a place. It returns the effect's last event, which the runtime
    /// queues as the effect ends (one step under the loop's lock instead of two).
    let operation: nonisolated(nonsending) @Sendable (Input, EffectEmitter<Event>) async -> Event?

    static func sync(_ effect: @escaping @Sendable (Input) -> Event?) -> EffectBody {
        EffectBody(synchronous: effect, asynchronous: nil) { input, _ in effect(input) }
    }

    static func async(_ effect: @escaping AsyncEffect<Input, Event>) -> EffectBody {
        EffectBody(synchronous: nil, asynchronous: effect) { input, _ in await effect(input) }
    }

    static func sequence<S: AsyncSequence & Sendable>(
        _ effect: @escaping @Sendable (Input) -> S
    ) -> EffectBody where S.Element == Event {
        EffectBody(synchronous: nil, asynchronous: nil) { input, emitter in
            await emitter.emitEvery(of: effect(input))
            return nil
        }
    }

    /// Runs the effect for `input`: inline when it is synchronous and may run here, otherwise as
    /// a task. Returns the task's handle, or nil when it ran inline or has already ended.
    func run(_ input: Input, in context: FeedbackContext<Event>) -> EffectHandle? {
        if let synchronous, context.place == nil {
            context.emitResult { synchronous(input) }
            return nil
        }
        if let asynchronous {
            return context.start { _ in await asynchronous(input) }
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
        var asynchronousPullback: AsyncEffect<NewInput, Event>?
        if let asynchronous = self.asynchronous {
            asynchronousPullback = { input in await asynchronous(transform(input)) }
        }
        return EffectBody<NewInput, Event>(
            synchronous: synchronousPullback,
            asynchronous: asynchronousPullback,
            operation: { input, emitter in await operation(transform(input), emitter) })
    }
}

/// An async effect as the runtime calls it.
@usableFromInline
typealias AsyncEffect<Input, Event> = nonisolated(nonsending) @Sendable (Input) async -> Event?
