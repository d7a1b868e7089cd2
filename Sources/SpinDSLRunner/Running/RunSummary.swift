import SpinDSLFrontEnd

/// The end of a run: its status, counts, and each spin's last state.
public struct RunSummary: Sendable, Equatable {
    /// Why the run ended.
    public let status: RunStatus
    /// Reduced events, all spins together.
    public let steps: Int
    /// Time at the end, in milliseconds.
    public let time: Int64
    /// Each spin's final control state (nil when it has none) and data, in document order.
    public let spins: [SpinSummary]
    /// The run-time error, when the status is `error`.
    public let fault: SpecFault?
    /// The repeating steps (`Spin.event from → to`), when the status is `livelock`.
    public let cycle: [String]?
    /// The spin whose queue was full, when the status is `max-queue`.
    public let fullQueue: String?
    /// Scheduled inputs that were not sent because their spin had reached a final state, in the
    /// order they were due.
    public let ignoredInputs: [IgnoredInput]
    /// The invariant that did not hold, when the status is `invariant`.
    public let invariant: InvariantFailure?

    /// Creates a summary.
    public init(
        status: RunStatus, steps: Int, time: Int64, spins: [SpinSummary], fault: SpecFault?, cycle: [String]? = nil,
        fullQueue: String? = nil, ignoredInputs: [IgnoredInput] = [], invariant: InvariantFailure? = nil
    ) {
        self.status = status
        self.steps = steps
        self.time = time
        self.spins = spins
        self.fault = fault
        self.cycle = cycle
        self.fullQueue = fullQueue
        self.ignoredInputs = ignoredInputs
        self.invariant = invariant
    }

    /// The JSON Lines summary line.
    /// The group of how the run ended when a fault or a limit ended it (`.divisionByZero`,
    /// `.stepLimit`, …); nil for a run that ended well or was interrupted or terminated.
    public var group: DiagnosticGroup? {
        switch status {
        case .error: return fault?.group
        case .maxSteps: return .stepLimit
        case .maxTime: return .timeLimit
        case .maxQueue: return .queueLimit
        case .livelock: return .livelock
        case .invariant: return .invariantViolated
        case .final, .idle, .until, .interrupted, .terminated: return nil
        }
    }

    public var json: String {
        let spinsJSON = spins.map { "\(JSONText.string($0.name)):{\"state\":\($0.stateJSON),\"data\":\($0.dataJSON)}" }.joined(separator: ",")
        var line = "{\"summary\":{\"status\":\(JSONText.string(status.rawValue)),\"steps\":\(steps),\"time\":\(time),\"spins\":{\(spinsJSON)}"
        if let fault {
            line += ",\"error\":{\"location\":\(JSONText.string(fault.location.description)),\"message\":\(JSONText.string(fault.message)),\"group\":\(JSONText.string(fault.group.name))}"
        }
        if let cycle {
            line += ",\"cycle\":[" + cycle.map(JSONText.string).joined(separator: ",") + "]"
        }
        if let invariant {
            line += ",\"invariant\":" + invariant.json
        }
        return line + "}}"
    }
}
