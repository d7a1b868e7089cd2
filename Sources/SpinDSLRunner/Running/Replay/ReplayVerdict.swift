import SpinDSLFrontEnd

/// `--replay`'s verdict on a run made again from a recorded trace: its steps and summary against
/// the recorded ones (the header says how to run; the steps and the summary are what is compared),
/// and, for a lasso's counterexample (`cycle` in the header), whether its cycle closes.
public struct ReplayVerdict: Sendable, Equatable {
    /// The exit status of `spinrun --replay` when the run differs from the recorded trace.
    package static let divergedStatus: Int32 = 5

    /// The first difference (`step N: … [#ReplayDiverged]`, see `Replay.firstDifference`), or
    /// the cycle that does not close (`Replay.cycleDifference`); nil when the run is the
    /// recorded one.
    public let difference: String?
    /// What `--replay` prints: the difference, or `replay: identical to the recorded trace
    /// (N steps, status S)`, with `, its cycle from step K closes` for a lasso.
    public let line: String

    /// The verdict on a run whose step lines (JSON Lines, without the header) are `steps` and
    /// whose summary is `summary`, against `recorded`, the recorded trace's lines; `header` is
    /// the recorded header, nil for a trace recorded before traces had one (whose first line is
    /// then a step).
    public init(recorded: [String], header: TraceHeader?, steps: [String], summary: RunSummary) {
        let expected = header == nil ? recorded : Array(recorded.dropFirst())
        let difference = Replay.firstDifference(expected: expected, got: steps + [summary.json])
            ?? header?.cycleStep.flatMap { Replay.cycleDifference(steps, cycleStep: $0) }
        self.difference = difference
        if let difference {
            line = difference
        } else {
            let cycle = header?.cycleStep.map { ", its cycle from step \($0) closes" } ?? ""
            line = "replay: identical to the recorded trace (\(CountedNoun.text(summary.steps, "step")), status \(summary.status.rawValue))\(cycle)"
        }
    }

    /// Whether the run is the recorded one.
    public var isIdentical: Bool { difference == nil }

    /// `spinrun --replay`'s exit status: 0 identical, `divergedStatus` (5) when it differs.
    package var exitStatus: Int32 { isIdentical ? 0 : Self.divergedStatus }
}
