import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLChecker
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// The reports of a check as spinrun prints them, as the library makes them: the summary line,
/// the exit status and limit lines, sizes, a finding's text, the progress, and following a SPIN
/// trail.
@Suite("a check's reports spinrun prints, as the library makes them")
struct CheckReportTests {
    // MARK: --check

    @Test("a check's summary line: counts, dead ends, a compacted search's figures, properties not checked")
    func checkSummaryLines() throws {
        let counter = try #require(loadSpec("counter.yaml").model)
        let peterson = try #require(loadSpec("peterson.yaml").model)
        let ok = Self.result(.ok, seconds: 0.05)
        #expect(ok.summaryLine(model: counter) == "ok: 867 states, 1714 transitions, depth 100, 0.05s")
        var deadlock = Self.result(.deadlock, deadEnds: 2)
        #expect(deadlock.summaryLine(model: counter) == "deadlock: 867 states, 1714 transitions, depth 100, 2 dead ends, 1.25s")
        deadlock.compaction = CompactionFigures(missChance: 2.7e-6)
        #expect(deadlock.summaryLine(model: peterson) == "deadlock: 867 states, 1714 transitions, depth 100, 2 dead ends, hash compaction: 64-bit signatures, chance that a state was missed under 2.7e-06, properties not checked (a compacted search keeps no graph), 1.25s")
    }

