// Effects that react to changes rather than to every state (ReactiveCocoa/Loop's variants).
extension Feedback {
    private static func onChange<Value: Equatable & Sendable>(
        _ derive: @escaping @Sendable (State) -> Value,
        body: EffectBody<Value, Event>
    ) -> Feedback {
        Feedback { context, _ in ChangeFeedbackInstance(context: context, derive: derive, input: { $0 }, body: body) }
    }

    private static func onNonNilChange<Value: Equatable & Sendable>(
        _ derive: @escaping @Sendable (State) -> Value?,
        body: EffectBody<Value, Event>
    ) -> Feedback {
        Feedback { context, _ in ChangeFeedbackInstance(context: context, derive: derive, input: { $0 }, body: body) }
    }

    private static func onRisingEdge<Value: Sendable>(
        _ derive: @escaping @Sendable (State) -> Value?,
        body: EffectBody<Value, Event>
    ) -> Feedback {
        Feedback { context, _ in RisingEdgeFeedbackInstance(context: context, derive: derive, body: body) }
    }

    /// Runs the effect only when the value derived from the state differs from the previous one
    /// (the first state always runs it). A new value cancels the effect of the previous one.
    public init<Value: Equatable & Sendable>(
        skippingRepeated derive: @escaping @Sendable (State) -> Value,
        effect: @escaping @Sendable (Value) -> Event?
    ) {
        self = .onChange(derive, body: .sync(effect))
    }

    /// Asynchronous form of `init(skippingRepeated:effect:)`.
    public init<Value: Equatable & Sendable>(
        skippingRepeated derive: @escaping @Sendable (State) -> Value,
        effect: nonisolated(nonsending) @escaping @Sendable (Value) async -> Event?
    ) {
        self = .onChange(derive, body: .async(effect))
    }

    /// Sequence form of `init(skippingRepeated:effect:)`.
    public init<Value: Equatable & Sendable, S: AsyncSequence & Sendable>(
        skippingRepeated derive: @escaping @Sendable (State) -> Value,
        effect: @escaping @Sendable (Value) -> S
    ) where S.Element == Event {
        self = .onChange(derive, body: .sequence(effect))
    }

    /// The nil-skipping form of `init(skippingRepeated:effect:)` (Loop's `skippingRepeated` on an
    /// optional): runs the effect when the derived value changes to a value that is not nil. A
    /// change to nil cancels the effect of the previous value and runs nothing.
    public init<Value: Equatable & Sendable>(
        skippingRepeatedNonNil derive: @escaping @Sendable (State) -> Value?,
        effect: @escaping @Sendable (Value) -> Event?
    ) {
        self = .onNonNilChange(derive, body: .sync(effect))
    }

    /// Asynchronous form of `init(skippingRepeatedNonNil:effect:)`.
    public init<Value: Equatable & Sendable>(
        skippingRepeatedNonNil derive: @escaping @Sendable (State) -> Value?,
        effect: nonisolated(nonsending) @escaping @Sendable (Value) async -> Event?
    ) {
        self = .onNonNilChange(derive, body: .async(effect))
    }

    /// Sequence form of `init(skippingRepeatedNonNil:effect:)`.
    public init<Value: Equatable & Sendable, S: AsyncSequence & Sendable>(
        skippingRepeatedNonNil derive: @escaping @Sendable (State) -> Value?,
        effect: @escaping @Sendable (Value) -> S
    ) where S.Element == Event {
        self = .onNonNilChange(derive, body: .sequence(effect))
    }

    /// Starts the effect, with the state as a snapshot, when `predicate` becomes true, and cancels
    /// it when the predicate becomes false. Fires on the initial state if it already qualifies;
    /// states while the predicate stays true do not restart it.
    public init<S: AsyncSequence & Sendable>(
        whenBecomesTrue predicate: @escaping @Sendable (State) -> Bool,
        effect: @escaping @Sendable (State) -> S
    ) where S.Element == Event {
        self = .onRisingEdge({ predicate($0) ? $0 : nil }, body: .sequence(effect))
    }

    /// Asynchronous form of `init(whenBecomesTrue:effect:)`.
    public init(
        whenBecomesTrue predicate: @escaping @Sendable (State) -> Bool,
        effect: nonisolated(nonsending) @escaping @Sendable (State) async -> Event?
    ) {
        self = .onRisingEdge({ predicate($0) ? $0 : nil }, body: .async(effect))
    }

    /// Synchronous form of `init(whenBecomesTrue:effect:)`: emits once per rising edge.
    public init(
        whenBecomesTrue predicate: @escaping @Sendable (State) -> Bool,
        effect: @escaping @Sendable (State) -> Event?
    ) {
        self = .onRisingEdge({ predicate($0) ? $0 : nil }, body: .sync(effect))
    }

    /// Starts the effect with the first non-nil value derived from the state after a nil (or on the
    /// initial state), and cancels it when the value becomes nil again.
    public init<Value: Sendable, S: AsyncSequence & Sendable>(
        firstValueAfterNil derive: @escaping @Sendable (State) -> Value?,
        effect: @escaping @Sendable (Value) -> S
    ) where S.Element == Event {
        self = .onRisingEdge(derive, body: .sequence(effect))
    }

    /// Asynchronous form of `init(firstValueAfterNil:effect:)`.
    public init<Value: Sendable>(
        firstValueAfterNil derive: @escaping @Sendable (State) -> Value?,
        effect: nonisolated(nonsending) @escaping @Sendable (Value) async -> Event?
    ) {
        self = .onRisingEdge(derive, body: .async(effect))
    }

    /// Synchronous form of `init(firstValueAfterNil:effect:)`.
    public init<Value: Sendable>(
        firstValueAfterNil derive: @escaping @Sendable (State) -> Value?,
        effect: @escaping @Sendable (Value) -> Event?
    ) {
        self = .onRisingEdge(derive, body: .sync(effect))
    }
}
