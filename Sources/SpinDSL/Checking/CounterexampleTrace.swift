/// A counterexample as a run: its steps, the summary a run with its inputs ends with, and the
/// header that makes `spinrun --replay` run it again (its inputs at their times, its choices).
public struct CounterexampleTrace: Sendable {
    public let header: TraceHeader
    public let steps: [TraceStep]
    public let summary: RunSummary
}

extension SpecChecker {
    /// The steps most that a livelock's counterexample shows after its last move.
    static let livelockShownSteps = 1000

    /// Runs `violation`'s counterexample again, from the start, on the machine: its trace is what
    /// `spinrun` prints for these inputs and choices.
    public func counterexample(_ violation: CheckViolation) -> CounterexampleTrace {
        let program = MachineProgram(compiled, script: false)
        var machine = RunMachine(program, oracle: .enumerating())
        final class Steps: @unchecked Sendable {
            var steps: [TraceStep] = []
        }
        let collected = Steps()
        machine.observer = { collected.steps.append($0) }
        var header = TraceHeader(seed: 1, inputs: .events)
        for (index, move) in violation.counterexample.enumerated() {
            if index == violation.counterexample.count &- 1, case .livelock = violation.kind {
                // A run that never settles is shown up to a bound, and replayed to the same one.
                machine.totalStepLimit = machine.steps &+ Self.livelockShownSteps
                header.maxSteps = machine.totalStepLimit
                header.livelockRepeats = 0
            }
            machine.oracle.prescribe(move.outcomes)
            machine.beginMove()
            switch move.kind {
            case .start: machine.start()
            case .input(let spin, let event): machine.emitInput(event, into: spin)
            case .advance: machine.advance()
            }
            header.choices += machine.oracle.made.map { choice in
                let spin = compiled.model.spins[choice.spin]
                let rule = spin.feedbacks.indices.contains(choice.rule.rule) ? spin.feedbacks[choice.rule.rule].name.text : "?"
                return RecordedChoice(spin: spin.name.text, rule: rule, caseIndex: choice.rule.caseIndex, outcome: choice.outcome)
            }
            if machine.ended != nil { break }
        }
        let status: RunStatus
        if let ended = machine.endStatus {
            status = ended
        } else if machine.allStopped {
            status = .final
        } else if machine.nextDeadline == nil {
            status = .idle
        } else {
            // A dead end whose timers change nothing: a run would go on until its time limit.
            status = .maxTime
            header.maxTimeMilliseconds = machine.now / 1_000_000
        }
        return CounterexampleTrace(header: header, steps: collected.steps, summary: machine.summary(status))
    }
}
