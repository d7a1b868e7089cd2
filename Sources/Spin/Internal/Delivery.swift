/// A reduced event and what its observers need, copied under the lock and handed to them
/// without it: `onStep` observers always, the `states` channels and renders only for a changed
/// state (their arrays are empty otherwise). Made only for steps that have observers.
@usableFromInline
struct Delivery<State: Sendable, Event: Sendable> {
    @usableFromInline let state: State
    @usableFromInline let event: Event
    @usableFromInline let origin: Int
    @usableFromInline let changed: Bool
    @usableFromInline let step: Int
    @usableFromInline let channels: [StateChannel<State>]
    @usableFromInline let renders: [RenderObserver<State>]
    @usableFromInline let stepObservers: [@Sendable (SpinStep<State, Event>) -> Void]

    @inlinable
    init(
        state: State, event: Event, origin: Int, changed: Bool, step: Int,
        channels: [StateChannel<State>], renders: [RenderObserver<State>],
        stepObservers: [@Sendable (SpinStep<State, Event>) -> Void]
    ) {
        self.state = state
        self.event = event
        self.origin = origin
        self.changed = changed
        self.step = step
        self.channels = channels
        self.renders = renders
        self.stepObservers = stepObservers
    }
}
