import Observation

/// A running spin as an `Observable` object, for views that track what they read (SwiftUI's
/// `@Observable` models; on Linux, anything that uses `withObservationTracking`): the modern form
/// of Spin.Swift's `SwiftUISpin`.
///
/// `state` is the loop's state as last rendered; reading it inside `withObservationTracking` (or a
/// SwiftUI body) registers the read, and every new state of the loop notifies it. `emit(_:)` and
/// the bindings send events into the loop.
///
/// The conformance is written out rather than made by the `@Observable` macro: the state is
/// written by the loop's drainer, on whatever thread drains, and read by views on theirs, so it
/// lives behind a lock, which the macro's storage does not have. Notifications come from the
/// drainer, one state at a time, in order.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public final class ObservableSpin<State: Sendable, Event: Sendable>: Observable, Sendable {
    /// The loop this object shows.
    public let runtime: SpinRuntime<State, Event>
    private let registrar = ObservationRegistrar()
    private let storage: Locked<State>

    /// Follows `runtime`: `state` is its current state, then each new state. The runtime keeps
    /// this object weakly; keep it as long as views use it.
    public init(_ runtime: SpinRuntime<State, Event>) {
        self.runtime = runtime
        self.storage = Locked(runtime.state)
        runtime.render(on: self) { spin, state in spin.update(state) }
    }

    /// The loop's state, as last rendered. Reading it is tracked.
    public var state: State {
        registrar.access(self, keyPath: \.state)
        return storage.withLock { $0 }
    }

    /// Sends an event into the loop, as a UI does.
    public func emit(_ event: Event) {
        runtime.emit(event)
    }

    /// A two-way binding to part of the state: reading is tracked as a read of `state`, writing
    /// emits the event `event` makes of the new value.
    public func binding<Value>(
        for keyPath: KeyPath<State, Value> & Sendable,
        event: @escaping @Sendable (Value) -> Event
    ) -> SpinBinding<Value> {
        .to(keyPath, of: { [self] in state }, event: event, emit: { [self] in emit($0) })
    }

    /// A binding whose writes all emit `event`.
    public func binding<Value>(for keyPath: KeyPath<State, Value> & Sendable, event: Event) -> SpinBinding<Value> {
        binding(for: keyPath, event: { _ in event })
    }

    private func update(_ state: State) {
        registrar.withMutation(of: self, keyPath: \.state) {
            storage.withLock { $0 = state }
        }
    }
}
