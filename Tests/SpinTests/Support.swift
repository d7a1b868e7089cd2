import Synchronization
@testable import Spin

/// A thread-safe log for recording what effects and reducers saw.
final class Recorder<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])

    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    var values: [Element] { storage.withLock { $0 } }
}

/// Holds a value set after creation (for effects that need the runtime that runs them).
final class LateBox<Value: Sendable>: Sendable {
    private let storage = Locked<Value?>(nil)

    func set(_ value: Value) {
        storage.withLock { $0 = value }
    }

    var value: Value? { storage.withLock { $0 } }
}

/// Runs a spin to completion on a virtual clock and returns the runtime.
func runToIdle<State: Sendable, Event: Sendable>(_ spin: Spin<State, Event>) async -> SpinRuntime<State, Event> {
    let runtime = SpinRuntime(spin, clock: VirtualClock())
    runtime.start()
    await runtime.awaitIdle()
    return runtime
}
