import Foundation
import Testing

/// Determinism: the same spec and seed give a byte-identical trace, run after run; and
/// `--replay` checks a run against a recorded trace.
@Suite("determinism and --replay")
struct HostileDeterminismTests {
    @Test("Specs/movies.yaml with seed 7: 100 runs, byte-identical jsonl")
    func hundredRuns() throws {
        let first = try SpinrunProcess.run(["--format", "jsonl", "--seed", "7", "Specs/movies.yaml"])
        #expect(first.status == 0)
        #expect(first.stdout.split(separator: "\n").count == 11)
        var differing: [Int] = []
        for run in 2...100 {
            let again = try SpinrunProcess.run(["--format", "jsonl", "--seed", "7", "Specs/movies.yaml"])
            if again.stdout != first.stdout || again.status != first.status { differing.append(run) }
        }
        #expect(differing == [])
    }

    private func recorded(seed: String, spec: String) throws -> String {
        let output = try SpinrunProcess.run(["--format", "jsonl", "--seed", seed, spec])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-replay-\(UUID().uuidString).jsonl")
        try Data(output.stdout.utf8).write(to: url)
        return url.path
    }

    @Test("--replay of a run's own trace: exit 0")
    func replayIdentical() throws {
        for spec in ["Specs/movies.yaml", "Specs/gear.yaml", "Specs/turnstile.yaml"] {
            let trace = try recorded(seed: "7", spec: spec)
            defer { try? FileManager.default.removeItem(atPath: trace) }
            let output = try SpinrunProcess.run(["--replay", trace, "--seed", "7", spec])
            #expect(output.status == 0)
            #expect(output.stdout.hasPrefix("replay: identical to the recorded trace ("))
            #expect(output.stderr == "")
        }
    }

