import SpinDSLFrontEnd
import SpinDSLRunner

/// A counterexample as a run: its steps, the summary a run with its inputs ends with, and the
/// header that makes `spinrun --replay` run it again (its inputs at their times, its choices).
public struct CounterexampleTrace: Sendable {
    public let header: TraceHeader
    public let steps: [TraceStep]
    public let summary: RunSummary
}

extension SpecChecker {
    /// `violation`'s counterexample as a run: its trace is what `spinrun` prints for these inputs
    /// and choices. The search made it when it found the violation; a violation made by hand has
    /// its moves run from the start.
    public func counterexample(_ violation: CheckViolation) -> CounterexampleTrace {
        if let trace = violation.trace { return trace }
        let program = MachineProgram(compiled, script: false, maxStringBytes: maxStringBytes)
        var run = CounterexampleRun(RunMachine(program, oracle: .enumerating()))
        for (index, move) in violation.counterexample.enumerated() {
            if index == violation.counterexample.count &- 1, case .livelock(let bound, let ringLength) = violation.kind {
                run.makeUnsettled(move, bound: bound, ringLength: ringLength)
            } else {
                run.make(move)
            }
        }
        return run.trace(cycleStart: violation.cycleStart)
    }
}
