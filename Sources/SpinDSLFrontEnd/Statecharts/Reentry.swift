/// The states a step exited and entered again, told with the step's trace (an external
/// self-transition, a row from a state to its ancestor or its own child): `from` and `to` alone
/// do not show that the states were left and their exit and entry actions ran.
public struct Reentry: Sendable, Equatable {
    /// The states exited, in exit order (innermost first, later regions first), as indices of the
    /// spin's states (`SpinModel.tree.nodes`).
    public let exited: [Int]
    /// The states entered, in entry order (outermost first).
    public let entered: [Int]

    /// The re-entry of a microstep that exited `exited` and entered `entered`; nil when no state
    /// was both exited and entered.
    package init?(exited: [Int], entered: [Int]) {
        guard exited.contains(where: entered.contains) else { return nil }
        self.exited = exited
        self.entered = entered
    }
}
