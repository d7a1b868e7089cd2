// Reducer composition, as Swivel composes its reducers: several reducers in turn, and a child
// reducer scoped into a part of the parent's state.
extension Reducer {
    private init(apply: @escaping @Sendable (inout State, Event) -> Outcome, needsComparison: Bool) {
        self.apply = apply
        self.needsComparison = needsComparison
        self.reportsChanges = nil
    }

    /// Applies `reducers` in turn, each to the state the one before left. The state changed when
    /// any of them says it did; when one cannot tell, the runtime compares the states.
    public static func combine(_ reducers: [Reducer]) -> Reducer {
        let applies = reducers.map(\.apply)
        return Reducer(apply: { state, event in
            var outcome = Outcome.unchanged
            for apply in applies {
                switch apply(&state, event) {
                case .changed: outcome = .changed
                case .unknown where outcome == .unchanged: outcome = .unknown
                case .unknown, .unchanged: break
                }
            }
            return outcome
        }, needsComparison: reducers.contains(where: \.needsComparison))
    }

    /// Variadic form of `combine(_:)`.
    public static func combine(_ reducers: Reducer...) -> Reducer {
        combine(reducers)
    }

    /// Runs `child` on the part of the state at `keyPath`, for the events `event` maps to a child
    /// event (nil: the child ignores the event, which changes nothing).
    public static func scope<ChildState: Sendable, ChildEvent: Sendable>(
        state keyPath: WritableKeyPath<State, ChildState> & Sendable,
        event: @escaping @Sendable (Event) -> ChildEvent?,
        _ child: Reducer<ChildState, ChildEvent>
    ) -> Reducer {
        let apply = child.apply
        return Reducer(apply: { state, parentEvent in
            guard let childEvent = event(parentEvent) else { return .unchanged }
            return switch apply(&state[keyPath: keyPath], childEvent) {
            case .changed: .changed
            case .unchanged: .unchanged
            case .unknown: .unknown
            }
        }, needsComparison: child.needsComparison)
    }

    /// Runs `child`, whose events are the parent's, on the part of the state at `keyPath`.
    public static func scope<ChildState: Sendable>(
        state keyPath: WritableKeyPath<State, ChildState> & Sendable,
        _ child: Reducer<ChildState, Event>
    ) -> Reducer {
        scope(state: keyPath, event: { $0 }, child)
    }
}
