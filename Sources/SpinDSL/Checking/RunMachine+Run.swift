/// A whole run of the machine, as `SpecRun.run()` makes one on the virtual clock: start the spins,
/// then move time from deadline to deadline until every spin is final, nothing is left to do, or
/// a limit ends it.
extension RunMachine {
    /// Runs to the end with `limits` (all but the livelock detector, which a run with time passing
    /// never needs) and returns the status the run ends with.
    mutating func runToEnd(_ limits: RunLimits) -> RunStatus {
        totalStepLimit = limits.maxSteps
        maxQueueLength = limits.maxQueueLength
        start()
        while true {
            if let status = endStatus { return status }
            if allStopped { return .final }
            guard let deadline = nextDeadline else { return .idle }
            if let maxTime = limits.maxTimeMilliseconds {
                let (limit, overflow) = maxTime.multipliedReportingOverflow(by: 1_000_000)
                if !overflow, deadline > limit {
                    if now < limit { now = limit }
                    return .maxTime
                }
            }
            advance()
        }
    }

    /// The status of a run that ended early, or nil.
    var endStatus: RunStatus? {
        switch ended {
        case nil: return nil
        case .fault: return .error
        case .invariant: return .invariant
        case .stepLimit: return .maxSteps
        case .queueFull: return .maxQueue
        }
    }

    /// The summary `SpecRun.summary()` would give now, for a run that ended with `status`.
    func summary(_ status: RunStatus) -> RunSummary {
        let summaries = spins.enumerated().map { index, spin in
            let model = program.model.spins[index]
            return SpinSummary(
                name: model.name.text, state: model.controlName(spin.state.control),
                dataJSON: model.dataJSON(spin.state.data), dataText: model.dataText(spin.state.data))
        }
        var fault: SpecFault?
        var invariant: InvariantFailure?
        var fullQueue: String?
        switch ended {
        case .fault(let found): fault = found
        case .invariant(let failure): invariant = failure
        case .queueFull(let spin): fullQueue = program.model.spins[spin].name.text
        case .stepLimit, nil: break
        }
        return RunSummary(
            status: status, steps: steps, time: now / 1_000_000, spins: summaries, fault: fault,
            fullQueue: fullQueue, invariant: invariant)
    }
}
