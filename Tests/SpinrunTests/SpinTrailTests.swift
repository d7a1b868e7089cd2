import Foundation
import Testing

/// `spinrun --replay TRAIL SPEC`: a trail SPIN's verifier wrote for the spec's model, read back in
/// the spec's terms and replayed as the checker's counterexample is. The tests that follow a trail
/// need SPIN and gcc (`SpinTools`); those of a missing or failing `spin` put a script of their own
/// on the PATH.
@Suite("spinrun --replay of a SPIN trail")
struct SpinTrailTests {
    /// A directory of its own for one test, removed by the caller.
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-trail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The trail `./pan` writes for `spec`'s model (breadth-first with `bfs`) in `directory`.
    static func trail(_ spec: String, bfs: Bool, in directory: URL) throws -> URL {
        let export = try SpinrunProcess.run(["--promela", spec])
        #expect(export.status == 0, "\(export.stderr)")
        try Data(export.stdout.utf8).write(to: directory.appendingPathComponent("model.pml"))
        let flags = "-O0 -w -DSAFETY -DNOREDUCE" + (bfs ? " -DBFS" : "")
        let output = try PromelaTests.shell("spin -a model.pml && gcc \(flags) -o pan pan.c && ./pan", in: directory)
        let trail = directory.appendingPathComponent("model.pml.trail")
        #expect(FileManager.default.fileExists(atPath: trail.path), "\(output)")
        return trail
    }

    /// A `spin` of the test's own in `directory`: a shell script printing `output`, exiting with `status`.
    static func fakeSpin(printing output: String, status: Int32, in directory: URL) throws -> String {
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = bin.appendingPathComponent("spin")
        try Data("#!/bin/sh\nprintf '%s' '\(output)'\nexit \(status)\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return bin.path
    }

    /// A trail SPIN finds, breadth-first, converts to the checker's own counterexample (golden,
    /// byte for byte, written with `--counterexample`), and replays exactly as that one does.
    @Test("a breadth-first trail is the checker's counterexample, and replays as it does",
          .enabled(if: SpinTools.installed),
          arguments: [
            ("gate-bug", "replay: identical to the recorded trace (3 steps, status invariant)\n"),
            ("microwave-checked", "replay: identical to the recorded trace (4 steps, status invariant)\n"),
            ("vending-deadend", "replay: identical to the recorded trace (10 steps, status idle)\n"),
          ])
    func breadthFirstTrail(name: String, replayed: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trail = try Self.trail("Specs/\(name).yaml", bfs: true, in: directory)
        let converted = directory.appendingPathComponent("converted.jsonl")
        let output = try SpinrunProcess.run(["--replay", trail.path, "--counterexample", converted.path, "Specs/\(name).yaml"])
        #expect(output.stdout == replayed)
        #expect(output.stderr == "")
        #expect(output.status == 0)
        let golden = "Tests/SpinrunTests/Golden/check/\(name).counterexample.jsonl"
        let written = try String(contentsOf: converted, encoding: .utf8)
        #expect(written == (try String(contentsOf: SpinrunProcess.packageRoot.appendingPathComponent(golden), encoding: .utf8)))
        // The checker's own counterexample replays the same: the same output, the same status.
        let checker = try SpinrunProcess.run(["--replay", golden, "Specs/\(name).yaml"])
        #expect(checker.stdout == output.stdout)
        #expect(checker.stderr == output.stderr)
        #expect(checker.status == output.status)
    }

    /// A depth-first trail is longer than the shortest (vending's dead end: 16 moves where the
    /// checker's is 10, time moved twice), and replays all the same; the file needs no `.trail`
    /// name, its lines say what it is.
    @Test("a depth-first trail replays; a trail is known by its lines", .enabled(if: SpinTools.installed))
    func depthFirstTrail() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trail = try Self.trail("Specs/vending-deadend.yaml", bfs: false, in: directory)
        let renamed = directory.appendingPathComponent("found.txt")
        try FileManager.default.copyItem(at: trail, to: renamed)
        let converted = directory.appendingPathComponent("converted.jsonl")
        let output = try SpinrunProcess.run(["--replay", renamed.path, "--counterexample", converted.path, "Specs/vending-deadend.yaml"])
        #expect(output.stdout == "replay: identical to the recorded trace (16 steps, status idle)\n")
        #expect(output.stderr == "")
        #expect(output.status == 0)
        let written = try String(contentsOf: converted, encoding: .utf8).split(separator: "\n")
        #expect(written.first == #"{"run":{"seed":1,"inputs":"events"}}"#)
        #expect(written.count == 18)
        #expect(written.last?.hasPrefix(#"{"summary":{"status":"idle","steps":16,"#) == true)
        // The converted trace is a recorded trace like any other.
        let again = try SpinrunProcess.run(["--replay", converted.path, "Specs/vending-deadend.yaml"])
        #expect(again.stdout == output.stdout)
        #expect(again.status == 0)
    }

