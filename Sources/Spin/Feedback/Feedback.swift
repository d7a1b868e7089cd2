/// The only place for side effects in a spin: turns the states of the loop into events.
///
/// A feedback is a description; each `SpinRuntime` that runs it makes its own instance, so one
/// `Feedback` value can serve many loops. The many initializers cover the shapes found in
/// Spin.Swift, ReactiveCocoa/Loop and RxFeedback:
///
/// - state effects: `(State) -> Event?`, `(State) async -> Event?`, `(State) -> some AsyncSequence`,
///   each with an `ExecutionStrategy`;
/// - `filteredBy:`, `lensingOn:`, `skippingRepeated:`, `whenBecomesTrue:`, `firstValueAfterNil:`,
///   keyed `requests:`, and `eventAware:` effects that also see the event that produced the state;
/// - the stream form `(SpinStates<State>) -> some AsyncSequence`;
/// - dependencies passed at construction (`dependencies:`), and gear feedbacks (`attachedTo:`).
///
/// Synchronous effects run inline while the state is delivered, so their events are queued before
/// the next event is reduced; asynchronous effects run as tasks.
public struct Feedback<State: Sendable, Event: Sendable>: Sendable, EffectPlacing {
    /// Makes the instance that runs in one loop, given its connection to the loop, the loop's
    /// tracker and the loop's starter of async state effects.
    let connect: @Sendable (FeedbackContext<Event>, ActivityTracker, @escaping StateEffectStarter<State, Event>)
        -> any FeedbackInstance<State, Event>

    /// A name for traces and diagnostics; `feedback#N` when nil.
    public private(set) var name: String?

    /// Where the effects run, when set by `execute(on:)`.
    public private(set) var place: EffectPlace?

    /// The task executor the effects run on, when `execute(on:)` gave one.
    public var executor: (any TaskExecutor)? { place?.taskExecutor }

    /// For a feedback that is one synchronous function of the delivered state (and the event that
    /// produced it), that function. The runtime then calls it straight from its drain, without a
    /// feedback instance in between: the common case costs one call per step. Ignored with
    /// `execute(on:)`, where the effect runs as a task.
    @usableFromInline private(set) var inline: (@Sendable (State, Event?) -> Event?)?

    /// For a feedback that is one synchronous function of the delivered state alone, that
    /// function, called as is (such a feedback has no `inline` function: it would only adapt
    /// this one to the event parameter).
    @usableFromInline private(set) var plain: (@Sendable (State) -> Event?)?

    /// Whether the feedback runs one effect for the life of the loop (the stream forms), which may
    /// wait for outside input (see `FeedbackContext.effectTasksAreMembers`).
    private(set) var runsForTheLoopsLife = false

    init(connect: @escaping @Sendable (FeedbackContext<Event>, ActivityTracker) -> any FeedbackInstance<State, Event>) {
        self.connect = { context, tracker, _ in connect(context, tracker) }
    }

    /// A feedback that runs one effect for the life of the loop (`runsForTheLoopsLife`).
    static func runningForTheLoopsLife(
        _ connect: @escaping @Sendable (FeedbackContext<Event>, ActivityTracker) -> any FeedbackInstance<State, Event>
    ) -> Feedback {
        var feedback = Feedback(connect: connect)
        feedback.runsForTheLoopsLife = true
        return feedback
    }

    init(
        connect: @escaping @Sendable (FeedbackContext<Event>, ActivityTracker, @escaping StateEffectStarter<State, Event>)
            -> any FeedbackInstance<State, Event>
    ) {
        self.connect = connect
    }

    /// The same feedback with a name, shown as the origin of its events in steps and traces.
    public func named(_ name: String) -> Feedback {
        var copy = self
        copy.name = name
        return copy
    }

    /// The same feedback with its effects run at `place` (see `EffectPlace`). Synchronous effects
    /// then run as tasks there too, instead of inline. The fairness rule holds there as well: the
    /// next event waits until each of the state's effects has run there until it first suspends or
    /// ends (docs/semantics.md).
    public func execute(on place: EffectPlace) -> Feedback {
        var copy = self
        copy.place = place
        return copy
    }
}

extension Feedback {
    /// A feedback that runs `body` on the input selected from every delivered state.
    static func perState<Input: Sendable>(
        strategy: ExecutionStrategy,
        rejectedStatesCancel: Bool = true,
        select: @escaping @Sendable (State, Event?) -> Input?,
        body: EffectBody<Input, Event>
    ) -> Feedback {
        var feedback = Feedback { context, _ in
            PerStateFeedbackInstance(
                context: context, strategy: strategy, rejectedStatesCancel: rejectedStatesCancel, select: select, body: body)
        }
        // A synchronous effect never leaves anything running, so the strategy cannot matter.
        if let synchronous = body.synchronous {
            feedback.inline = { state, cause in select(state, cause).flatMap(synchronous) }
        }
        return feedback
    }

    /// A feedback on every state, unfiltered.
    static func onEveryState(strategy: ExecutionStrategy, body: EffectBody<State, Event>) -> Feedback {
        if let asynchronous = body.asynchronous {
            return Feedback { context, _, start in
                AsyncStateFeedbackInstance(context: context, strategy: strategy, effect: asynchronous, start: start)
            }
        }
        var feedback = perState(strategy: strategy, select: { state, _ in state }, body: body)
        if let synchronous = body.synchronous {
            feedback.plain = synchronous
        }
        return feedback
    }

    /// A feedback on the states a predicate accepts.
    static func onStates(
        filteredBy predicate: @escaping @Sendable (State) -> Bool,
        strategy: ExecutionStrategy,
        rejectedStatesCancel: Bool = true,
        body: EffectBody<State, Event>
    ) -> Feedback {
        perState(
            strategy: strategy, rejectedStatesCancel: rejectedStatesCancel,
            select: { state, _ in predicate(state) ? state : nil }, body: body)
    }

    /// An asynchronous effect started on the states `trigger` accepts, where only another
    /// accepted state is new for it: a state `trigger` rejects leaves a running effect alone
    /// (SpinDSL's `when:` and `in:` rules: "a new trigger cancels the pending action").
    package init(
        effect: nonisolated(nonsending) @escaping @Sendable (State) async -> Event?,
        triggeredBy trigger: @escaping @Sendable (State) -> Bool,
        strategy: ExecutionStrategy
    ) {
        self = .onStates(filteredBy: trigger, strategy: strategy, rejectedStatesCancel: false, body: .async(effect))
    }
}
