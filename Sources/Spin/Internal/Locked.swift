#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex (shared with SpinDSL through `package` access).
///
/// Used instead of `Synchronization.Mutex` because the thread sanitizer understands pthread
/// mutexes: on Linux `Mutex` is built on raw futexes, and TSan reports every access it guards as a
/// race, which would hide real ones.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched between lock and unlock of `mutex`. It lives behind a
    // pointer rather than in a stored `var`, so that accessing it needs no dynamic exclusivity
    // check (the mutex already makes access exclusive).
    @usableFromInline let value: UnsafeMutablePointer<Value>
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init(_ value: Value) {
        self.value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Takes the lock, for a caller that works on `value` itself (a hot loop that would otherwise
    /// return a large result out of `withLock`). Every `lock()` is followed by one `unlock()`.
    @inlinable
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the lock taken by `lock()`.
    @inlinable
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
