// Reducer composition, as Swivel composes its reducers: several reducers in turn, and a child
// reducer scoped into a part of the parent's state.
extension Reducer {
    private init(
        apply: @escaping @Sendable (inout State, Event) -> Outcome, needsComparison: Bool,
        reduceWithEffect: (@Sendable (inout State, Event) -> (Outcome, ReducerEffect<Event>?))? = nil
    ) {
        self.apply = apply
        self.needsComparison = needsComparison
        self.reportsChanges = nil
        self.reduceWithEffect = reduceWithEffect
    }

    /// The reduction with its effect, for any reducer (none for one that returns no effects).
    private var reductionWithEffect: @Sendable (inout State, Event) -> (Outcome, ReducerEffect<Event>?) {
        if let reduceWithEffect { return reduceWithEffect }
        let apply = self.apply
        return { state, event in (apply(&state, event), nil) }
    }

    /// Applies `reducers` in turn, each to the state the one before left. The state changed when
    /// any of them says it did; when one cannot tell, the runtime compares the states. The effects
    /// they return run one after the other, in the reducers' order (`ReducerEffect.concatenate`).
    public static func combine(_ reducers: [Reducer]) -> Reducer {
        let applies = reducers.map(\.apply)
        let apply: @Sendable (inout State, Event) -> Outcome = { state, event in
            var outcome = Outcome.unchanged
            for apply in applies {
                outcome = outcome.merged(with: apply(&state, event))
            }
            return outcome
        }
        let needsComparison = reducers.contains(where: \.needsComparison)
        guard reducers.contains(where: { $0.reduceWithEffect != nil }) else {
            return Reducer(apply: apply, needsComparison: needsComparison)
        }
        let reductions = reducers.map(\.reductionWithEffect)
        return Reducer(apply: apply, needsComparison: needsComparison, reduceWithEffect: { state, event in
            var outcome = Outcome.unchanged
            var effects: [ReducerEffect<Event>] = []
            for reduce in reductions {
                let (next, effect) = reduce(&state, event)
                outcome = outcome.merged(with: next)
                if let effect { effects.append(effect) }
            }
            return (outcome, effects.isEmpty ? nil : .concatenate(effects))
        })
    }

    /// Variadic form of `combine(_:)`.
    public static func combine(_ reducers: Reducer...) -> Reducer {
        combine(reducers)
    }

    /// Runs `child` on the part of the state at `keyPath`, for the events `event` maps to a child
    /// event (nil: the child ignores the event, which changes nothing). A child that returns
    /// effects needs `scope(state:event:embed:_:)`, which maps their events back: here its effects
    /// are not run.
    public static func scope<ChildState: Sendable, ChildEvent: Sendable>(
        state keyPath: WritableKeyPath<State, ChildState> & Sendable,
        event: @escaping @Sendable (Event) -> ChildEvent?,
        _ child: Reducer<ChildState, ChildEvent>
    ) -> Reducer {
        let apply = child.apply
        return Reducer(apply: { state, parentEvent in
            guard let childEvent = event(parentEvent) else { return .unchanged }
            return apply(&state[keyPath: keyPath], childEvent).converted()
        }, needsComparison: child.needsComparison)
    }

    /// `scope(state:event:_:)` for a child that returns effects: `embed` maps the events of the
    /// child's effects to the parent's events, which the loop reduces.
    public static func scope<ChildState: Sendable, ChildEvent: Sendable>(
        state keyPath: WritableKeyPath<State, ChildState> & Sendable,
        event: @escaping @Sendable (Event) -> ChildEvent?,
        embed: @escaping @Sendable (ChildEvent) -> Event,
        _ child: Reducer<ChildState, ChildEvent>
    ) -> Reducer {
        let scoped = scope(state: keyPath, event: event, child)
        guard let reduceWithEffect = child.reduceWithEffect else { return scoped }
        return Reducer(apply: scoped.apply, needsComparison: scoped.needsComparison, reduceWithEffect: { state, parentEvent in
            guard let childEvent = event(parentEvent) else { return (.unchanged, nil) }
            let (outcome, effect) = reduceWithEffect(&state[keyPath: keyPath], childEvent)
            return (outcome.converted(), effect?.map(embed))
        })
    }

    /// Runs `child`, whose events are the parent's, on the part of the state at `keyPath` (its
    /// effects too).
    public static func scope<ChildState: Sendable>(
        state keyPath: WritableKeyPath<State, ChildState> & Sendable,
        _ child: Reducer<ChildState, Event>
    ) -> Reducer {
        scope(state: keyPath, event: { $0 }, embed: { $0 }, child)
    }
}

extension Reducer.Outcome {
    /// The outcome of two reductions in turn: changed when either changed; unknown when either
    /// cannot tell and none changed.
    func merged(with next: Self) -> Self {
        switch (self, next) {
        case (.changed, _), (_, .changed): .changed
        case (.unknown, _), (_, .unknown): .unknown
        case (.unchanged, .unchanged): .unchanged
        }
    }

    /// The same outcome of a child reducer, seen from its parent (the types differ by generics).
    func converted<ParentState, ParentEvent>() -> Reducer<ParentState, ParentEvent>.Outcome {
        switch self {
        case .changed: .changed
        case .unchanged: .unchanged
        case .unknown: .unknown
        }
    }
}
