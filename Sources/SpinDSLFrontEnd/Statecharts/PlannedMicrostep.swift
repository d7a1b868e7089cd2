/// One microstep worked out by `MicrostepPlanner`: what a reducer does, in order, to take a set of
/// transitions from a configuration.
package struct PlannedMicrostep: Sendable {
    /// The configuration after the microstep.
    package var target: Int
    /// The history records written (before any exit action runs).
    package var writes: [SlotWrite]
    /// The action blocks run, in order: exit actions (innermost first), the rows' actions, entry
    /// actions (outermost first) with the completion events they raise.
    package var blocks: [Int32]
    /// The states exited and entered again (external self-transitions and their kin).
    package var reentered: [Int]
    /// The states exited, in exit order, and entered, in entry order, when some were both (what
    /// a trace tells of the step); nil otherwise.
    package var reentry: Reentry?
}
