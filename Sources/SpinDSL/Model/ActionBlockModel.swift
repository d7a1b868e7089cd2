/// A resolved block of actions of a state's `entry` or `exit`, or the statechart actions of a row
/// (its `emit` and `propagate`; a row's `set` stays in its `TransitionModel`): assignments, then
/// a raised event, then a gear event.
struct ActionBlockModel: Sendable {
    /// Where the block is written.
    let location: SourceLocation
    /// Assignments in order: the data slot and the value.
    let assignments: TransitionAssignments
    /// The event raised on the spin's internal queue.
    let emit: EmitModel?
    /// The event sent into a gear.
    let propagate: PropagateModel?
}
