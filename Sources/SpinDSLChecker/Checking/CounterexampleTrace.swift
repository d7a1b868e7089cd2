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
    /// The steps most that a livelock's counterexample shows after its last move.
    static let livelockShownSteps = 1000

    /// Runs `violation`'s counterexample again, from the start, on the machine: its trace is what
    /// `spinrun` prints for these inputs and choices.
    public func counterexample(_ violation: CheckViolation) -> CounterexampleTrace {
        var livelock: (bound: Int, ringLength: Int?)?
        if case .livelock(let bound, let ringLength) = violation.kind { livelock = (bound, ringLength) }
        return run(violation.counterexample, livelock: livelock, cycleStart: violation.cycleStart).trace
    }

    /// Runs `moves` from the start on the machine, as `counterexample(_:)` does; `livelock`: the
    /// last move does not settle (the bound of its steps, the length of its ring). Also returns the
    /// time after each move that ran (nanoseconds): a move after the run ended does not run; and
    /// whether a move took more than `moveStepLimit` steps (the run ends there). `cycleStart`: a
    /// lasso's first move of its cycle, whose first step the header names.
    func run(
        _ moves: [CheckMove], livelock: (bound: Int, ringLength: Int?)? = nil, moveStepLimit: Int = Int.max,
        cycleStart: Int? = nil
    ) -> (trace: CounterexampleTrace, times: [Int64], unsettled: Bool) {
        var times: [Int64] = []
        let program = MachineProgram(compiled, script: false, maxStringBytes: maxStringBytes)
        var machine = RunMachine(program, oracle: .enumerating())
        machine.moveStepLimit = moveStepLimit
        final class Steps: @unchecked Sendable {
            var steps: [TraceStep] = []
        }
        let collected = Steps()
        machine.observer = { collected.steps.append($0.withoutQueues) }
        var header = TraceHeader(seed: 1, inputs: .events)
        for (index, move) in moves.enumerated() {
            if index == moves.count &- 1, case let (bound, ringLength)? = livelock {
                // A run that never settles is shown up to a bound, and replayed to the same one:
                // no further than the step the checker gave it up at when its bound is lower (a
                // move that takes more steps than `--max-move-steps` may still settle later).
                let shown = ringLength == nil ? min(Self.livelockShownSteps, bound < Int.max ? bound &+ 1 : bound) : Self.livelockShownSteps
                machine.totalStepLimit = machine.steps &+ shown
                header.maxSteps = machine.totalStepLimit
                header.livelockRepeats = 0
            }
            if index == cycleStart { header.cycleStep = collected.steps.count &+ 1 }
            machine.oracle.prescribe(move.outcomes)
            machine.beginMove()
            switch move.kind {
            case .start: machine.start()
            case .input(let spin, let event): machine.emitInput(event, into: spin)
            case .advance: machine.advance()
            }
            times.append(machine.now)
            header.choices += machine.oracle.made.map { choice in
                let spin = compiled.model.spins[choice.spin]
                let rule = spin.feedbacks.indices.contains(choice.rule.rule) ? spin.feedbacks[choice.rule.rule].name.text : "?"
                return RecordedChoice(spin: spin.name.text, rule: rule, caseIndex: choice.rule.caseIndex, outcome: choice.outcome)
            }
            if machine.ended != nil { break }
        }
        if let cycleStart, cycleStart >= moves.count { header.cycleStep = collected.steps.count &+ 1 }
        // A run's livelock detector is not the checker's: a move that settles (or fails) after a
        // long stretch of steps at one instant — a ring left by a choice — would look like a
        // livelock to it, so the replay turns it off once an instant has as many steps as it needs.
        var longestInstant = 0, current = 0, time: Int64 = -1
        for step in collected.steps {
            current = step.time == time ? current &+ 1 : 1
            time = step.time
            longestInstant = max(longestInstant, current)
        }
        if longestInstant >= RunLimits().livelockRepeats { header.livelockRepeats = 0 }
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
        let unsettled = moveStepLimit < Int.max && machine.ended == .stepLimit
        return (CounterexampleTrace(header: header, steps: collected.steps, summary: machine.summary(status)), times, unsettled)
    }
}
