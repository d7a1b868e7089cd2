import SpinDSLFrontEnd
import SpinDSLRunner

/// A counterexample made as a run: its moves, one after another on one machine from the start,
/// every step observed, and what `spinrun --replay` needs to make the run again (the header).
///
/// A move is given (its kind and outcomes: a lasso's, a SPIN trail's, a violation built by hand),
/// or named as the search named it: the number of its run among the runs of the state it leaves
/// (`make(label:of:)`: the runs numbered before it, from the same state, are made too, so that
/// each meets what it met in the search). Either way it is made once, where the run has got to;
/// nothing is unpacked from the search's vectors, so time is the run's own and a bitstate
/// search's forgotten states are not needed. Only a move that does not settle is run a second time, from where it
/// began, without the search's bound, to show its first steps (`showLastMoveUnsettled`).
struct CounterexampleRun {
    /// The steps observed so far (the machine's observer appends to it, copies of the machine too).
    private final class StepLog: @unchecked Sendable {
        var steps: [TraceStep] = []
    }

    /// The steps a move that never settles shows after it began: as many as its machine ran
    /// before it looked for a ring.
    static let unsettledShownSteps = RunMachine.ringSearchStart

    private(set) var machine: RunMachine
    private let log = StepLog()
    private var header = TraceHeader(seed: 1, inputs: .events)
    /// The moves made, each with the outcomes its choices took.
    private(set) var moves: [CheckMove] = []
    /// The time after each move (nanoseconds).
    private(set) var times: [Int64] = []
    /// The last move's beginning: the machine, the steps and the header's choices before it.
    private var beforeLast: (machine: RunMachine, steps: Int, choices: Int)?

    /// A run from the start on `machine`, a new one with its bounds set (the search's moves are
    /// made on `Explorer.moveMachine`).
    init(_ machine: RunMachine) {
        self.machine = machine
        let log = log
        self.machine.observer = { log.steps.append($0.withoutQueues) }
    }

    /// Whether a move ended the run (a finding, or a move that does not settle).
    var hasEnded: Bool { machine.ended != nil }

    /// Whether the last move ended at the machine's bound on a move's steps or at a ring.
    var lastMoveUnsettled: Bool { machine.ended == .stepLimit }

    /// Makes `move` with the outcomes it lists. Nothing is made after the run ended.
    mutating func make(_ move: CheckMove) {
        guard machine.ended == nil else { return }
        begin()
        machine.oracle.prescribe(move.outcomes)
        machine.make(move.kind)
        end(move.kind)
    }

    /// Makes the move the search numbered `label` among the moves of the run's state: the runs of
    /// `kinds` in order, each once for every combination of its choices' outcomes, counted as
    /// `Explorer.expand` counts them (the earlier runs are made too, from the same state, so that
    /// each run meets the states the ones before it met, as it did in the search). Returns false
    /// when there is no such run, or the run has ended.
    mutating func make(label: UInt32, of kinds: [CheckMove.Kind]) -> Bool {
        guard machine.ended == nil else { return false }
        begin()
        let stepsBefore = log.steps.count
        var found: (kind: CheckMove.Kind, run: RunMachine)?
        machine.forEachRun(of: kinds) { index, kind, run in
            guard index == label else {
                log.steps.removeSubrange(stepsBefore...)
                return true
            }
            found = (kind, run)
            return false
        }
        guard let found else {
            beforeLast = nil
            stepCounts.removeLast()
            return false
        }
        machine = found.run
        end(found.kind)
        return true
    }

    /// Makes `move` as a move that does not settle is shown: its first steps, up to the step after
    /// its bound when that is lower (`bound`: the steps it was given up at; `ringLength`: it was
    /// found to come back to a state) — no further, so that a move that would settle past the
    /// bound is shown as it was found. The header asks a replay for the same steps, with no
    /// livelock detector of its own.
    mutating func makeUnsettled(_ move: CheckMove, bound: Int, ringLength: Int?) {
        guard machine.ended == nil else { return }
        begin()
        let shown = ringLength == nil && bound < Int.max ? min(Self.unsettledShownSteps, bound &+ 1) : Self.unsettledShownSteps
        machine.moveStepLimit = Int.max
        machine.detectsRings = false
        machine.totalStepLimit = machine.steps &+ shown
        header.maxSteps = machine.totalStepLimit
        header.livelockRepeats = 0
        machine.oracle.prescribe(move.outcomes)
        machine.make(move.kind)
        end(move.kind)
        // The move is the one that was found: the choices made past its bound are the trace's.
        moves[moves.count &- 1] = move
    }

    /// Makes the last move again, from where it began, with the outcomes it took, as
    /// `makeUnsettled` shows a move that does not settle.
    mutating func showLastMoveUnsettled(bound: Int, ringLength: Int?) {
        guard let before = beforeLast, let last = moves.popLast() else { return }
        machine = before.machine
        log.steps.removeSubrange(before.steps...)
        header.choices.removeSubrange(before.choices...)
        times.removeLast()
        stepCounts.removeLast()
        makeUnsettled(last, bound: bound, ringLength: ringLength)
    }

    /// The run as a trace: its steps, the summary a run with its inputs ends with, and the header
    /// to replay it; `cycleStart`: a lasso's first move of its cycle (`moves.count`: the cycle is
    /// the last state, staying), whose first step the header names.
    func trace(cycleStart: Int? = nil) -> CounterexampleTrace {
        var header = header
        // The cycle's first step follows the steps the moves before it made; a run that ended
        // before its cycle has none.
        if let cycleStart, cycleStart >= 0, cycleStart < moves.count || !hasEnded {
            let stepsBefore = stepCounts.indices.contains(cycleStart) ? stepCounts[cycleStart] : log.steps.count
            header.cycleStep = stepsBefore &+ 1
        }
        // A run's livelock detector is not the checker's: a move that settles (or fails) after a
        // long stretch of steps at one instant — a ring left by a choice — would look like a
        // livelock to it, so the replay turns it off once an instant has as many steps as it needs.
        var longestInstant = 0, current = 0, time: Int64 = -1
        for step in log.steps {
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
        return CounterexampleTrace(header: header, steps: log.steps, summary: machine.summary(status))
    }

    // MARK: Moves

    /// The steps observed before each move.
    private var stepCounts: [Int] = []

    private mutating func begin() {
        beforeLast = (machine, log.steps.count, header.choices.count)
        stepCounts.append(log.steps.count)
    }

    private mutating func end(_ kind: CheckMove.Kind) {
        moves.append(CheckMove(kind: kind, outcomes: machine.oracle.made.map(\.outcome)))
        times.append(machine.now)
        let model = machine.program.model
        header.choices += machine.oracle.made.map { choice in
            let spin = model.spins[choice.spin]
            let rule = spin.feedbacks.indices.contains(choice.rule.rule) ? spin.feedbacks[choice.rule.rule].name.text : "?"
            return RecordedChoice(spin: spin.name.text, rule: rule, caseIndex: choice.rule.caseIndex, outcome: choice.outcome)
        }
    }
}