    @Test("a check's exit status, and the stderr line of the limit that stopped an incomplete one")
    func checkStatusesAndLimits() {
        #expect(Self.result(.ok).exitStatus == 0)
        #expect(Self.result(.violated).exitStatus == 6)
        #expect(Self.result(.deadlock).exitStatus == 6)
        #expect(Self.result(.incomplete, limit: .maxStates).exitStatus == 4)
        let options = CheckOptions(maxStates: 10, maxDepth: 0, maxMoveRuns: 1, maxMemoryBytes: 1 << 20)
        #expect(Self.result(.incomplete, limit: .maxStates).limitMessage(options: options)
            == "spinrun: check stopped by the state limit: 10 states (--max-states); not every reachable state was explored [#StateLimit]")
        #expect(Self.result(.incomplete, limit: .maxDepth).limitMessage(options: options)
            == "spinrun: check stopped by the depth limit: 0 moves (--max-depth); states deeper than that were not explored [#DepthLimit]")
        #expect(Self.result(.incomplete, limit: .maxMoveRuns).limitMessage(options: options)
            == "spinrun: check stopped by the run limit: one move has more than 1 run (--max-move-runs); not every reachable state was explored [#MoveRunLimit]")
        #expect(Self.result(.incomplete, states: 24576, limit: .maxMemory).limitMessage(options: options)
            == "spinrun: check stopped by the memory limit: the states would take more than 1M (--max-memory) after 24576 states; not every reachable state was explored [#MemoryLimit]")
        // Only an incomplete check says what stopped it.
        #expect(Self.result(.violated, limit: .maxStates).limitMessage(options: options) == nil)
        #expect(Self.result(.incomplete).limitMessage(options: options) == nil)
    }

    @Test("sizes as --max-memory takes them, both ways")
    func byteSizes() {
        #expect(ByteSizeText.text(512 << 20) == "512M")
        #expect(ByteSizeText.text(3 << 30) == "3G")
        #expect(ByteSizeText.text(1536 << 10) == "1536K")
        #expect(ByteSizeText.text(1000) == "1000 bytes")
        #expect(ByteSizeText.parse("1536KiB") == 1536 << 10)
        #expect(ByteSizeText.parse("2g") == 2 << 30)
        #expect(ByteSizeText.parse("77") == 77)
        #expect(ByteSizeText.parse("12X") == nil)
        #expect(ByteSizeText.parse("M") == nil)
        #expect(ByteSizeText.parse("99999999999999G") == nil)
    }

    @Test("a finding in the text output is the golden's: what it is, its counterexample's steps")
    func findingLines() throws {
        let spec = loadSpec("gate-bug.yaml")
        let compiled = try #require(spec.compiled)
        let checker = SpecChecker(compiled)
        let result = checker.check(CheckOptions())
        let violation = try #require(result.violations.first)
        let lines = checker.counterexample(violation).findingLines(violation, model: compiled.model, colored: false)
        let golden = try String(contentsOfFile: "\(packageRoot)/Tests/SpinrunTests/Golden/check/gate-bug.txt", encoding: .utf8)
        #expect(lines == Array(golden.split(separator: "\n").dropLast().map(String.init)))
        #expect(result.summaryLine(model: compiled.model).hasPrefix("violated: 4 states, 7 transitions, depth 3, "))
    }

    @Test("a check's progress in words")
    func progressText() {
        let progress = CheckProgress(states: 1200, frontier: 300, depth: 7, transitions: 2000, seconds: 0.5, memoryBytes: 1_572_864)
        #expect(progress.text == "1200 states, 300 in the frontier, depth 7, 2400 states/s, 1.5 MiB")
    }

    // MARK: A SPIN trail

    @Test("a file that is not a trail, or cannot be read, is left to the replay of a trace")
    func notATrail() throws {
        let compiled = try #require(loadSpec("gate-bug.yaml").compiled)
        let jsonl = "\(packageRoot)/Tests/SpinrunTests/Golden/check/gate-bug.counterexample.jsonl"
        guard case .success(.notATrail) = SpinTrail(path: jsonl, compiled: compiled, spin: nil).read() else {
            Issue.record("a JSON Lines trace was read as a trail")
            return
        }
        guard case .success(.notATrail) = SpinTrail(path: "/nonexistent/x.trail", compiled: compiled, spin: nil).read() else {
            Issue.record("a missing file was read as a trail")
            return
        }
    }

    @Test("a bad trail, a spec the export refuses, no spin: the failure, nothing printed")
    func trailFailures() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let compiled = try #require(loadSpec("gate-bug.yaml").compiled)
        let bad = directory.appendingPathComponent("bad.trail").path
        try Data("-4:-4:-4\n1:0:209\n2:0:x\n".utf8).write(to: URL(fileURLWithPath: bad))
        #expect(Self.trailError(SpinTrail(path: bad, compiled: compiled, spin: nil).read(), usage: true)
            == "--replay: \(bad):3 is not a line of a SPIN trail (step:process:transition); give the .trail file SPIN's ./pan wrote for the spec's model (spinrun --promela), or a JSON Lines trace [#NotASpinTrail]")

        let trail = directory.appendingPathComponent("model.pml.trail").path
        try Data("-4:-4:-4\n1:0:209\n".utf8).write(to: URL(fileURLWithPath: trail))
        #expect(Self.trailError(SpinTrail(path: trail, compiled: compiled, spin: nil).read(), usage: false)
            == "--replay: SPIN (spin) is not on the PATH: --replay of a SPIN trail runs 'spin -t'; install SPIN 6.5 (apt-get install spin) or put the directory of spin on the PATH [#SpinNotFound]")

        let turnstile = try #require(loadSpec("turnstile.yaml").compiled)
        guard case .failure(.notExportable(let problems)) = SpinTrail(path: trail, compiled: turnstile, spin: nil).read() else {
            Issue.record("a spec the export refuses was followed")
            return
        }
        #expect(problems.map(\.group).contains(.payloadWithoutValues))
    }

    @Test("a spin that fails, or takes too long: what happened, in the error")
    func spinFailures() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let compiled = try #require(loadSpec("gate-bug.yaml").compiled)
        let trail = directory.appendingPathComponent("model.pml.trail").path
        try Data("1:0:209\n".utf8).write(to: URL(fileURLWithPath: trail))
        let hint = "run 'spin -t -k TRAIL model.pml' on the model spinrun --promela writes to see what SPIN says (SPIN needs a C preprocessor: gcc or cpp) [#SpinFailed]"

        let failing = try Self.fakeSpin("printf 'spin: preprocessing failed\\n'; exit 2", in: directory, named: "failing")
        #expect(Self.trailError(SpinTrail(path: trail, compiled: compiled, spin: failing).read(), usage: false)
            == "--replay: spin -t could not follow '\(trail)': \(failing.path) exited with status 2: 'spin: preprocessing failed'; \(hint)")

        let slow = try Self.fakeSpin("exec sleep 30", in: directory, named: "slow")
        var patient = SpinTrail(path: trail, compiled: compiled, spin: slow)
        patient.timeoutSeconds = 1
        #expect(Self.trailError(patient.read(), usage: false) == "--replay: spin -t could not follow '\(trail)': it did not end within 1 seconds; \(hint)")
    }

    @Test("a trail SPIN follows: its counterexample, written to the file given, as the lines to replay")
    func followedTrail() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let compiled = try #require(loadSpec("gate-bug.yaml").compiled)
        let trail = directory.appendingPathComponent("model.pml.trail").path
        // One step, SPIN's `timeout` at an invalid end state: the counterexample is the start.
        try Data("-4:-4:-4\n1:0:1\n".utf8).write(to: URL(fileURLWithPath: trail))
        let spin = try Self.fakeSpin("printf 'spin: trail ends after 1 steps\\n'", in: directory, named: "follows")
        let written = directory.appendingPathComponent("converted.jsonl").path
        guard case .success(.trail(let recorded)) = SpinTrail(path: trail, compiled: compiled, spin: spin).read(writingTo: written) else {
            Issue.record("the trail was not followed")
            return
        }
        #expect(recorded.lines == [
            #"{"run":{"seed":1,"inputs":"events"}}"#,
            #"{"summary":{"status":"idle","steps":0,"time":0,"spins":{"Gate":{"state":"closed","data":{"passes":0}}}}}"#,
        ])
        #expect(recorded.numbers == [1, 2])
        #expect(try String(contentsOfFile: written, encoding: .utf8) == recorded.lines.joined(separator: "\n") + "\n")

        guard case .failure(.usage(let error)) = SpinTrail(path: trail, compiled: compiled, spin: spin).read(writingTo: "/nonexistent/x.jsonl") else {
            Issue.record("an unwritable counterexample was not reported")
            return
        }
        #expect(error.description == "--counterexample: cannot write the counterexample to '/nonexistent/x.jsonl'; give a path in a directory that exists and can be written [#CounterexampleNotWritten]")
    }

    // MARK: Helpers

    private static func result(
        _ status: CheckStatus, states: Int = 867, seconds: Double = 1.25, deadEnds: Int = 0, limit: CheckLimit? = nil
    ) -> CheckResult {
        CheckResult(
            status: status, states: states, transitions: 1714, depth: 100, seconds: seconds, violations: [],
            deadEnds: deadEnds, limit: limit, coverage: [], memoryBytes: 0)
    }

    /// The error of a refused line, as spinrun prints it after `Error: `; nil for any other action.
    private static func trailError(_ reading: Result<SpinTrail.Reading, SpinTrail.Failure>, usage: Bool) -> String? {
        switch reading {
        case .failure(.usage(let error)) where usage: return error.description
        case .failure(.spin(let error)) where !usage: return error.description
        default: return nil
        }
    }

    /// A directory of its own for one test, removed by the caller.
    private static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spindsl-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A `spin` of the test's own: a shell script running `body`.
    private static func fakeSpin(_ body: String, in directory: URL, named name: String) throws -> URL {
        let script = directory.appendingPathComponent(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }
}
