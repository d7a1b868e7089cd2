/// What happens to a feedback's running effect when a new state arrives.
public enum ExecutionStrategy: Sendable, Hashable {
    /// Cancel the running effect and drop the events it queued that were not reduced yet.
    /// Only the effect started for the latest state can feed events back. The default.
    case cancelOnNewState
    /// Let every effect run to its end; all their events are reduced, in arrival order.
    case continueOnNewState
}
