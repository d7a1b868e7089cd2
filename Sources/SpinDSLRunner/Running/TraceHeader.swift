import SpinDSLFrontEnd

/// The first line of a JSON Lines trace: what a replay needs to run the spec again the same way
/// (`{"run":{"seed":1,"inputs":"script"}}`), so that `spinrun --replay TRACE SPEC` needs no flag.
public struct TraceHeader: Sendable, Equatable {
    /// Where the run's inputs came from.
    public enum Inputs: String, Sendable {
        /// The spec's own `script`.
        case script
        /// `--event`/`--events` (or a counterexample): the trace's input steps are the inputs,
        /// each at its time.
        case events
        /// Typed on stdin: the trace's input steps too.
        case interactive
    }

    public var seed: UInt64
    public var inputs: Inputs
    /// Choices the run was made to take (a counterexample's), in the order they were made.
    public var choices: [RecordedChoice]
    /// Limits the run ran with, when they matter to where it ended (a counterexample's).
    public var maxTimeMilliseconds: Int64?
    public var maxSteps: Int?
    public var livelockRepeats: Int?
    /// A lasso's (a property's counterexample): the number of the step its cycle begins with; the
    /// steps from there to the end are the cycle, which ends in the state it began in. One past
    /// the last step when the cycle has none (the run stays in its last state for ever).
    public var cycleStep: Int?

    public init(
        seed: UInt64, inputs: Inputs, choices: [RecordedChoice] = [], maxTimeMilliseconds: Int64? = nil,
        maxSteps: Int? = nil, livelockRepeats: Int? = nil
    ) {
        self.seed = seed
        self.inputs = inputs
        self.choices = choices
        self.maxTimeMilliseconds = maxTimeMilliseconds
        self.maxSteps = maxSteps
        self.livelockRepeats = livelockRepeats
    }

    /// The header of a run with `seed` and `inputs`, within `limits`: the recorded header of a
    /// replayed run (`recorded`) with the seed it runs with; else a new one that records the
    /// limits other than the defaults, as part of how the run ran (a run stopped by
    /// `--max-steps 3000` replays to the same 3,000 steps).
    public static func ofRun(recorded: TraceHeader?, seed: UInt64, inputs: Inputs, limits: RunLimits) -> TraceHeader {
        var header = recorded ?? TraceHeader(seed: seed, inputs: inputs)
        header.seed = seed
        if recorded == nil {
            let defaults = RunLimits()
            if limits.maxSteps != defaults.maxSteps { header.maxSteps = limits.maxSteps }
            if let maxTime = limits.maxTimeMilliseconds, maxTime != defaults.maxTimeMilliseconds { header.maxTimeMilliseconds = maxTime }
            if limits.livelockRepeats != defaults.livelockRepeats { header.livelockRepeats = limits.livelockRepeats }
        }
        return header
    }

    /// The line: `{"run":{"seed":…,"inputs":…}}` with the optional keys when set.
    public var json: String {
        var line = "{\"run\":{\"seed\":\(seed),\"inputs\":\(JSONText.string(inputs.rawValue))"
        if !choices.isEmpty { line += ",\"choices\":[" + choices.map(\.json).joined(separator: ",") + "]" }
        if let maxTimeMilliseconds { line += ",\"maxTime\":\(maxTimeMilliseconds)" }
        if let maxSteps { line += ",\"maxSteps\":\(maxSteps)" }
        if let livelockRepeats { line += ",\"livelockRepeats\":\(livelockRepeats)" }
        if let cycleStep { line += ",\"cycle\":\(cycleStep)" }
        return line + "}}"
    }
}
