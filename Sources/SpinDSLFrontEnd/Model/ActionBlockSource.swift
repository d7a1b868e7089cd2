/// Where an action block of a statechart comes from; a block's id is its index in
/// `Statechart.blockSources`.
package enum ActionBlockSource: Hashable, Sendable {
    /// Row `position`'s own actions: its `set`, `emit` and `propagate`.
    case row(Int)
    /// Block `index` of state `state`'s `entry`.
    case entry(state: Int, index: Int)
    /// Block `index` of state `state`'s `exit`.
    case exit(state: Int, index: Int)
    /// The actions of state `state`'s default entry (`initial: { to, … }`); nil: the spin's start.
    case initial(state: Int?)
    /// Raising the completion event of kind `event` (`done.S`).
    case raise(event: Int)
}