    /// A trail that is not the spec's model's: SPIN loses it (no statement matches a step), or
    /// follows it through statements that are no move; a line that is no trail's; a file that is
    /// not there; `--counterexample` with a JSON Lines trace; a spec without a model.
    @Test("a trail of another model, a bad line, a missing file: located errors, exit 64", .enabled(if: SpinTools.installed))
    func trailErrors() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trail = try Self.trail("Specs/gate-bug.yaml", bfs: true, in: directory).path
        let hint = "replay a trail with the spec whose model (spinrun --promela SPEC) SPIN checked, unchanged since: the model is written again from the spec [#TrailNotOfSpec]"

        // No transition 99999 in the model: SPIN says so, and stops.
        let unknown = directory.appendingPathComponent("unknown.trail")
        try Data("-4:-4:-4\n1:0:99999\n".utf8).write(to: unknown)
        let lost = try SpinrunProcess.run(["--replay", unknown.path, "Specs/gate-bug.yaml"])
        #expect(lost.stdout == "")
        #expect(lost.stderr == "Error: --replay: '\(unknown.path)' is not a trail of this spec's model: SPIN did not follow its 1 step on the spec's model: '1: proc 0, no matching stmnt 99999'; \(hint)\n")
        #expect(lost.status == 64)

        let noMoves = try SpinrunProcess.run(["--replay", trail, "Specs/microwave-checked.yaml"])
        #expect(noMoves.stderr == "Error: --replay: '\(trail)' is not a trail of this spec's model: SPIN followed its 3 steps on the spec's model, and 0 were moves; \(hint)\n")
        #expect(noMoves.status == 64)

        let badLine = directory.appendingPathComponent("bad.trail")
        try Data("-4:-4:-4\n1:0:209\n2:0:x\n".utf8).write(to: badLine)
        let bad = try SpinrunProcess.run(["--replay", badLine.path, "Specs/gate-bug.yaml"])
        #expect(bad.stderr == "Error: --replay: \(badLine.path):3 is not a line of a SPIN trail (step:process:transition); give the .trail file SPIN's ./pan wrote for the spec's model (spinrun --promela), or a JSON Lines trace [#NotASpinTrail]\n")
        #expect(bad.status == 64)

        let empty = directory.appendingPathComponent("empty.trail")
        try Data("-4:-4:-4\n".utf8).write(to: empty)
        let none = try SpinrunProcess.run(["--replay", empty.path, "Specs/gate-bug.yaml"])
        #expect(none.stderr == "Error: --replay: \(empty.path):2 is not a line of a SPIN trail (step:process:transition); give the .trail file SPIN's ./pan wrote for the spec's model (spinrun --promela), or a JSON Lines trace [#NotASpinTrail]\n")
        #expect(none.status == 64)

        let missing = directory.appendingPathComponent("missing.trail").path
        let unread = try SpinrunProcess.run(["--replay", missing, "Specs/gate-bug.yaml"])
        #expect(unread.stderr == "Error: --replay: cannot read '\(missing)' [#FileUnreadable]\n")
        #expect(unread.status == 64)

        let jsonl = try SpinrunProcess.run([
            "--replay", "Tests/SpinrunTests/Golden/check/gate-bug.counterexample.jsonl", "--counterexample",
            directory.appendingPathComponent("x.jsonl").path, "Specs/gate-bug.yaml",
        ])
        #expect(jsonl.stderr == "Error: --counterexample and --replay of a JSON Lines trace exclude each other [#ExclusiveOptions]\n")
        #expect(jsonl.status == 64)

        let unwritable = try SpinrunProcess.run(["--replay", trail, "--counterexample", "/nonexistent/x.jsonl", "Specs/gate-bug.yaml"])
        #expect(unwritable.stderr == "Error: --counterexample: cannot write the counterexample to '/nonexistent/x.jsonl'; give a path in a directory that exists and can be written [#CounterexampleNotWritten]\n")
        #expect(unwritable.status == 64)

