import Spin
import SpinDSLFrontEnd

/// What each step of a run goes through on the drainer that reduced it, before the run hears
/// of it: counted, checked and reported by a `StepRecorder`, which tells the run only when the
/// step ends it or its spin.
extension SpecRun {
    /// What a step asks of the run besides being counted and reported (rare).
    enum StepOutcome {
        /// The run ends.
        case finish(RunStatus, fault: SpecFault?, cycle: [LivelockDetector.Step]?, invariant: InvariantFailure? = nil)
        /// The spin reached a final state.
        case stopSpin
        /// The spin stops in a final state on the run's last allowed step: the run ends, final
        /// if no other spin runs on.
        case stopSpinAtLimit
    }

    /// Counts each step, checks it for a livelock and reports it; tells the run when the step
    /// ends it or its spin.
    struct StepRecorder: Sendable {
        let progress: Locked<Progress>
        let clock: VirtualClock?
        let start: ContinuousClock.Instant
        let limits: RunLimits
        let until: UntilCondition?
        let invariants: InvariantCheck
        let observe: (@Sendable (TraceStep) -> Void)?
        /// The spins' tables, to tell a re-entering step's states (`ReducerTable.reentry`).
        let tables: [ReducerTable]
        let maxStringBytes: Int
        /// On the wall clock, the time limit: a step after it is not recorded but ends the run
        /// (on virtual time, time never passes the limit).
        let wallClockLimit: Duration?

        func record(_ step: SpinStep<SpecState, SpecEvent>, index: Int, isFinal: [Bool]) -> StepOutcome? {
            let offset = SpecRun.elapsed(clock: clock, start: start)
            if let wallClockLimit, offset > wallClockLimit {
                return .finish(.maxTime, fault: nil, cycle: nil)
            }
            let control = step.state.control
            let (number, from, before, time, cycle, ended): (Int, Int, SpecState?, Int64, [LivelockDetector.Step]?, Bool) = progress.withLock { progress in
                // A step reduced after an interrupt or SIGTERM, before the spins stopped, is still
                // written: the summary, taken from the spins, then agrees with the last step.
                let ended = progress.status == .interrupted || progress.status == .terminated
                guard progress.status == nil || ended else { return (0, 0, nil, 0, nil, false) }
                progress.steps &+= 1
                if offset != progress.lastOffset {
                    progress.lastOffset = offset
                    progress.lastMilliseconds = SpecRun.milliseconds(offset)
                }
                let time = progress.lastMilliseconds
                let from = progress.lastControl[index]
                progress.lastControl[index] = control
                let before = progress.lastStates.indices.contains(index) ? progress.lastStates[index] : nil
                // Without its queues, which a re-entry does not read: the reducer, holding the
                // only reference to them, appends to them in place.
                if before != nil { progress.lastStates[index] = SpecState(control: control, data: step.state.data) }
                let cycle = progress.livelock?.observe(
                    LivelockDetector.Step(spin: index, event: step.event, from: from, to: control, changed: step.changed),
                    state: step.state, time: time)
                return (progress.steps, from, before, time, ended ? nil : cycle, ended)
            }
            // Step numbers start at 1: 0 means the run had already ended.
            guard number > 0 else { return nil }
            if let observe {
                let reentry = before.flatMap { tables[index].reentry(from: $0, by: step.event, maxStringBytes: maxStringBytes) }
                observe(TraceStep(
                    number: number, time: time, spin: index, event: step.event, origin: step.origin, from: from, state: step.state,
                    changed: step.changed, reentry: reentry))
            }
            if ended { return nil }
            if let fault = step.state.fault {
                return .finish(.error, fault: fault, cycle: nil)
            } else if !invariants.isEmpty, let outcome = invariants.check(step.state, spin: index) {
                return .finish(outcome)
            } else if let cycle {
                return .finish(.livelock, fault: nil, cycle: cycle)
            } else if number >= limits.maxSteps {
                // A final state reached on the last allowed step still stops its spin: the run is
                // final when that was the last spin, and stopped by the limit otherwise.
                return control >= 0 && control < isFinal.count && isFinal[control]
                    ? .stopSpinAtLimit : .finish(.maxSteps, fault: nil, cycle: nil)
            } else if let until, until.spinIndex == index, let outcome = Self.until(until, step.state) {
                return outcome
            } else if control >= 0, control < isFinal.count, isFinal[control] {
                return .stopSpin
            }
            return nil
        }

        /// The end of the run when `until` holds on `state` (or faults), else nil.
        private static func until(_ until: UntilCondition, _ state: SpecState) -> StepOutcome? {
            switch until.check(state) {
            case .success(true): return .finish(.until, fault: nil, cycle: nil)
            case .success(false): return nil
            case .failure(let fault): return .finish(.error, fault: fault, cycle: nil)
            }
        }
    }
}

extension SpecRun.StepOutcome {
    /// The end of a run at an invariant that does not hold, or could not be evaluated.
    static func finish(_ outcome: InvariantCheck.Outcome) -> Self {
        switch outcome {
        case .violated(let failure): return .finish(.invariant, fault: nil, cycle: nil, invariant: failure)
        case .fault(let fault): return .finish(.error, fault: fault, cycle: nil)
        }
    }
}
