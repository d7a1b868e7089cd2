import Foundation
import Synchronization
import SpinDSLFrontEnd

/// `spinrun --replay TRACE.jsonl SPEC`: the spec is run again (with the same options) and its
/// JSON Lines trace compared, line by line, with the recorded one.
public enum Replay {
    /// A recorded trace's records, without its blank lines, and where each was in the file.
    public struct RecordedLines {
        public var lines: [String] = []
        /// The file's line number of each of `lines` (blank lines are skipped, not renumbered).
        public var numbers: [Int] = []

        /// No lines.
        public init() {}
    }

    /// The recorded trace's records; every line that is not blank must be a whole JSON object
    /// (a `--format jsonl` trace). A record cut short is a bad trace at its line, not a step
    /// that differs.
    public static func read(_ path: String) -> Result<RecordedLines, UsageError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(UsageError("--replay", .fileUnreadable, ["path": path]))
        }
        let text = String(decoding: data, as: UTF8.self)
        var recorded = RecordedLines()
        // Split on line breaks, not on "\n": a CRLF is one `Character` and would never match it.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (offset, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            guard line.hasPrefix("{"), case .success(.object) = JSONObjectParser.parseValue(String(line)) else {
                return .failure(UsageError("--replay", .replayNotJSONLines, ["path": path, "line": offset + 1]))
            }
            recorded.lines.append(String(line))
            recorded.numbers.append(offset + 1)
        }
        return .success(recorded)
    }

    /// What a recorded trace says about the run it records: its header (nil for a trace recorded
    /// before traces had one) and, for inputs that were not the spec's script, each input step.
    public struct Recording {
        public var header: TraceHeader?
        /// (line, time, spin, event, payload object) of each input step, in order.
        public var inputs: [(line: Int, time: Int64, spin: String, event: String, payload: String?)] = []

        /// No header and no inputs.
        public init() {}

        /// The input steps as the inputs to schedule again, each into the spin it went to, with
        /// its origin `PATH:LINE` (`path` nil: `--replay:LINE`).
        public func inputEvents(path: String?) -> [(spin: String, input: InputEvent)] {
            inputs.map { recorded in
                let input = InputEvent(
                    atMilliseconds: recorded.time, name: recorded.event, payloadJSON: recorded.payload,
                    origin: "\(path ?? "--replay"):\(recorded.line)")
                return (recorded.spin, input)
            }
        }
    }

    /// Reads the header and the input steps of `recorded`, a trace read from `path`.
    public static func recording(_ recorded: RecordedLines, path: String) -> Result<Recording, UsageError> {
        var recording = Recording()
        let lines = recorded.lines
        guard let first = lines.first, first.hasPrefix("{\"run\":") else { return .success(recording) }
        guard case .success(let value) = JSONObjectParser.parseValue(first), let header = header(value) else {
            return .failure(UsageError("--replay", .replayNotJSONLines, ["path": path, "line": recorded.numbers.first ?? 1]))
        }
        recording.header = header
        guard header.inputs != .script else { return .success(recording) }
        for (offset, line) in lines.enumerated().dropFirst() where line.hasPrefix("{\"step\":") {
            // Only input steps are read: other steps (an eventless one has `"event":null`) are
            // what the run makes of them.
            guard case .success(let step) = JSONObjectParser.parseValue(line), let source = step["source"]?.string else {
                return .failure(UsageError("--replay", .replayNotJSONLines, ["path": path, "line": recorded.numbers[offset]]))
            }
            guard source == "input" else { continue }
            guard let time = step["time"]?.int64, let spin = step["spin"]?.string, let event = step["event"]?["name"]?.string else {
                return .failure(UsageError("--replay", .replayNotJSONLines, ["path": path, "line": recorded.numbers[offset]]))
            }
            let payload = step["event"]?["payload"]?.flatObjectText
            recording.inputs.append((recorded.numbers[offset], time, spin, event, payload == "{}" ? nil : payload))
        }
        return .success(recording)
    }

    /// A lasso's check (`cycle` in the header): every spin is, after the last step, where it was
    /// when step `cycleStep` began — its control state and data after its last step before the
    /// cycle (a spin that first steps in the cycle: the control state its first step leaves) are
    /// those after its last step. Nil when the cycle closes; else the `[#ReplayDiverged]` line.
    public static func cycleDifference(_ lines: [String], cycleStep: Int) -> String? {
        var before: [String: (control: JSONValue?, data: JSONValue?)] = [:]
        var after: [String: (control: JSONValue?, data: JSONValue?)] = [:]
        var last = 0
        for line in lines where line.hasPrefix("{\"step\":") {
            guard case .success(let step) = JSONObjectParser.parseValue(line), let number = step["step"]?.int64,
                  let spin = step["spin"]?.string else { continue }
            last = Int(clamping: number)
            if number < cycleStep {
                before[spin] = (step["to"], step["state"])
            } else if before[spin] == nil {
                before[spin] = (step["from"], nil)
            }
            after[spin] = (step["to"], step["state"])
        }
        guard cycleStep <= last else { return nil }
        for (spin, start) in before.sorted(by: { $0.key < $1.key }) {
            guard let end = after[spin] else { continue }
            if start.control != end.control || (start.data != nil && start.data != end.data) {
                let group = DiagnosticGroup.replayDiverged
                let difference = "spin '\(spin)' ends the cycle (steps \(cycleStep) to \(last)) elsewhere than it began it: the cycle does not close"
                return "\(group.message(["step": "step \(last)", "difference": difference])) \(group.tag)"
            }
        }
        return nil
    }

    /// The header of `{"run":{"seed":…,"inputs":…,…}}`, or nil when it is not one.
    private static func header(_ line: JSONValue) -> TraceHeader? {
        guard let run = line["run"], let seedText = run["seed"], case .scalar(.number(let seedNumber)) = seedText,
              let seed = UInt64(seedNumber), let inputs = run["inputs"]?.string.flatMap(TraceHeader.Inputs.init) else { return nil }
        var header = TraceHeader(seed: seed, inputs: inputs)
        for choice in run["choices"]?.array ?? [] {
            guard let spin = choice["spin"]?.string, let rule = choice["rule"]?.string,
                  let caseIndex = choice["case"]?.int64, let outcome = choice["outcome"]?.int64 else { return nil }
            header.choices.append(RecordedChoice(spin: spin, rule: rule, caseIndex: Int(caseIndex), outcome: Int(outcome)))
        }
        header.maxTimeMilliseconds = run["maxTime"]?.int64
        header.maxSteps = run["maxSteps"]?.int64.map { Int(clamping: $0) }
        header.livelockRepeats = run["livelockRepeats"]?.int64.map { Int(clamping: $0) }
        header.cycleStep = run["cycle"]?.int64.map { Int(clamping: $0) }
        return header
    }

    /// `step N: state.credit expected 35, got 10; … [#ReplayDiverged]` for the first line that
    /// differs, naming the members that differ (the first `shownDifferences` of them), or nil when
    /// no line differs. A line that is missing on one side is shown whole.
    public static func firstDifference(expected: [String], got: [String]) -> String? {
        for index in 0..<max(expected.count, got.count) {
            let want = index < expected.count ? expected[index] : nil
            let have = index < got.count ? got[index] : nil
            guard want != have else { continue }
            let label = (want ?? have).map { $0.hasPrefix("{\"summary\"") ? "summary" : "step \(index + 1)" } ?? "step \(index + 1)"
            let difference: String
            if let want, let have, case .success(let wanted) = JSONObjectParser.parseValue(want),
               case .success(let had) = JSONObjectParser.parseValue(have) {
                let members = JSONDifference.between(expected: wanted, got: had)
                var parts = members.prefix(shownDifferences).map(\.description)
                if members.count > shownDifferences { parts.append("and \(members.count - shownDifferences) more") }
                // Equal members in another order or spelling: show both lines.
                difference = parts.isEmpty ? "expected \(want) got \(have)" : parts.joined(separator: "; ")
            } else {
                difference = "expected \(want ?? "the end of the trace") got \(have ?? "the end of the run")"
            }
            let group = DiagnosticGroup.replayDiverged
            return "\(group.message(["step": label, "difference": difference])) \(group.tag)"
        }
        return nil
    }

    /// The most members of a diverging line that `firstDifference` names.
    public static let shownDifferences = 6

    /// Collects the run's lines from the steps' callbacks.
    public final class Collector: Sendable {
        private let storage = Mutex<[String]>([])

        /// An empty collector.
        public init() {}

        public func append(_ line: String) {
            storage.withLock { $0.append(line) }
        }

        public var lines: [String] { storage.withLock { $0 } }
    }
}
