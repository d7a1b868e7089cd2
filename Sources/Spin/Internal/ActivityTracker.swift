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
        var waiters: [CheckedContinuation<Void, Never>] = []
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
            let waiters = counts.waiters
            counts.waiters = []
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns when nothing is busy.
    func settled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow: Bool = counts.withLock { counts in
                if counts.busy == 0 { return true }
                counts.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
