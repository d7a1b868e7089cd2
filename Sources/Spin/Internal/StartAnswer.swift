/// Where an effect task that ends while it is being started (`Task.immediate`, until its first
/// suspension) leaves its last event, so that whoever started it finds the answer as soon as the
/// start returns, without a lock and without an atomic.
///
/// Only the starting thread touches a slot: the task writes it only when it ends on that thread
/// while the thread's `DrainTrampoline` names this slot and the task's token (`claims(token:)`),
/// which can only be during the start, since nothing else runs on that thread meanwhile. A task
/// that suspended and ends later, on any thread, finds another token or another slot there, and
/// reports through the loop's queue instead (`SpinRuntime.finishEffect`).
@usableFromInline
final class StartAnswer<Event: Sendable>: @unchecked Sendable {
    // @unchecked: touched only by the starting thread (see above), which is also why the accesses
    // need no dynamic exclusivity check (four per effect otherwise).
    @exclusivity(unchecked) @usableFromInline var answered = false
    @exclusivity(unchecked) @usableFromInline var event: Event?

    @inlinable
    init() {}

    /// Runs `start` with this slot named on the calling thread as the one that effect `token`
    /// answers into; the thread's previous start, if any (a start nested in an effect's first
    /// part), is restored after.
    @inlinable
    func starting<Result>(_ token: UInt64, _ start: () -> Result) -> Result {
        let trampoline = DrainTrampoline.current
        let savedToken = trampoline.startingToken
        let savedSlot = trampoline.startingSlot
        trampoline.startingToken = token
        trampoline.startingSlot = ObjectIdentifier(self)
        answered = false
        let result = start()
        trampoline.startingToken = savedToken
        trampoline.startingSlot = savedSlot
        return result
    }

    /// Called by effect `token`'s task when its effect ends with `last`: true when it ended during
    /// its start on this thread, and the answer is taken here.
    @inlinable
    func claims(token: UInt64, last: Event?) -> Bool {
        let trampoline = DrainTrampoline.current
        guard trampoline.startingToken == token, trampoline.startingSlot == ObjectIdentifier(self) else { return false }
        event = last
        answered = true
        return true
    }

    /// The answer of the start that just returned, if the effect ended during it.
    @inlinable
    func take() -> (answered: Bool, event: Event?) {
        guard answered else { return (false, nil) }
        answered = false
        defer { event = nil }
        return (true, event)
    }
}
