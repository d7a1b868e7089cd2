import SpinDSLFrontEnd

/// The outcome of one `choose` (a rule's, or a simulated effect's) in a run: a counterexample
/// records every choice it makes so that a replay makes the same ones instead of drawing.
public struct RecordedChoice: Sendable, Equatable {
    /// The spin whose rule chose.
    public let spin: String
    /// The rule's name.
    public let rule: String
    /// The rule's case, for a rule written as a list of cases (0 otherwise).
    public let caseIndex: Int
    /// The index of the branch chosen, among the rule's `choose` (or `simulate`) branches.
    public let outcome: Int

    public init(spin: String, rule: String, caseIndex: Int, outcome: Int) {
        self.spin = spin
        self.rule = rule
        self.caseIndex = caseIndex
        self.outcome = outcome
    }

    /// `{"spin":…,"rule":…,"case":…,"outcome":…}`.
    public var json: String {
        "{\"spin\":\(JSONText.string(spin)),\"rule\":\(JSONText.string(rule)),\"case\":\(caseIndex),\"outcome\":\(outcome)}"
    }
}
