/// What only the drainer touches: the feedbacks as connected, and the events they returned while
/// the current state was delivered. The drainer is exclusive (one thread at a time holds the
/// `draining` flag, handed over under the lock), which is what makes this safe.
@usableFromInline
final class DrainerOwned<State: Sendable, Event: Sendable>: @unchecked Sendable {
    // Unchecked exclusivity: the drainer is the only thread that touches these (see above), and
    // a dynamic access check on every step costs more than the rest of a simple step.
    @exclusivity(unchecked) @usableFromInline var slots: [FeedbackSlot<State, Event>] = []
    /// The slots as one chain of calls (`SpinRuntime.feedbackChain(of:)`), or nil.
    @exclusivity(unchecked) @usableFromInline var feedbackChain: FeedbackChain<State, Event>?
    /// Events returned by synchronous feedbacks during the current delivery. They join the queue,
    /// in feedback order, under the lock the drain takes for its next step: one lock per step.
    @exclusivity(unchecked) @usableFromInline var pending = PendingEvents<Event>()
    /// The internal event the spin's source raised after the last step, reduced next (see
    /// `Spin.withInternalEvents(_:)`). Kept here rather than in the drain's locals: a spin without
    /// a source then carries nothing more from step to step.
    @exclusivity(unchecked) @usableFromInline var raised: QueuedEvent<Event>?
    /// Whether `raised` holds an event (see `RuntimeStateMachine.nextStep`).
    @exclusivity(unchecked) @usableFromInline var hasRaised = false
    /// The name of the source of the last raised event, for its step's origin.
    @exclusivity(unchecked) @usableFromInline var raisedSource = ""
    /// The last effect token handed out. Only the drainer starts effects (feedbacks ask for them
    /// while a state is delivered), so tokens need no lock: the state machine learns them at the
    /// drain's next step or at an effect's registration (`RuntimeStateMachine.settledThrough`).
    @exclusivity(unchecked) @usableFromInline var lastToken: UInt64 = 0
    /// The effect the reducer returned in the current step (`Reducer(effectful:)`), started after
    /// the step's delivery by `startReducerEffect()`.
    @exclusivity(unchecked) @usableFromInline var reducerEffect: ReducerEffect<Event>?
    /// The connection of the reducer's effects to the loop: their events' origin is the one after
    /// the last feedback (see `SpinRuntime.connect`).
    @exclusivity(unchecked) @usableFromInline var reducerEffectContext: FeedbackContext<Event>?
    /// Where an effect started at once on the drainer leaves its answer if it ends in its start.
    @usableFromInline let startAnswer = StartAnswer<Event>()
    /// Room for one state, where `AliasedStateDelivery` puts a bitwise alias of the current state
    /// for the feedback chain. It never holds an owned value: it is neither initialized nor
    /// deinitialized as one, only overwritten with the state's bytes.
    @usableFromInline let stateAlias: UnsafeMutablePointer<State>

    @usableFromInline
    init() {
        stateAlias = .allocate(capacity: 1)
    }

    /// The drain's reduction for a reducer that returns effects: it keeps the step's effect here,
    /// for `startReducerEffect()` once the state is delivered, and returns whether the state changed.
    func reduceStep(
        keepingEffectsOf reduce: @escaping @Sendable (inout State, Event) -> (Reducer<State, Event>.Outcome, ReducerEffect<Event>?),
        isSameState: (@Sendable (State, State) -> Bool)?
    ) -> @Sendable (inout State, Event) -> Bool {
        guard let isSameState else {
            return { state, event in
                let (outcome, effect) = reduce(&state, event)
                self.keepReducerEffect(effect)
                return outcome != .unchanged
            }
        }
        return { state, event in
            let previous = state
            let (outcome, effect) = reduce(&state, event)
            self.keepReducerEffect(effect)
            return outcome == .unknown ? !isSameState(previous, state) : outcome == .changed
        }
    }

    /// Keeps the effect the reducer returned in this step (after any it returned before in the
    /// same step, which only a reducer applied twice in a step could).
    func keepReducerEffect(_ effect: ReducerEffect<Event>?) {
        guard let effect else { return }
        reducerEffect = reducerEffect.map { .concatenate([$0, effect]) } ?? effect
    }

    /// Starts the effect the reducer returned in this step, if any, as an effect of the loop.
    func startReducerEffect() {
        guard let effect = reducerEffect else { return }
        reducerEffect = nil
        guard let context = reducerEffectContext else { return }
        _ = context.start { emitter in
            await effect.body(ReducerEffect.Sink(emitEvent: emitter.emit, reportError: emitter.reportFailure))
        }
    }

    deinit {
        stateAlias.deallocate()
    }

    /// Keeps what the internal-event source answered, to be reduced next.
    @inlinable
    func raise(_ answer: (event: Event, source: String)) {
        raised = QueuedEvent(event: answer.event, origin: QueuedEvent<Event>.internalOrigin, token: 0)
        raisedSource = answer.source
        hasRaised = true
    }
}

/// The feedbacks of a spin as one call: delivers a state and the event that produced it to each
/// in declaration order, keeping what synchronous ones return in the drainer's buffer.
///
/// The state is `inout` only so that it is passed by address: a state read from memory and passed
/// by value is copied for the call, a retain and a release of every reference in it, on every
/// step. No link writes it. What the drain passes is an alias of the runtime's state, made and
/// used only by `AliasedStateDelivery`, where its invariant is written. The event is not optional,
/// for the same reason: the drain always has one and passes it without a copy (the initial state
/// is delivered slot by slot).
@usableFromInline
typealias FeedbackChain<State: Sendable, Event: Sendable> = (inout State, Event, DrainerOwned<State, Event>) -> Void
