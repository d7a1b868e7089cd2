import Foundation
import SpinDSL
import Synchronization

/// `spinrun --replay TRACE.jsonl SPEC`: the spec is run again (with the same options) and its
/// JSON Lines trace compared, line by line, with the recorded one.
enum Replay {
    /// The recorded trace's lines; every one must be a JSON object (a `--format jsonl` trace).
    static func read(_ path: String) -> Result<[String], UsageError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(UsageError("--replay", .fileUnreadable, ["path": path]))
        }
        let text = String(decoding: data, as: UTF8.self)
        // Split on line breaks, not on "\n": a CRLF is one `Character` and would never match it.
        let lines = text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).map(String.init)
        for (offset, line) in lines.enumerated() where !line.hasPrefix("{") {
            return .failure(UsageError("--replay", .replayNotJSONLines, ["path": path, "line": offset + 1]))
        }
        return .success(lines)
    }

    /// `step N: expected … got … [#ReplayDiverged]` for the first line that differs, or nil when
    /// none does.
    static func firstDifference(expected: [String], got: [String]) -> String? {
        for index in 0..<max(expected.count, got.count) {
            let want = index < expected.count ? expected[index] : nil
            let have = index < got.count ? got[index] : nil
            guard want != have else { continue }
            let label = (want ?? have).map { $0.hasPrefix("{\"summary\"") ? "summary" : "step \(index + 1)" } ?? "step \(index + 1)"
            let group = DiagnosticGroup.replayDiverged
            let values: KeyValuePairs<String, any CustomStringConvertible> = [
                "step": label, "expected": want ?? "the end of the trace", "got": have ?? "the end of the run",
            ]
            return "\(group.message(values)) \(group.tag)"
        }
        return nil
    }

    /// Collects the run's lines from the steps' callbacks.
    final class Collector: Sendable {
        private let storage = Mutex<[String]>([])

        func append(_ line: String) {
            storage.withLock { $0.append(line) }
        }

        var lines: [String] { storage.withLock { $0 } }
    }
}
