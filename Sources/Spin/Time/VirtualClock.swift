import Synchronization

/// A clock whose time moves only when it is told to, so that delayed effects run instantly and in
/// the same order every time.
///
/// Give it to a `SpinRuntime`; effects sleep on it through `SpinClock.sleep(for:)`. Then
/// `advance(by:)` moves time forward: each sleeper whose deadline is reached wakes in deadline
/// order (ties in the order they went to sleep), and the clock waits for every loop on it to settle
/// before it wakes the next one. Effects of runtimes on a virtual clock run one at a time on the
/// clock's serial executor, which makes a run reproducible.
public final class VirtualClock: Clock, Sendable {
    /// A point in virtual time: the duration since the clock was created.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
        /// Time elapsed since the clock started.
        public var offset: Duration

        /// Creates an instant at the given offset from the start.
        public init(offset: Duration) { self.offset = offset }

        /// This instant moved by `duration`.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Earlier instants compare less.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        /// The sleeping task's share of this clock's tracker, if it is counted by it.
        let member: ActivityMember?
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Storage {
        var now = Instant(offset: .zero)
        /// In wake order: deadline, then the order they went to sleep.
        var sleepers = SleeperQueue<Sleeper>()
        var nextSequence: UInt64 = 0
    }

    private let storage = Locked(Storage())
    /// The work of every loop on this clock; the clock fires a deadline only when it is zero.
    let tracker = ActivityTracker()
    /// Runs the effects of loops on this clock one at a time, in the order they were started.
    package let executor = SerialTaskExecutor(label: "spin.virtual-clock")

    /// Creates a clock at time zero.
    public init() {}

    /// The current virtual time.
    public var now: Instant { storage.withLock { $0.now } }

    /// The smallest step; virtual time is exact.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// The earliest deadline of a sleeping effect, if any.
    public var nextDeadline: Instant? {
        storage.withLock { $0.sleepers.nextDeadline() }
    }

    /// How many tasks are sleeping on this clock (for tests).
    var sleeperCount: Int { storage.withLock { $0.sleepers.count } }

    /// Whether any effect is sleeping on this clock.
    public var hasPendingTimers: Bool { storage.withLock { !$0.sleepers.isEmpty } }

    /// Suspends until virtual time reaches `deadline`, or throws `CancellationError` when the
    /// task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        // Only tasks of loops on this clock are counted as work; any other task may sleep here
        // too without disturbing the count.
        let member = ActivityMember.current.flatMap { $0.tracker === tracker ? $0 : nil }
        let id: UInt64 = storage.withLock { storage in
            storage.nextSequence += 1
            return storage.nextSequence
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let expired: Bool = storage.withLock { storage in
                    // Checked under the lock: a cancellation handler that ran before the sleeper
                    // was stored found nothing to cancel, so the sleeper must not be stored.
                    if deadline <= storage.now || Task.isCancelled { return true }
                    storage.sleepers.insert(Sleeper(member: member, continuation: continuation), deadline: deadline, sequence: id)
                    return false
                }
                if expired {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                } else {
                    // A sleeping task is waiting for time, not working.
                    member?.suspend()
                }
            }
        } onCancel: {
            let sleeper: Sleeper? = storage.withLock { $0.sleepers.remove(id) }
            if let sleeper {
                sleeper.member?.resume()
                sleeper.continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline is reached, one at a
    /// time, and waiting for all loops on this clock to settle after each.
    public func advance(by duration: Duration) async {
        let target = now.advanced(by: duration)
        await advance(to: target)
    }

    /// Moves time forward to `target` (never backwards), waking sleepers in deadline order.
    public func advance(to target: Instant) async {
        await tracker.settled()
        while let sleeper = popSleeper(notAfter: target) {
            sleeper.member?.resume()
            sleeper.continuation.resume()
            await tracker.settled()
        }
        storage.withLock { storage in
            if storage.now < target { storage.now = target }
        }
    }

    /// Moves time to the next deadline and wakes what sleeps until then. Returns false when no
    /// effect is sleeping.
    @discardableResult
    public func advanceToNextDeadline() async -> Bool {
        await tracker.settled()
        guard let deadline = nextDeadline else { return false }
        await advance(to: deadline)
        return true
    }

    /// Waits until every loop on this clock has settled: nothing is queued and every effect has
    /// finished or is sleeping on this clock.
    public func settled() async {
        await tracker.settled()
    }

    private func popSleeper(notAfter target: Instant) -> Sleeper? {
        storage.withLock { storage in
            guard let (sleeper, deadline) = storage.sleepers.popFirst(notAfter: target) else { return nil }
            if storage.now < deadline { storage.now = deadline }
            return sleeper
        }
    }
}
