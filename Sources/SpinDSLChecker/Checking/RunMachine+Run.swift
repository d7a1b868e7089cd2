import SpinDSLFrontEnd
import SpinDSLRunner

/// A whole run of the machine, as `SpecRun.run()` makes one on the virtual clock: start the spins,
/// then move time as `VirtualTimeStep` says until every spin is final, nothing is left to do, or
/// a limit ends it.
extension RunMachine {
    /// Runs to the end with `limits` (all but the livelock detector, which a run with time passing
    /// never needs), sending the spins' scripts as `SpecRun` does, and returns the status the run
    /// ends with.
    mutating func runToEnd(_ limits: RunLimits) -> RunStatus {
        totalStepLimit = limits.maxSteps
        maxQueueLength = limits.maxQueueLength
        // `InputSchedule`: by time, and at one time in the order added (spin by spin, script order).
        var inputs: [(at: Int64, spin: Int, event: SpecEvent)] = []
        for (index, spin) in program.spins.enumerated() {
            inputs += spin.script.map { (at: $0.at, spin: index, event: $0.event) }
        }
        inputs = inputs.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        var nextInput = 0
        start()
        while true {
            if let status = endStatus { return status }
            if allStopped { return .final }
            let due = nextInput < inputs.count ? inputs[nextInput].at : nil
            switch VirtualTimeStep(
                timer: nextDeadline.map(Duration.nanoseconds), input: due.map(Duration.nanoseconds),
                maxTimeMilliseconds: limits.maxTimeMilliseconds
            ) {
            case .idle:
                return .idle
            case .timeLimit(let limit, _):
                let nanoseconds = MachineProgram.nanoseconds(limit)
                if now < nanoseconds { now = nanoseconds }
                return .maxTime
            case .timers:
                advance()
            case .input(let time):
                let nanoseconds = MachineProgram.nanoseconds(time)
                if now < nanoseconds { now = nanoseconds }
                let input = inputs[nextInput]
                nextInput &+= 1
                emitInput(input.event, into: input.spin)
            }
        }
    }

    /// The status of a run that ended early, or nil.
    var endStatus: RunStatus? {
        switch ended {
        case nil: return nil
        case .fault: return .error
        case .invariant: return .invariant
        // A run never looks for revisits; were it to, it would not have settled either.
        case .stepLimit, .revisited: return .maxSteps
        case .queueFull: return .maxQueue
        }
    }

    /// The summary `SpecRun.summary()` would give now, for a run that ended with `status`.
    func summary(_ status: RunStatus) -> RunSummary {
        let summaries = spins.enumerated().map { index, spin in SpinSummary(program.model.spins[index], spin.state) }
        var fault: SpecFault?
        var invariant: InvariantFailure?
        var fullQueue: String?
        switch ended {
        case .fault(let found): fault = found
        case .invariant(let failure): invariant = failure
        case .queueFull(let spin): fullQueue = program.model.spins[spin].name.text
        case .stepLimit, .revisited, nil: break
        }
        return RunSummary(
            status: status, steps: steps, time: now / 1_000_000, spins: summaries, fault: fault,
            fullQueue: fullQueue, invariant: invariant)
    }
}
