import SpinDSLFrontEnd
import SpinDSLRunner

/// A finding and its counterexample as `spinrun --check` prints them (`--format text`).
extension CounterexampleTrace {
    /// The most steps of a counterexample the text shows (a livelock's has a thousand).
    public static let shownSteps = 50

    /// `violation`, whose counterexample this is, as lines of text: what it is, then the first
    /// `shownSteps` steps as a text trace of `model` (colored when `colored`), indented, with
    /// where a lasso's cycle begins, and how many steps are not shown.
    public func findingLines(_ violation: CheckViolation, model: SpecModel, colored: Bool) -> [String] {
        var lines = [violation.description]
        let shown = steps.prefix(Self.shownSteps)
        // The time column is as wide as the latest time shown, so that the lines line up.
        let formatter = TraceFormatter(format: .text, colored: colored, model: model, maxTimeMilliseconds: shown.map(\.time).max())
        lines.append("  counterexample: \(CountedNoun.text(violation.depth, "move")) after the start, \(CountedNoun.text(steps.count, "step"))")
        for (index, step) in shown.enumerated() {
            if index &+ 1 == header.cycleStep { lines.append("  cycle, repeated for ever:") }
            lines.append("  " + formatter.step(step))
        }
        if let cycleStep = header.cycleStep, cycleStep > steps.count {
            lines.append("  cycle: no more steps, for ever")
        }
        if steps.count > Self.shownSteps {
            lines.append("  … \(CountedNoun.text(steps.count - Self.shownSteps, "more step")) (--counterexample writes them all)")
        }
        return lines
    }
}
