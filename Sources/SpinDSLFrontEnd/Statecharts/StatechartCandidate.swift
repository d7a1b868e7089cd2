/// A transition a configuration may take on an event: a row, from one of its sources, with its
/// microsteps. Small plain numbers, read on every step.
package struct StatechartCandidate: Sendable {
    /// The row's position in the spin's rows.
    package let row: Int32
    /// The state the row is taken from; -1 for a row of the whole spin.
    package let source: Int32
    /// The transition's domain (the state whose descendants it exits); -1 for the spin, -2 for a
    /// targetless transition, which exits nothing and conflicts with nothing.
    package let domain: Int32
    /// Its microstep in `Statechart.plans`; for a history target, the first of them, the record
    /// selecting which (`plan + record`).
    package let plan: Int32
    /// For a history target, the hidden slot of the record; -1 otherwise.
    package let historySlot: Int32
    /// For a history target, the largest record.
    package let recordLimit: Int32
}
