import Synchronization

/// Counts the work that can still make progress without time passing: loops that are draining their
/// queue and effect tasks that are runnable.
///
/// A runtime on a `VirtualClock` shares the clock's tracker, so that the clock knows when every
/// loop on it has settled and the next deadline may fire. Effects suspended in the virtual clock,
/// and stream feedbacks waiting for the next state, are not counted: nothing but time or a new
/// state can wake them.
@usableFromInline
package final class ActivityTracker: Sendable {
    private struct Counts {
        var busy = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let counts = Locked(Counts())

    init() {}

    /// The number of busy units right now.
    var busy: Int { counts.withLock { $0.busy } }

    /// One more unit of work is in progress.
    @usableFromInline
    package func enter() {
        counts.withLock { $0.busy += 1 }
    }

    /// One unit of work is done; wakes the waiters when none is left.
    @usableFromInline
    package func leave() {
        let waiters: [CheckedContinuation<Void, Never>] = counts.withLock { counts in
            counts.busy -= 1
            guard counts.busy <= 0 else { return [] }
            counts.busy = 0
            // In the order they began to wait.
            let waiters = counts.waiters.sorted { $0.key < $1.key }.map(\.value)
            counts.waiters = [:]
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns when nothing is busy, or at once when the calling task is cancelled (before or
    /// while it waits).
    func settled() async {
        let id: UInt64 = counts.withLock { counts in
            counts.nextWaiter += 1
            return counts.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow: Bool = counts.withLock { counts in
                    // Checked under the lock: a cancel handler that ran before found no waiter.
                    if counts.busy == 0 || Task.isCancelled { return true }
                    counts.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            counts.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
