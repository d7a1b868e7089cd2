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

/// Holds a runtime set after creation, for effects that need the runtime that runs them. Weakly:
/// the runtime holds its spin, whose feedbacks hold this box.
final class LateBox<Value: AnyObject & Sendable>: Sendable {
    private let storage = Locked<WeakReference<Value>>(WeakReference())

    func set(_ value: Value) {
        storage.withLock { $0.object = value }
    }

    var value: Value? { storage.withLock { $0.object } }
}

/// A weak reference as a value.
struct WeakReference<Object: AnyObject> {
    weak var object: Object?
}

/// Runs a spin to completion on a virtual clock and returns the runtime.
func runToIdle<State: Sendable, Event: Sendable>(_ spin: Spin<State, Event>) async -> SpinRuntime<State, Event> {
    let runtime = SpinRuntime(spin, clock: VirtualClock())
    runtime.start()
    await runtime.awaitIdle()
    return runtime
}
