/// How a run ended.
public enum RunStatus: String, Sendable, Equatable {
    /// Every spin reached a final state.
    case final
    /// Nothing was left to do: no queued event, running effect or pending timer.
    case idle
    /// The `--until` condition held.
    case until
    /// The step limit was reached.
    case maxSteps = "max-steps"
    /// The virtual time limit was reached.
    case maxTime = "max-time"
    /// The same cycle of states repeated without time passing (see `RunLimits.livelockRepeats`).
    case livelock
    /// An event arrived at a spin whose queue already held `RunLimits.maxQueueLength` events.
    case maxQueue = "max-queue"
    /// A run-time error: overflow, division by zero, an effect that failed.
    case error
    /// Interrupted (Ctrl-C).
    case interrupted
}

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

    /// Creates a summary.
    public init(status: RunStatus, steps: Int, time: Int64, spins: [SpinSummary], fault: SpecFault?, cycle: [String]? = nil, fullQueue: String? = nil) {
        self.status = status
        self.steps = steps
        self.time = time
        self.spins = spins
        self.fault = fault
        self.cycle = cycle
        self.fullQueue = fullQueue
    }

    /// The JSON Lines summary line.
    public var json: String {
        let spinsJSON = spins.map { "\(JSONText.string($0.name)):{\"state\":\(JSONText.optional($0.state)),\"data\":\($0.dataJSON)}" }.joined(separator: ",")
        var line = "{\"summary\":{\"status\":\(JSONText.string(status.rawValue)),\"steps\":\(steps),\"time\":\(time),\"spins\":{\(spinsJSON)}"
        if let fault {
            line += ",\"error\":{\"location\":\(JSONText.string(fault.location.description)),\"message\":\(JSONText.string(fault.message))}"
        }
        if let cycle {
            line += ",\"cycle\":[" + cycle.map(JSONText.string).joined(separator: ",") + "]"
        }
        return line + "}}"
    }
}

/// One spin at the end of a run.
public struct SpinSummary: Sendable, Equatable {
    /// The spin's name.
    public let name: String
    /// Its control state, or nil for a data-only spin.
    public let state: String?
    /// Its data as JSON.
    public let dataJSON: String
    /// Its data as `name=value` pairs.
    public let dataText: String
}
