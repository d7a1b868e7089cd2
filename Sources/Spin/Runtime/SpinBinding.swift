/// A two-way binding to part of a spin's state: reading gets the current value, writing emits an
/// event. Made by `SpinRuntime.binding(for:event:)`.
public struct SpinBinding<Value>: Sendable {
    private let get: @Sendable () -> Value
    private let set: @Sendable (Value) -> Void

    init(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// A binding to the part at `keyPath` of the state `read` returns, whose writes emit the event
    /// `event` makes of the new value.
    static func to<State, Event>(
        _ keyPath: KeyPath<State, Value> & Sendable,
        of read: @escaping @Sendable () -> State,
        event: @escaping @Sendable (Value) -> Event,
        emit: @escaping @Sendable (Event) -> Void
    ) -> SpinBinding {
        SpinBinding(get: { read()[keyPath: keyPath] }, set: { emit(event($0)) })
    }

    /// The current value; setting it emits the bound event.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}
