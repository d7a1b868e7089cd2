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

/// A one-shot gate an effect can wait on; it ignores cancellation on purpose.
final class Gate: Sendable {
    private let storage = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    init() {}
    func open() {
        let waiters = storage.withLock { storage in
            storage.open = true
            let waiters = storage.waiters
            storage.waiters = []
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = storage.withLock { storage in
                if storage.open { return true }
                storage.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}

/// A `SpinStep` reduced to comparable fields.
struct StepRecord<S: Equatable & Sendable, E: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible {
    let number: Int
    let event: E
    let origin: EventOrigin
    let state: S
    let changed: Bool
    var description: String { "#\(number) \(event) from \(origin) -> \(state)\(changed ? "" : " (unchanged)")" }
}

/// Records every step of `runtime` from now on.
func recordSteps<S: Equatable & Sendable, E: Equatable & Sendable>(
    _ runtime: SpinRuntime<S, E>
) -> Recorder<StepRecord<S, E>> {
    let recorder = Recorder<StepRecord<S, E>>()
    runtime.onStep { step in
        recorder.append(StepRecord(
            number: step.number, event: step.event, origin: step.origin,
            state: step.state, changed: step.changed))
    }
    return recorder
}
