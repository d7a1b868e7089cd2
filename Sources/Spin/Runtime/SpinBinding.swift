/// A two-way binding to part of a spin's state: reading gets the current value, writing emits an
/// event. Made by `SpinRuntime.binding(for:event:)`.
public struct SpinBinding<Value>: Sendable {
    private let get: @Sendable () -> Value
    private let set: @Sendable (Value) -> Void

    init(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The current value; setting it emits the bound event.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}
