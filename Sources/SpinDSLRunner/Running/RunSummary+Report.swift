import SpinDSLFrontEnd

/// How `spinrun` reports the end of a run besides the summary itself: its exit status, the
/// stderr line of a limit that ended it, and the warnings about inputs sent after a final state.
extension RunSummary {
    /// `spinrun`'s exit status for a run that ended with `status`: 0 final, idle or until; 3 a
    /// run-time error; 4 a limit reached (steps, time, queue length or a livelock); 6 an
    /// invariant that does not hold; 130 interrupted (SIGINT); 143 terminated (SIGTERM).
    package static func exitStatus(for status: RunStatus) -> Int32 {
        switch status {
        case .final, .idle, .until: return 0
        case .error: return 3
        case .invariant: return 6
        case .maxSteps, .maxTime, .maxQueue, .livelock: return 4
        case .interrupted: return 130
        case .terminated: return 143
        }
    }

    /// This run's exit status (`exitStatus(for:)` of its status).
    package var exitStatus: Int32 { Self.exitStatus(for: status) }

    /// What `spinrun` writes on stderr after the summary, a line each: the run-time error, the
    /// invariant that does not hold, the limit that ended the run (`limitMessage`), and the
    /// warnings about inputs after a final state (`ignoredInputWarnings`).
    package func reportLines(limits: RunLimits, maxTimeText: String) -> [String] {
        var lines: [String] = []
        if let fault { lines.append(fault.description) }
        if let invariant { lines.append(invariant.description) }
        if let message = limitMessage(limits: limits, maxTimeText: maxTimeText) { lines.append(message) }
        return lines + ignoredInputWarnings
    }

    /// The stderr line of a run ended by a limit: which limit, and the flag that sets it
    /// (`spinrun: … [#StepLimit]`); nil for a run no limit ended. `limits` are the limits the run
    /// ran with, `maxTimeText` the time limit as it was given (`--max-time 24h`).
    package func limitMessage(limits: RunLimits, maxTimeText: String) -> String? {
        let values: KeyValuePairs<String, any CustomStringConvertible>
        switch group {
        case .stepLimit?:
            values = ["steps": CountedNoun.text(limits.maxSteps, "step")]
        case .timeLimit?:
            values = ["limit": maxTimeText]
        case .queueLimit?:
            values = ["spin": fullQueue.map { "spin '\($0)'" } ?? "a spin", "count": CountedNoun.text(limits.maxQueueLength, "event")]
        case .livelock?:
            let cycle = self.cycle ?? []
            values = [
                "time": time, "steps": CountedNoun.text(cycle.count, "step"),
                "count": CountedNoun.text(limits.livelockRepeats, "time"), "cycle": cycle.joined(separator: "; "),
            ]
        default:
            return nil
        }
        return group.map { "spinrun: \($0.message(values)) \($0.tag)" }
    }

    /// One warning per spin that was sent inputs after its final state (`ignoredInputs`), in the
    /// order of their first: that input, and how many more there were
    /// (`spinrun: warning: coins.events:3: … [#InputAfterFinal]`).
    package var ignoredInputWarnings: [String] {
        var firstOfSpin: [String: (input: IgnoredInput, more: Int)] = [:]
        var order: [String] = []
        for input in ignoredInputs {
            if firstOfSpin[input.spin] == nil {
                firstOfSpin[input.spin] = (input, 0)
                order.append(input.spin)
            } else {
                firstOfSpin[input.spin]?.more += 1
            }
        }
        return order.compactMap { spin in
            guard let (input, more) = firstOfSpin[spin] else { return nil }
            let others = more == 1 ? "1 more input after it was" : "\(more) more inputs after it were"
            let problem = UsageProblem(
                .inputAfterFinal, ["event": input.event, "spin": input.spin, "state": input.finalState ?? ""],
                suggestion: more > 0 ? "\(others) not sent either" : nil)
            return "spinrun: warning: \(UsageError(input.origin, problem))"
        }
    }
}
