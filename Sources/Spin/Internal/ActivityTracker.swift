import Synchronization

/// Counts the work that can still make progress without time passing: loops that are draining their
/// queue and effect tasks that are runnable.
///
/// A runtime on a `VirtualClock` shares the clock's tracker, so that the clock knows when every
/// loop on it has settled and the next deadline may fire. Effects suspended in the virtual clock,
/// and stream feedbacks waiting for the next state, are not counted: nothing but time or a new
/// state can wake them.
///
/// The count is an atomic, so that entering and leaving (twice per effect) take no lock; the lock
/// guards only the waiters. A leave that brings the count to zero wakes them under the lock, after
/// checking the count again there: a unit entered meanwhile keeps them waiting, and a waiter reads
/// the count under the same lock, so none misses the last leave.
@usableFromInline
package final class ActivityTracker: Sendable {
    private struct Waiters {
        var byID: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextID: UInt64 = 0
    }

    private let count = Atomic<Int>(0)
    private let waiters = Locked(Waiters())

    init() {}

    /// The number of busy units right now.
    var busy: Int { count.load(ordering: .sequentiallyConsistent) }

    /// One more unit of work is in progress.
    @usableFromInline
    package func enter() {
        count.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// One unit of work is done; wakes the waiters when none is left.
    @usableFromInline
    package func leave() {
        guard count.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue <= 0 else { return }
        let woken: [CheckedContinuation<Void, Never>] = waiters.withLock { waiters in
            guard busy <= 0, !waiters.byID.isEmpty else { return [] }
            // In the order they began to wait.
            let woken = waiters.byID.sorted { $0.key < $1.key }.map(\.value)
            waiters.byID = [:]
            return woken
        }
        for waiter in woken { waiter.resume() }
    }

    /// Returns when nothing is busy, or at once when the calling task is cancelled (before or
    /// while it waits).
    func settled() async {
        let id: UInt64 = waiters.withLock { waiters in
            waiters.nextID += 1
            return waiters.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow: Bool = waiters.withLock { waiters in
                    // Checked under the lock: a cancel handler that ran before found no waiter,
                    // and a leave to zero wakes under this lock after this check.
                    if busy <= 0 || Task.isCancelled { return true }
                    waiters.byID[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            waiters.withLock { $0.byID.removeValue(forKey: id) }?.resume()
        }
    }
}
