#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps drains from nesting on one thread: a loop that becomes the drainer while the thread
/// already drains another loop (a gear delivery, an `emit` into another spin from a feedback)
/// does not drain on top of it; its drain is deferred to the thread's outermost drain, which runs
/// the deferred drains, in the order they were claimed, after each of its own steps.
///
/// So a chain of any length of spins feeding each other through gears runs in bounded stack:
/// each loop drains one level below the outermost one, never on top of the previous one.
///
/// One per thread (a drain never suspends, so it stays on its thread), only ever touched by its
/// thread.
@usableFromInline
final class DrainTrampoline: @unchecked Sendable {
    // @unchecked: only the owning thread touches an instance (it is thread-local).
    /// Whether a drain runs on this thread.
    @usableFromInline var isDraining = false
    /// Drains claimed while another one ran, in the order they were claimed.
    @usableFromInline var deferred = EventQueue<() -> Void>()
    /// The effect this thread is starting right now (`StartAnswer`): an effect task that ends on
    /// this thread while this is its token and slot ended during its start.
    @exclusivity(unchecked) @usableFromInline var startingToken: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline var startingSlot: ObjectIdentifier?

    init() {}

    /// This thread's trampoline.
    @usableFromInline
    static var current: DrainTrampoline {
        if let stored = pthread_getspecific(key) {
            return Unmanaged<DrainTrampoline>.fromOpaque(stored).takeUnretainedValue()
        }
        let trampoline = DrainTrampoline()
        pthread_setspecific(key, Unmanaged.passRetained(trampoline).toOpaque())
        return trampoline
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // Released when its thread ends.
        pthread_key_create(&key) { stored in
            guard let stored else { return }
            Unmanaged<DrainTrampoline>.fromOpaque(stored).release()
        }
        return key
    }()

    /// Runs the deferred drains until none is left, including those they defer in turn.
    @usableFromInline
    func runDeferred() {
        while let drain = deferred.popFirst() { drain() }
    }
}
