/// A render callback; `call` returns false once its container is gone.
@usableFromInline
final class RenderObserver<State: Sendable>: Sendable {
    @usableFromInline let call: @Sendable (State) -> Bool
    private let alive = AtomicFlag(true)

    init(call: @escaping @Sendable (State) -> Bool) {
        self.call = { [alive] state in
            let isAlive = call(state)
            if !isAlive { alive.clear() }
            return isAlive
        }
    }

    @usableFromInline var isAlive: Bool { alive.value }
}
