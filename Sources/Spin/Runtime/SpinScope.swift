/// A projection of a running loop onto one part of an app: a sub-state to read and observe, and
/// sub-events to emit. Made by `SpinRuntime.scoped(to:event:)`.
public struct SpinScope<State: Sendable, Event: Sendable>: Sendable {
    private let currentState: @Sendable () -> State
    private let makeStates: @Sendable () -> SpinStates<State>
    private let send: @Sendable (Event) -> Void

    init(
        currentState: @escaping @Sendable () -> State,
        states: @escaping @Sendable () -> SpinStates<State>,
        emit: @escaping @Sendable (Event) -> Void
    ) {
        self.currentState = currentState
        self.makeStates = states
        self.send = emit
    }

    /// The current sub-state.
    public var state: State { currentState() }

    /// The sub-state of every state of the loop, starting with the current one.
    public var states: SpinStates<State> { makeStates() }

    /// Emits a sub-event into the loop.
    public func emit(_ event: Event) {
        send(event)
    }

    /// A narrower projection of this one.
    public func scoped<SubState: Sendable, SubEvent: Sendable>(
        to project: @escaping @Sendable (State) -> SubState,
        event embed: @escaping @Sendable (SubEvent) -> Event
    ) -> SpinScope<SubState, SubEvent> {
        SpinScope<SubState, SubEvent>(
            currentState: { project(currentState()) },
            states: { makeStates().mapStates(project) },
            emit: { send(embed($0)) })
    }
}

extension SpinStates {
    /// The same sequence with each state transformed, as a `SpinStates` again. A task forwards the
    /// values; it ends when the source ends or nobody holds the result.
    func mapStates<Mapped: Sendable>(_ transform: @escaping @Sendable (State) -> Mapped) -> SpinStates<Mapped> {
        let mapped = StateChannel<Mapped>(tracker: nil)
        let source = channel
        Task {
            while let state = await source.next() {
                mapped.send(transform(state))
            }
            mapped.finish()
        }
        return SpinStates<Mapped>(channel: mapped)
    }
}
