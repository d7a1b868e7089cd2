import Foundation
import SpinTestSupport
import Testing

/// Every trace a run writes replays (issue 23: `--replay` rejected traces with eventless steps):
/// generated specs (`GeneratedSpecs` of SpinTestSupport, which the checker's tests generate from
/// too) with gears, timers, `choose`, effects and scripts, and generated statecharts with
/// eventless rows, raised events and re-entries, each run through the binary with its script and
/// with inputs given as `--event`, then `--replay`ed: identical (exit 0), whatever status the run
/// ended with.
@Suite("generated traces replay")
struct GeneratedTraceReplayTests {
    /// Seeds of flat specs (1000…) and statecharts (7000…); a spec that does not load is skipped.
    static let seeds: [(seed: UInt64, nested: Bool)] =
        (UInt64(1000)..<1012).map { ($0, false) } + (UInt64(7000)..<7012).map { ($0, true) }

    @Test("generated runs replay: script inputs and --event inputs", arguments: 0..<4)
    func generatedRunsReplay(batch: Int) throws {
        var replayed = 0
        for (seed, nested) in Self.seeds[(batch * 6)..<(batch * 6 + 6)] {
            let generated = GeneratedSpecs.loaded(seed: seed, nested: nested)
            guard generated.spec.model != nil else { continue }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("generated-replay-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let spec = directory.appendingPathComponent("generated-\(seed).yaml")
            try generated.text.write(to: spec, atomically: true, encoding: .utf8)
            for inputs in [[], ["--event", "a", "--event", "a", "--event", "S0.a"]] {
                let recorded = try SpinrunProcess.run(["--format", "jsonl", "--max-steps", "3000"] + inputs + [spec.path])
                let summary = recorded.stdout.split(separator: "\n").last.map(String.init) ?? ""
                #expect(summary.hasPrefix(#"{"summary":"#), "seed \(seed) \(inputs): \(recorded.stderr)")
                let trace = directory.appendingPathComponent("trace.jsonl")
                try recorded.stdout.write(to: trace, atomically: true, encoding: .utf8)
                let replay = try SpinrunProcess.run(["--replay", trace.path, spec.path])
                #expect(replay.stdout.hasPrefix("replay: identical to the recorded trace ("), "seed \(seed) \(inputs): \(replay.stdout) \(replay.stderr)")
                #expect(replay.status == 0, "seed \(seed) \(inputs): recorded \(recorded.status), replayed \(replay.status)")
                replayed += 1
            }
        }
        #expect(replayed >= 8)
    }

    /// A run stopped by a limit other than the default records it in its header, so that the
    /// replay stops where the run did (it ran on past the recorded steps and diverged).
    @Test("a run's limits are in its header, and its replay keeps them")
    func limitsAreRecorded() throws {
        let recorded = try SpinrunProcess.run(["--format", "jsonl", "--max-steps", "30", "--livelock-repeats", "0", "Specs/traffic-light.yaml"])
        #expect(recorded.status == 4)
        #expect(recorded.stdout.hasPrefix(#"{"run":{"seed":1,"inputs":"script","maxSteps":30,"livelockRepeats":0}}"# + "\n"))
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: trace) }
        try recorded.stdout.write(to: trace, atomically: true, encoding: .utf8)
        let replay = try SpinrunProcess.run(["--replay", trace.path, "Specs/traffic-light.yaml"])
        #expect(replay.stdout == "replay: identical to the recorded trace (30 steps, status max-steps)\n")
        #expect(replay.status == 0)
    }
}
