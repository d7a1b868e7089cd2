import SpinDSLFrontEnd
import SpinDSLRunner

/// How an exploration ended.
public enum CheckStatus: String, Sendable, Equatable {
    /// Every reachable state was explored: every invariant holds, nothing fails, no dead end.
    case ok
    /// An invariant does not hold, a run-time error, or spins that do not settle.
    case violated
    /// A dead end (and nothing worse).
    case deadlock
    /// A limit stopped the exploration before every state was explored, and nothing was found.
    case incomplete
}

/// The limit that stopped an exploration early.
public enum CheckLimit: String, Sendable, Equatable {
    case maxStates = "max-states"
    case maxDepth = "max-depth"
    /// One move of one state had more combinations of choices than `CheckOptions.maxMoveRuns`.
    case maxMoveRuns = "max-move-runs"
    /// An input had more payloads than `CheckOptions.maxPayloads` (`SpecChecker.problems(_:)`
    /// reports it first): nothing was explored.
    case maxPayloads = "max-payloads"
    /// The states would have taken more than `CheckOptions.maxMemoryBytes`.
    case maxMemory = "max-memory"
    /// An allocation for the states failed.
    case memory
}

/// What `spinrun --check` found.
public struct CheckResult: Sendable {
    public let status: CheckStatus
    /// Distinct states stored.
    public let states: Int
    /// Moves that changed the state (or failed).
    public let transitions: Int
    /// The deepest state, in moves from the start.
    public let depth: Int
    public let seconds: Double
    /// Each finding once, in the order found (so each with its shortest counterexample).
    public let violations: [CheckViolation]
    /// Dead-end states found.
    public let deadEnds: Int
    /// Why the exploration stopped early.
    public let limit: CheckLimit?
    /// Rows and rules that fire in no reachable state, and control states never reached (warnings;
    /// only when the exploration is complete).
    public let coverage: [Diagnostic]
    /// Bytes held for the states, their hash table and their search tree.
    public let memoryBytes: Int
    /// `--bitstate`'s figures, when the search ran with it.
    public var bitstate: BitstateFigures? = nil
    /// `--hash-compact`'s figures, when the search ran with it.
    public var compaction: CompactionFigures? = nil

    /// Memory per stored state.
    public var bytesPerState: Double {
        states > 0 ? Double(memoryBytes) / Double(states) : 0
    }

    /// The last line of `--format jsonl`.
    public var json: String {
        let seconds = (self.seconds * 1000).rounded() / 1000
        return "{\"check\":{\"status\":\(JSONText.string(status.rawValue)),\"states\":\(states),\"transitions\":\(transitions),\"depth\":\(depth),\"seconds\":\(seconds),\"violations\":[\(violations.map(\.json).joined(separator: ","))]\(bitstate.map { ",\"bitstate\":" + $0.json } ?? "")\(compaction.map { ",\"compaction\":" + $0.json } ?? "")}}"
    }
}