        // A spec the export refuses has no model to follow the trail on: why, as --promela says.
        let refused = try SpinrunProcess.run(["--replay", trail, "Specs/turnstile.yaml"])
        let promela = try SpinrunProcess.run(["--promela", "Specs/turnstile.yaml"])
        #expect(refused.stderr == promela.stderr)
        #expect(refused.stderr.contains("[#PayloadWithoutValues]"))
        #expect(refused.status == 1)
    }

    @Test("no spin on the PATH: one line naming SPIN and how to install it, exit 1")
    func spinNotFound() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trail = directory.appendingPathComponent("model.pml.trail")
        try Data("-4:-4:-4\n1:0:209\n".utf8).write(to: trail)
        let output = try SpinrunProcess.run(["--replay", trail.path, "Specs/gate-bug.yaml"], environment: ["PATH": directory.path])
        #expect(output.stdout == "")
        #expect(output.stderr == "Error: --replay: SPIN (spin) is not on the PATH: --replay of a SPIN trail runs 'spin -t'; install SPIN 6.5 (apt-get install spin) or put the directory of spin on the PATH [#SpinNotFound]\n")
        #expect(output.status == 1)
    }

    @Test("a spin that fails: what it said, exit 1")
    func spinFails() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trail = directory.appendingPathComponent("model.pml.trail")
        try Data("1:0:209\n".utf8).write(to: trail)
        let bin = try Self.fakeSpin(printing: "spin: preprocessing failed\n", status: 2, in: directory)
        let output = try SpinrunProcess.run(["--replay", trail.path, "Specs/gate-bug.yaml"], environment: ["PATH": bin])
        #expect(output.stdout == "")
        #expect(output.stderr == "Error: --replay: spin -t could not follow '\(trail.path)': \(bin)/spin exited with status 2: 'spin: preprocessing failed'; run 'spin -t -k TRAIL model.pml' on the model spinrun --promela writes to see what SPIN says (SPIN needs a C preprocessor: gcc or cpp) [#SpinFailed]\n")
        #expect(output.status == 1)
    }

    /// A move that does not settle: the model fails its `assert` on the steps of a move at
    /// 100,000, and the trail ends with that move; the run is bounded as the model is, and the
    /// trace is the checker's livelock counterexample (its first 1,000 steps, replayed to them).
    /// (SPIN takes minutes on this model: a `spin` of the test's own prints what SPIN's does.)
    @Test("a move that never settles is the checker's livelock counterexample")
    func unsettledMove() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = "Tests/SpinrunTests/Fixtures/check/bounce.yaml"
        let trail = directory.appendingPathComponent("model.pml.trail")
        try Data("-4:-4:-4\n1:0:1\n".utf8).write(to: trail)
        let bin = try Self.fakeSpin(printing: "      spinrun move: input 0 0: Switch.start\nspin: trail ends after 1 steps\n", status: 0, in: directory)
        let converted = directory.appendingPathComponent("converted.jsonl")
        let output = try SpinrunProcess.run(["--replay", trail.path, "--counterexample", converted.path, spec], environment: ["PATH": bin])
        #expect(output.stdout == "replay: identical to the recorded trace (1000 steps, status max-steps)\n")
        #expect(output.stderr == "")
        #expect(output.status == 0)
        let checked = directory.appendingPathComponent("checked.jsonl")
        let check = try SpinrunProcess.run(["--check", "--counterexample", checked.path, spec])
        #expect(check.status == 6)
        #expect(try String(contentsOf: converted, encoding: .utf8) == (try String(contentsOf: checked, encoding: .utf8)))
    }

    /// What SPIN printed is read strictly: a move the spec does not have, time moved by another
    /// amount than the spec's run moves it, or SPIN's run going on after the spec's ended.
    @Test("markers that disagree with the spec's run are not this spec's trail")
    func markersDisagree() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trail = directory.appendingPathComponent("model.pml.trail")
        try Data("1:0:1\n2:0:2\n".utf8).write(to: trail)
        let hint = "replay a trail with the spec whose model (spinrun --promela SPEC) SPIN checked, unchanged since: the model is written again from the spec [#TrailNotOfSpec]"
        let cases: [(printed: String, why: String)] = [
            ("      spinrun move: input 0 7: Gate.nothing\nspin: trail ends after 2 steps\n",
             "move 1 of the trail is input 7 of spin 0, which the spec does not have"),
            ("      spinrun move: input 0 0: Gate.ticket\n      spinrun move: time 5 x 1000ms\nspin: trail ends after 2 steps\n",
             "move 2 of the trail moves time by 5 × 1000ms in SPIN's model, by 3000ms in the spec's run"),
            ("      spinrun move: input 0 0: Gate.ticket\n      spinrun move: what\nspin: trail ends after 2 steps\n",
             "SPIN printed a move the spec does not have: 'spinrun move: what'"),
            ("      spinrun move: input 0 0: Gate.ticket\nspin: trail ends after 1 steps\n",
             "SPIN followed 1 step of its 2 on the spec's model"),
        ]
        for (printed, why) in cases {
            let bin = try Self.fakeSpin(printing: printed, status: 0, in: directory)
            let output = try SpinrunProcess.run(["--replay", trail.path, "Specs/gate-bug.yaml"], environment: ["PATH": bin])
            #expect(output.stderr == "Error: --replay: '\(trail.path)' is not a trail of this spec's model: \(why); \(hint)\n")
            #expect(output.status == 64)
        }
        // Three passes after one ticket: the run ends at the second (the invariant), SPIN's goes on.
        try Data("1:0:1\n2:0:2\n3:0:3\n4:0:4\n".utf8).write(to: trail)
        let ticket = "      spinrun move: input 0 0: Gate.ticket\n"
        let pass = "      spinrun move: input 0 1: Gate.pass\n"
        let bin = try Self.fakeSpin(printing: ticket + pass + pass + pass + "spin: trail ends after 4 steps\n", status: 0, in: directory)
        let output = try SpinrunProcess.run(["--replay", trail.path, "Specs/gate-bug.yaml"], environment: ["PATH": bin])
        #expect(output.stderr == "Error: --replay: '\(trail.path)' is not a trail of this spec's model: the spec's run ends at move 3 of the trail's 4; \(hint)\n")
        #expect(output.status == 64)
    }
}
