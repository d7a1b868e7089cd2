import Synchronization

/// A boolean that can be read, set and cleared from any thread.
@usableFromInline
final class AtomicFlag: Sendable {
    @usableFromInline let storage: Atomic<Bool>

    @usableFromInline
    init(_ value: Bool) {
        storage = Atomic(value)
    }

    @inlinable var value: Bool { storage.load(ordering: .acquiring) }

    @usableFromInline
    func set() {
        storage.store(true, ordering: .releasing)
    }

    func clear() {
        storage.store(false, ordering: .releasing)
    }
}
