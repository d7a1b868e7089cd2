import Synchronization

/// A boolean that can be read and cleared from any thread.
final class AtomicFlag: Sendable {
    private let storage: Atomic<Bool>

    init(_ value: Bool) {
        storage = Atomic(value)
    }

    var value: Bool { storage.load(ordering: .acquiring) }

    func clear() {
        storage.store(false, ordering: .releasing)
    }
}
