/// The connection between one feedback instance and the loop that runs it.
///
/// A class rather than a struct: generic code (the feedback instances) then reads its fields
/// through the instance's own metadata, without looking up `FeedbackContext<Event>` on every call.
/// An effect's `EffectEmitter` holds it, so that emitting needs nothing made per effect.
@usableFromInline
final class FeedbackContext<Event: Sendable>: Sendable {
    /// The runtime's operations. The closures hold the runtime weakly: the runtime owns its feedback
    /// instances, which own this context, and a gear listener may outlive the runtime, and then its
    /// events go nowhere.
    @usableFromInline let hooks: RuntimeHooks<Event>
    /// The feedback's index in declaration order; events it emits carry it as their origin.
    @usableFromInline let origin: Int
    /// Where the feedback asked its effects to run (`Feedback.execute(on:)`, or the spin's
    /// `execute(on:)`); synchronous effects then run as tasks there instead of inline.
    @usableFromInline let place: EffectPlace?
    /// The executor effect tasks started at once prefer: the virtual clock's serial executor, else
    /// the global one (nil).
    @usableFromInline let taskExecutor: (any TaskExecutor)?
    /// Whether each effect task is an `ActivityMember` on any clock, not only on a virtual one: so
    /// for the stream forms, whose one effect may wait for outside input on a `SpinInput`, which
    /// stops its member's count (one member per loop costs nothing that matters).
    @usableFromInline let effectTasksAreMembers: Bool

    init(
        hooks: RuntimeHooks<Event>, origin: Int, place: EffectPlace?, taskExecutor: (any TaskExecutor)?,
        effectTasksAreMembers: Bool
    ) {
        self.hooks = hooks
        self.origin = origin
        self.place = place
        self.taskExecutor = taskExecutor
        self.effectTasksAreMembers = effectTasksAreMembers
    }

    /// Runs `effect` now and queues the event it returns, if any. Only the loop's drainer calls
    /// this, from inside `FeedbackInstance.receive`.
    func emitResult(of effect: () -> Event?) {
        hooks.enqueueResult(effect, origin)
    }

    /// Asks for an effect task running `operation`, whose result is the effect's last event.
    /// Returns its handle, or nil when the effect has already ended (it answered during its start,
    /// or the loop has stopped): there is nothing left to cancel.
    func start(_ operation: @escaping EffectOperation<Event>) -> EffectHandle? {
        hooks.startEffect(self, operation)
    }

    func cancel(_ handle: EffectHandle) {
        hooks.cancelEffect(handle)
    }

    func emitFromListener(_ event: Event) {
        hooks.emitFromListener(event, origin)
    }
}

/// Starts an async function of a state as an effect of a feedback, its task calling the function
/// directly (`SpinRuntime.startEffect(_:state:effect:)`, made in the runtime's specialized
/// `start()` and handed to `Feedback.connect`).
@usableFromInline
typealias StateEffectStarter<State: Sendable, Event: Sendable> =
    @Sendable (FeedbackContext<Event>, State, @escaping AsyncEffect<State, Event>) -> EffectHandle?

/// An effect as the runtime runs it: given its emitter, it returns its last event.
@usableFromInline
typealias EffectOperation<Event: Sendable> = nonisolated(nonsending) @Sendable (EffectEmitter<Event>) async -> Event?

/// What a feedback instance can ask of its loop, as closures made in the runtime's inlinable
/// `start()`: they run code specialized for the client's State and Event. Through a protocol they
/// would run the runtime's generic code, which looks up type metadata on every call (a third of
/// the time of an asynchronous step).
@usableFromInline
struct RuntimeHooks<Event: Sendable>: Sendable {
    /// Runs a synchronous effect and queues the event it returns for the end of the delivery.
    let enqueueResult: @Sendable (_ effect: () -> Event?, _ origin: Int) -> Void
    /// Asks for an effect task of a feedback and returns its handle, or nil when it has already
    /// ended (see `FeedbackContext.start`).
    let startEffect: @Sendable (_ context: FeedbackContext<Event>, _ operation: @escaping EffectOperation<Event>) -> EffectHandle?
    /// Cancels a running effect and drops its queued events. Does nothing if it already ended.
    let cancelEffect: @Sendable (EffectHandle) -> Void
    /// Queues an event from outside any effect, as `emit(_:)` does, with a feedback as origin.
    let emitFromListener: @Sendable (_ event: Event, _ origin: Int) -> Void
    /// Queues an event an effect emitted (dropped once the effect `token` is cancelled).
    @usableFromInline let emitFromEffect: @Sendable (_ event: Event, _ origin: Int, _ token: UInt64) -> Void
    /// An effect task's effect ended with its last event (after suspending, or not started on the
    /// drainer): queued unless the effect was cancelled.
    @usableFromInline let finishEffect: @Sendable (_ token: UInt64, _ origin: Int, _ last: Event?) -> Void
    /// Reports an error an effect's sequence threw.
    @usableFromInline let reportFailure: @Sendable (_ error: any Error, _ origin: Int) -> Void

    @usableFromInline
    init(
        enqueueResult: @escaping @Sendable (() -> Event?, Int) -> Void,
        startEffect: @escaping @Sendable (FeedbackContext<Event>, @escaping EffectOperation<Event>) -> EffectHandle?,
        cancelEffect: @escaping @Sendable (EffectHandle) -> Void,
        emitFromListener: @escaping @Sendable (Event, Int) -> Void,
        emitFromEffect: @escaping @Sendable (Event, Int, UInt64) -> Void,
        finishEffect: @escaping @Sendable (UInt64, Int, Event?) -> Void,
        reportFailure: @escaping @Sendable (any Error, Int) -> Void
    ) {
        self.enqueueResult = enqueueResult
        self.startEffect = startEffect
        self.cancelEffect = cancelEffect
        self.emitFromListener = emitFromListener
        self.emitFromEffect = emitFromEffect
        self.finishEffect = finishEffect
        self.reportFailure = reportFailure
    }
}
