/// Observing a runtime from outside: a view rendered on each state, the steps, effects' failures,
/// bindings for controls, and a scope onto part of the state.
extension SpinRuntime {
    /// Calls `render` with the current state and then with every new state, as long as
    /// `container` is alive; the runtime holds it weakly. Calls come from the loop's drainer, one
    /// at a time and in order.
    public func render<Container: AnyObject & Sendable>(
        on container: Container,
        using render: @escaping @Sendable (Container, State) -> Void
    ) {
        let observer = RenderObserver<State> { [weak container] state in
            guard let container else { return false }
            render(container, state)
            return true
        }
        // Only the drainer calls render callbacks, so that they never run concurrently or out of
        // order; when no one drains, this thread becomes the drainer for a moment.
        if claim({ $0.addRender(observer) }) { drain() }
    }

    /// `render(on:using:)` on the main actor: calls `render` there with the current state and then
    /// with every new state, in the order of the states, as long as `container` is alive (held
    /// weakly). A `@MainActor` view renders without hops of its own: when the loop's drainer is on
    /// the main actor the state renders at once; otherwise the rendering is enqueued on the main
    /// actor (each hop renders every state waiting, in order). (A label of its own: Swift does not
    /// choose between overloads by the isolation of a closure.)
    public func render<Container: AnyObject & Sendable>(
        onMainActor container: Container,
        using render: @escaping @MainActor @Sendable (Container, State) -> Void
    ) {
        let renderer = MainActorRenderer(container: container, render: render)
        let observer = RenderObserver<State> { state in renderer.send(state) }
        if claim({ $0.addRender(observer) }) { drain() }
    }

    /// Calls `observer` for every reduced event, including those that changed nothing, before the
    /// new state reaches the feedbacks. Used by tracers and by `SpinTestStore`.
    public func onStep(_ observer: @escaping @Sendable (SpinStep<State, Event>) -> Void) {
        machine.withLock { $0.stepObservers.append(observer) }
    }

    /// Calls `observer` with every error an effect's sequence throws (the effect ends there; the
    /// events it produced before stand). An effect's own cancellation is not a failure. Calls come
    /// from the failing effect's task.
    public func onEffectFailure(_ observer: @escaping @Sendable (SpinEffectFailure) -> Void) {
        failureObservers.withLock { $0.append(observer) }
    }

    /// Reports an effect's failure to the `onEffectFailure` observers.
    @usableFromInline
    func reportFailure(_ error: any Error, origin: Int) {
        let failure = SpinEffectFailure(origin: self.origin(origin), error: error)
        for observer in failureObservers.withLock({ $0 }) { observer(failure) }
    }

    /// A two-way binding to a part of the state: reading gets the current value, writing emits the
    /// event `event` makes of the new value (SwiftUISpin's `binding(for:event:)`).
    public func binding<Value>(
        for keyPath: KeyPath<State, Value> & Sendable,
        event: @escaping @Sendable (Value) -> Event
    ) -> SpinBinding<Value> {
        .to(keyPath, of: { [self] in state }, event: event, emit: { [self] in emit($0) })
    }

    /// A binding whose writes all emit the same `event`, whatever the value written (SwiftUISpin's
    /// `binding(for:event:)` with an event value, for a toggle or a button-like control).
    public func binding<Value>(for keyPath: KeyPath<State, Value> & Sendable, event: Event) -> SpinBinding<Value> {
        binding(for: keyPath, event: { _ in event })
    }

    /// A projection of the loop for one part of an app: it sees a sub-state and emits its own
    /// events, which `embed` turns into events of this loop (Loop's `scoped(to:event:)`).
    public func scoped<SubState: Sendable, SubEvent: Sendable>(
        to project: @escaping @Sendable (State) -> SubState,
        event embed: @escaping @Sendable (SubEvent) -> Event
    ) -> SpinScope<SubState, SubEvent> {
        SpinScope(
            currentState: { [self] in project(state) },
            states: { [self] in states.mapStates(project) },
            emit: { [self] in emit(embed($0)) })
    }
}
