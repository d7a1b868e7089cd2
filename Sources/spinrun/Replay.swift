import Foundation
import Synchronization

/// `spinrun --replay TRACE.jsonl SPEC`: the spec is run again (with the same options) and its
/// JSON Lines trace compared, line by line, with the recorded one.
enum Replay {
    struct Problem: Error {
        let message: String
    }

    /// The recorded trace's lines; every one must be a JSON object (a `--format jsonl` trace).
    static func read(_ path: String) -> Result<[String], Problem> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Problem(message: "--replay: cannot read '\(path)'"))
        }
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        for (offset, line) in lines.enumerated() where !line.hasPrefix("{") {
            return .failure(Problem(message: "--replay: \(path):\(offset + 1) is not a JSON Lines record; record the trace with --format jsonl"))
        }
        return .success(lines)
    }

    /// `step N: expected … got …` for the first line that differs, or nil when none does.
    static func firstDifference(expected: [String], got: [String]) -> String? {
        for index in 0..<max(expected.count, got.count) {
            let want = index < expected.count ? expected[index] : nil
            let have = index < got.count ? got[index] : nil
            guard want != have else { continue }
            let label = (want ?? have).map { $0.hasPrefix("{\"summary\"") ? "summary" : "step \(index + 1)" } ?? "step \(index + 1)"
            return "\(label): expected \(want ?? "the end of the trace") got \(have ?? "the end of the run")"
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
