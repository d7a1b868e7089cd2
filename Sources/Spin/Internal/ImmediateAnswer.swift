import Synchronization

/// Hands the last event of an effect that ended while it was being started (`Task.immediate`, on
/// the drainer's thread) back to the drainer, so that it joins the events the state's synchronous
/// feedbacks return, in declaration order, instead of the queue.
///
/// Two parties race once: the effect's task when its effect ends (`answer`), the drainer when
/// `Task.immediate` returns (`claimStarted`). Whoever comes first decides: an effect that ended
/// first answered during the delivery; one that ends later reports through the queue as any
/// effect does.
@usableFromInline
final class ImmediateAnswer<Event: Sendable>: @unchecked Sendable {
    // @unchecked: `event` is written by the task before its winning compare-exchange (release)
    // and read by the drainer only after seeing that exchange's result (acquire).
    @usableFromInline var event: Event?
    @usableFromInline let state = Atomic<UInt8>(ImmediateAnswer.starting)

    @usableFromInline static var starting: UInt8 { 0 }
    @usableFromInline static var started: UInt8 { 1 }
    @usableFromInline static var answered: UInt8 { 2 }

    @inlinable
    init() {}

    /// The effect ended with `last`. Returns true when the drainer had not yet seen the start
    /// return: the drainer takes the answer.
    @inlinable
    func answer(_ last: Event?) -> Bool {
        event = last
        return state.compareExchange(
            expected: Self.starting, desired: Self.answered, successOrdering: .releasing, failureOrdering: .relaxed
        ).exchanged
    }

    /// The start returned. Returns true when the effect answered meanwhile: its answer is `event`.
    @inlinable
    func claimStarted() -> Bool {
        !state.compareExchange(
            expected: Self.starting, desired: Self.started, successOrdering: .relaxed, failureOrdering: .acquiring
        ).exchanged
    }
}
