import Foundation
import SpinDSLFrontEnd
import SpinDSLRunner

/// How `spinrun --check` reports a check's outcome: its summary line, the stderr line of a limit
/// that stopped it, and its exit status.
extension CheckResult {
    /// The exit status of a finding (violated, deadlock).
    package static let violatedStatus: Int32 = 6
    /// The exit status of an exploration stopped by a limit.
    package static let incompleteStatus: Int32 = 4

    /// `spinrun --check`'s exit status: 0 ok, `violatedStatus` (6) violated or deadlock,
    /// `incompleteStatus` (4) incomplete.
    package var exitStatus: Int32 {
        switch status {
        case .ok: return 0
        case .violated, .deadlock: return Self.violatedStatus
        case .incomplete: return Self.incompleteStatus
        }
    }

    /// `ok: 867 states, 1714 transitions, depth 100, 0.05s`, with the dead ends if any, and a
    /// bitstate or compacted search's figures (and, when `model` has properties, that they were
    /// not checked).
    public func summaryLine(model: SpecModel) -> String {
        var line = "\(status.rawValue): \(CountedNoun.text(states, "state")), \(CountedNoun.text(transitions, "transition")), depth \(depth)"
        if deadEnds > 0 { line += ", \(CountedNoun.text(deadEnds, "dead end"))" }
        let hasProperties = model.spins.contains { !$0.properties.isEmpty }
        if let bitstate {
            line += ", " + bitstate.text
            if hasProperties { line += ", properties not checked (a bitstate search keeps no graph)" }
        }
        if let compaction {
            line += ", " + compaction.text
            if hasProperties { line += ", properties not checked (a compacted search keeps no graph)" }
        }
        return line + String(format: ", %.2fs", seconds)
    }

    /// The stderr line of an incomplete exploration: the limit that stopped it, as `options` set
    /// it (`spinrun: … [#StateLimit]`); nil when the exploration is not incomplete or no limit
    /// stopped it.
    package func limitMessage(options: CheckOptions) -> String? {
        guard status == .incomplete, let limit else { return nil }
        let group: DiagnosticGroup
        let values: KeyValuePairs<String, any CustomStringConvertible>
        switch limit {
        case .maxStates:
            (group, values) = (.stateLimit, ["limit": CountedNoun.text(options.maxStates, "state")])
        case .maxDepth:
            (group, values) = (.depthLimit, ["limit": CountedNoun.text(options.maxDepth ?? 0, "move")])
        case .maxMoveRuns:
            (group, values) = (.moveRunLimit, ["limit": CountedNoun.text(options.maxMoveRuns, "run")])
        case .maxMemory:
            let limit = options.maxMemoryBytes.map(ByteSizeText.text) ?? "the limit"
            (group, values) = (.memoryLimit, ["limit": limit, "states": CountedNoun.text(states, "state")])
        case .memory:
            (group, values) = (.checkOutOfMemory, ["states": CountedNoun.text(states, "state")])
        case .maxPayloads:
            // `SpecChecker.problems` names the input first: the check does not start.
            (group, values) = (.tooManyPayloads, ["event": "an input", "count": "more", "limit": options.maxPayloads])
        }
        return "spinrun: \(group.message(values)) \(group.tag)"
    }
}
