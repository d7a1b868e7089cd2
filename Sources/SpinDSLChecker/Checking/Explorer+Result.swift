import SpinDSLFrontEnd
import SpinDSLRunner

/// The search's result: its status, figures, violations with their counterexamples, and the
/// coverage warnings of a complete search.
extension Explorer {
    func result() -> CheckResult {
        let violations = findings.map { finding in
            let run = counterexample(finding)
            let cycleStart = finding.lasso?.cycleStart
            return CheckViolation(
                kind: finding.kind, depth: finding.depth, counterexample: run.moves, cycleStart: cycleStart,
                trace: run.trace(cycleStart: cycleStart))
        }
        let status: CheckStatus
        if violations.contains(where: { if case .deadEnd = $0.kind { false } else { true } }) {
            status = .violated
        } else if !violations.isEmpty {
            status = .deadlock
        } else if limit != nil || options.bitstateBits != nil || (!options.storesEveryState && hasProperties) {
            // A bitstate search may have missed states: never `ok`. Nor is a search that could
            // not check the spec's properties (no graph).
            status = .incomplete
        } else {
            status = .ok
        }
        var result = CheckResult(
            status: status, states: sharded?.count ?? store?.count ?? 0, transitions: transitions,
            depth: deepest, seconds: elapsed, violations: violations, deadEnds: deadEnds,
            limit: limit, coverage: isComplete ? coverageWarnings() : [], memoryBytes: sharded?.memoryBytes ?? store?.memoryBytes ?? 0)
        if let bitstate = store?.bitstate {
            result.bitstate = BitstateFigures(bits: bitstate.bits, hashFactor: bitstate.hashFactor, coverage: bitstate.coverage)
        }
        if let compact = store?.compact {
            result.compaction = CompactionFigures(missChance: compact.missChance)
        }
        return result
    }

    /// Whether some spin has properties (checked on the graph a full search keeps).
    private var hasProperties: Bool { program.model.spins.contains { !$0.properties.isEmpty } }

    /// Whether every reachable state was explored: no limit stopped the search and no finding cut
    /// a path short (a dead end is a state like any other; the rest end their move unsettled).
    private var isComplete: Bool {
        limit == nil && options.bitstateBits == nil && findings.allSatisfy { if case .deadEnd = $0.kind { true } else { false } }
    }

    private func coverageWarnings() -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for (index, spin) in program.model.spins.enumerated() {
            for (state, name) in spin.states.enumerated() where !coverage.states[index][state] {
                warnings.append(Diagnostic(.stateNeverReached, at: name.location, ["state": name.text, "spin": spin.name.text]))
            }
            // A row on a descriptor (`on: door`, `*`) takes what the rows before it leave: it is
            // reported, once, when it fires on none of the events it matches.
            var descriptorsFired = Set<SourceLocation>()
            for (row, transition) in spin.transitions.enumerated() where coverage.rows[index][row] {
                if let descriptor = transition.descriptor { descriptorsFired.insert(descriptor.location) }
            }
            var descriptorsReported = Set<SourceLocation>()
            for (row, transition) in spin.transitions.enumerated() where !coverage.rows[index][row] {
                var on = spin.events.indices.contains(transition.event)
                    ? "on '\(spin.events[transition.event].name.text)'" : "without an event"
                if let descriptor = transition.descriptor {
                    guard !descriptorsFired.contains(descriptor.location), descriptorsReported.insert(descriptor.location).inserted else { continue }
                    on = "on any event '\(descriptor.text)' matches"
                }
                warnings.append(Diagnostic(.rowNeverFires, at: transition.declaration.location, ["on": on]))
            }
            for (rule, feedback) in spin.feedbacks.enumerated() {
                for (caseIndex, ruleCase) in feedback.cases.enumerated() where !coverage.rules[index][rule][caseIndex] {
                    warnings.append(Diagnostic(.ruleNeverActs, at: ruleCase.declaration.location, ["rule": feedback.name.text]))
                }
            }
        }
        return warnings.sorted { $0.location < $1.location }
    }
}