    /// Issue 15, item 8: the trace's first line records the seed and where the inputs came from,
    /// and each input step its payload, so the replay needs no flag.
    @Test("--replay of a trace recorded with --event, --events or --interactive and --seed needs no flag")
    func replayNeedsNoFlags() throws {
        let recordings: [(arguments: [String], stdin: String, header: String)] = [
            (["--event", #"coin={"amount":25}"#, "--event", "push", "--seed", "3"], "", #"{"run":{"seed":3,"inputs":"events"}}"#),
            (["--events", "Tests/SpinrunTests/Fixtures/coins.events"], "", #"{"run":{"seed":1,"inputs":"events"}}"#),
            (["--interactive", "--seed", "5"], "coin {\"amount\":25}\npush\n", #"{"run":{"seed":5,"inputs":"interactive"}}"#),
        ]
        for recording in recordings {
            let output = try SpinrunProcess.run(["--format", "jsonl"] + recording.arguments + ["Specs/turnstile.yaml"], stdin: recording.stdin)
            #expect(output.status == 0)
            #expect(output.stdout.split(separator: "\n").first.map(String.init) == recording.header)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-replay-\(UUID().uuidString).jsonl")
            defer { try? FileManager.default.removeItem(at: url) }
            try Data(output.stdout.utf8).write(to: url)
            let replay = try SpinrunProcess.run(["--replay", url.path, "Specs/turnstile.yaml"])
            #expect(replay.status == 0, "\(recording.arguments): \(replay.stdout)")
            #expect(replay.stdout.hasPrefix("replay: identical to the recorded trace ("))
        }
        // Without the header's inputs, the same trace diverges: the script would run instead.
        let output = try SpinrunProcess.run(["--format", "jsonl", "--event", "push", "Specs/turnstile.yaml"])
        let stripped = output.stdout.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-replay-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(stripped.utf8).write(to: url)
        #expect(try SpinrunProcess.run(["--replay", url.path, "Specs/turnstile.yaml"]).status == 5)
    }

    @Test("--replay with another seed: exit 5 at the first differing step")
    func replayDiverges() throws {
        let trace = try recorded(seed: "7", spec: "Specs/movies.yaml")
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let output = try SpinrunProcess.run(["--replay", trace, "--seed", "8", "Specs/movies.yaml"])
        #expect(output.status == 5)
        // The members that differ, by name (issue 23, item 17): not two 200-character records.
        #expect(output.stdout == #"step 4: event.name expected "pageLoaded", got "pageFailed"; event.payload.count expected 20, got nothing; to expected "loaded", got "failed"; state.page expected 2, got 1; state.movies expected 40, got 20; state.retries expected 0, got 1 [#ReplayDiverged]"# + "\n")
    }

    @Test("--replay of a truncated trace: the first missing line is the difference")
    func replayTruncated() throws {
        let trace = try recorded(seed: "7", spec: "Specs/movies.yaml")
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        try Data((lines.prefix(4).joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: trace))
        let output = try SpinrunProcess.run(["--replay", trace, "--seed", "7", "Specs/movies.yaml"])
        #expect(output.status == 5)
        // The header, then three steps: the fourth step is the first missing one.
        #expect(output.stdout == "step 4: expected the end of the trace got \(lines[4]) [#ReplayDiverged]\n")
    }

    @Test("--replay of something that is not a jsonl trace: a usage error")
    func replayNotATrace() throws {
        let output = try SpinrunProcess.run(["--replay", "Specs/movies.yaml", "Specs/movies.yaml"])
        #expect(output.status == 64)
        #expect(output.stderr == "Error: --replay: Specs/movies.yaml:1 is not a JSON Lines record; record the trace with --format jsonl [#ReplayNotJSONLines]\n")
        let missing = try SpinrunProcess.run(["--replay", "no-such.jsonl", "Specs/movies.yaml"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "Error: --replay: cannot read 'no-such.jsonl' [#FileUnreadable]\n")
    }

    /// Issue 14, item 28: blank lines keep their numbers, so a bad record is named at its own line;
    /// a record cut mid-line is a bad trace (exit 64), not a step that differs (exit 5).
    @Test("--replay names a bad record by its line in the file, blank lines counted; a record cut mid-line is a bad trace")
    func replayBadRecordLines() throws {
        let trace = try recorded(seed: "7", spec: "Specs/movies.yaml")
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        let write = { (text: String) in try Data(text.utf8).write(to: URL(fileURLWithPath: trace)) }

        // Blank lines between the records are skipped: the trace still replays.
        try write(lines.prefix(2).joined(separator: "\n") + "\n\n\n" + lines.dropFirst(2).joined(separator: "\n") + "\n")
        #expect(try SpinrunProcess.run(["--replay", trace, "--seed", "7", "Specs/movies.yaml"]).status == 0)

        // Garbage on line 5, after two blank lines: reported as line 5 (it was line 3).
        try write(lines.prefix(2).joined(separator: "\n") + "\n\n\ngarbage\n" + lines.dropFirst(2).joined(separator: "\n") + "\n")
        let garbage = try SpinrunProcess.run(["--replay", trace, "--seed", "7", "Specs/movies.yaml"])
        #expect(garbage.status == 64)
        #expect(garbage.stderr == "Error: --replay: \(trace):5 is not a JSON Lines record; record the trace with --format jsonl [#ReplayNotJSONLines]\n")

        // The last record cut in the middle: a bad trace at its line (it was 'step 10 differs', exit 5).
        let cut = lines.dropLast().joined(separator: "\n") + "\n" + String(lines[lines.count - 1].prefix(20))
        try write(cut)
        let output = try SpinrunProcess.run(["--replay", trace, "--seed", "7", "Specs/movies.yaml"])
        #expect(output.status == 64)
        #expect(output.stderr == "Error: --replay: \(trace):\(lines.count) is not a JSON Lines record; record the trace with --format jsonl [#ReplayNotJSONLines]\n")
        #expect(output.stdout == "")
    }
}
