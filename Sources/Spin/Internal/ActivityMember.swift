/// One task's share of an `ActivityTracker`: the tracker counts the member while its task can run,
/// and not while it sleeps on the virtual clock or once it has ended.
///
/// An effect task is a member; so is each task a timeout race starts beside it (see
/// `SpinDSL.withTimeout`). Counting tasks, not effects, is what lets an effect wait for a helper
/// task that sleeps on the clock — the effect stops counting while it waits, the helper stops
/// counting while it sleeps, and time can pass — and lets an abandoned helper that never returns
/// stop counting at all.
///
/// Child tasks an effect creates itself inherit its membership: they share its one count.
@usableFromInline
package final class ActivityMember: Sendable {
    private struct State {
        var busy: Bool
        var ended = false
    }

    package let tracker: ActivityTracker
    private let state: Locked<State>

    /// The member the current task belongs to.
    @TaskLocal @usableFromInline package static var current: ActivityMember?

    /// A member of `tracker`. With `busy`, the caller has already entered the tracker for it.
    @usableFromInline
    package init(tracker: ActivityTracker, busy: Bool) {
        self.tracker = tracker
        self.state = Locked(State(busy: busy))
    }

    /// A new member of the same tracker, counted from now on. Made by a member that counts, so
    /// that the count cannot touch zero in between.
    package func newSibling() -> ActivityMember {
        tracker.enter()
        return ActivityMember(tracker: tracker, busy: true)
    }

    /// Runs `body` with `member` as `current` (for inlinable code, which cannot reach `$current`).
    @usableFromInline
    static func withCurrent<Result>(_ member: ActivityMember?, _ body: () -> Result) -> Result {
        $current.withValue(member, operation: body)
    }

    /// The task waits for time or for another member: it stops counting.
    package func suspend() {
        let leave: Bool = state.withLock { state in
            guard state.busy, !state.ended else { return false }
            state.busy = false
            return true
        }
        if leave { tracker.leave() }
    }

    /// The task can run again. Called by whoever wakes it, before waking it, so that the count
    /// never touches zero in between.
    package func resume() {
        let enter: Bool = state.withLock { state in
            guard !state.busy, !state.ended else { return false }
            state.busy = true
            return true
        }
        if enter { tracker.enter() }
    }

    /// The task is done, or abandoned: it never counts again.
    @usableFromInline
    package func end() {
        let leave: Bool = state.withLock { state in
            guard !state.ended else { return false }
            state.ended = true
            defer { state.busy = false }
            return state.busy
        }
        if leave { tracker.leave() }
    }
}
