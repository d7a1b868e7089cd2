/// The value a `changes` rule watches, compared by value only; the state rides along so that the
/// action sees the state that changed it.
struct WatchedValue: Equatable, Sendable {
    let state: SpecState
    let value: SpinValue?

    static func == (lhs: WatchedValue, rhs: WatchedValue) -> Bool {
        lhs.value == rhs.value
    }
}
