import Spin

/// Timed inputs of one spin added before a run starts (`spinrun --events`).
final class InputSchedule: Sendable {
    private let storage = Locked<[(at: Duration, event: SpecEvent)]>([])

    func add(_ event: SpecEvent, at time: Duration) {
        storage.withLock { $0.append((time, event)) }
    }

    var events: [(at: Duration, event: SpecEvent)] { storage.withLock { $0 } }
}
