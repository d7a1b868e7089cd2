import Foundation
import Testing
@testable import SpinDSL
@testable import SpinDSLChecker
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// What `spinrun` prints and how it ends, decided by the library: a run's report (its exit status,
/// the line of the limit that ended it, the warnings about ignored inputs), `--replay`'s verdict,
/// a run's header and limits, the inputs of the command line, an interactive session line by
/// line, a check's report, a SPIN trail followed into a counterexample, and `--validate`'s
/// verdict. The strings are spinrun's, byte for byte (the goldens of SpinrunTests hold them too).
/// Specs are loaded in the tests, never kept in a static (the leak checker).
@Suite("the reports spinrun prints, as the library makes them")
struct CommandReportTests {
    // MARK: A run's report

    @Test("the exit status of each way a run ends")
    func runExitStatuses() {
        let expected: [(RunStatus, Int32)] = [
            (.final, 0), (.idle, 0), (.until, 0), (.error, 3), (.invariant, 6), (.maxSteps, 4), (.maxTime, 4),
            (.maxQueue, 4), (.livelock, 4), (.interrupted, 130), (.terminated, 143),
        ]
        for (status, code) in expected {
            #expect(RunSummary.exitStatus(for: status) == code, "\(status)")
        }
        #expect(Self.summary(.maxSteps).exitStatus == 4)
    }

    @Test("the stderr line of the limit that ended a run, naming its flag")
    func runLimitMessages() {
        let limits = RunLimits(maxSteps: 5000, maxTimeMilliseconds: 3000, livelockRepeats: 100, maxQueueLength: 10)
        #expect(Self.summary(.maxSteps).limitMessage(limits: limits, maxTimeText: "3s")
            == "spinrun: stopped by the step limit: 5000 steps (--max-steps); a spec that never settles runs until this limit [#StepLimit]")
        #expect(Self.summary(.maxTime).limitMessage(limits: limits, maxTimeText: "3s")
            == "spinrun: stopped by the time limit: 3s (--max-time) [#TimeLimit]")
        #expect(Self.summary(.maxQueue, fullQueue: "Runaway").limitMessage(limits: limits, maxTimeText: "3s")
            == "spinrun: stopped by the queue limit: spin 'Runaway' had 10 events waiting (--max-queue); feedbacks that emit faster than the spin reduces fill its queue until this limit [#QueueLimit]")
        let livelock = Self.summary(.livelock, cycle: ["Switch: flip off → on", "Switch: flip on → off"])
        #expect(livelock.limitMessage(limits: limits, maxTimeText: "3s")
            == "spinrun: livelock at 0ms: a cycle of 2 steps repeated 100 times with no time passing (--livelock-repeats): Switch: flip off → on; Switch: flip on → off [#Livelock]")
        #expect(Self.summary(.idle).limitMessage(limits: limits, maxTimeText: "3s") == nil)
        #expect(Self.summary(.interrupted).limitMessage(limits: limits, maxTimeText: "3s") == nil)
    }

    @Test("one warning per spin sent inputs after its final state, with how many more; after the limit's line")
    func ignoredInputWarnings() {
        let ignored = [
            IgnoredInput(spin: "Turnstile", finalState: "closed", event: "push", time: 0, origin: "--event push"),
            IgnoredInput(spin: "Movies", finalState: "done", event: "loadNext", time: 5, origin: "Specs/movies.yaml:54:5"),
            IgnoredInput(spin: "Turnstile", finalState: "closed", event: "coin", time: 0, origin: "--event coin"),
        ]
        let summary = Self.summary(.maxSteps, ignoredInputs: ignored)
        let turnstile = "spinrun: warning: --event push: input 'push' came after spin 'Turnstile' stopped in its final state 'closed'; it was not sent; 1 more input after it was not sent either [#InputAfterFinal]"
        let movies = "spinrun: warning: Specs/movies.yaml:54:5: input 'loadNext' came after spin 'Movies' stopped in its final state 'done'; it was not sent; a spin in a final state takes no more events [#InputAfterFinal]"
        #expect(summary.ignoredInputWarnings == [turnstile, movies])
        #expect(summary.reportLines(limits: RunLimits(maxSteps: 1), maxTimeText: "24h") == [
            "spinrun: stopped by the step limit: 1 step (--max-steps); a spec that never settles runs until this limit [#StepLimit]",
            turnstile, movies,
        ])
        #expect(Self.summary(.final).reportLines(limits: RunLimits(), maxTimeText: "24h").isEmpty)
    }

    // MARK: --replay

    @Test("--replay's verdict: identical (exit 0), the first difference (exit 5), a cycle that does not close")
    func replayVerdicts() async throws {
        let spec = loadSpec("counter.yaml")
        let (steps, summary) = try #require(await runSpec(spec))
        let golden = try String(contentsOfFile: "\(packageRoot)/Tests/SpinrunTests/Golden/counter.jsonl", encoding: .utf8)
        let recorded = golden.split(separator: "\n").map(String.init)
        let header = TraceHeader(seed: 1, inputs: .script)

        let same = ReplayVerdict(recorded: recorded, header: header, steps: steps, summary: summary)
        #expect(same.line == "replay: identical to the recorded trace (11 steps, status idle)")
        #expect(same.isIdentical)
        #expect(same.exitStatus == 0)
        // A trace recorded before traces had a header: every line is compared.
        #expect(ReplayVerdict(recorded: Array(recorded.dropFirst()), header: nil, steps: steps, summary: summary).isIdentical)

        var changed = recorded
        changed[3] = changed[3].replacingOccurrences(of: #""count":3"#, with: #""count":30"#)
        let differs = ReplayVerdict(recorded: changed, header: header, steps: steps, summary: summary)
        #expect(differs.line == "step 3: state.count expected 30, got 3 [#ReplayDiverged]")
        #expect(differs.difference == differs.line)
        #expect(differs.exitStatus == 5)

        var lasso = header
        lasso.cycleStep = 2
        let open = ReplayVerdict(recorded: recorded, header: lasso, steps: steps, summary: summary)
        #expect(open.line == "step 11: spin 'Counter' ends the cycle (steps 2 to 11) elsewhere than it began it: the cycle does not close [#ReplayDiverged]")
        #expect(open.exitStatus == 5)
    }

    @Test("a replayed run's limits and header: the recorded ones win; a new header records the limits that are not the defaults")
    func headersAndLimits() {
        let options = RunLimits(maxSteps: 3000, maxTimeMilliseconds: 86_400_000, livelockRepeats: 7)
        #expect(options.recorded(in: nil) == options)
        var recorded = TraceHeader(seed: 4, inputs: .events, maxTimeMilliseconds: 500, maxSteps: 20)
        #expect(options.recorded(in: recorded) == RunLimits(maxSteps: 20, maxTimeMilliseconds: 500, livelockRepeats: 7))

        let fresh = TraceHeader.ofRun(recorded: nil, seed: 9, inputs: .events, limits: options)
        #expect(fresh.json == #"{"run":{"seed":9,"inputs":"events","maxSteps":3000,"livelockRepeats":7}}"#)
        #expect(TraceHeader.ofRun(recorded: nil, seed: 1, inputs: .script, limits: RunLimits()).json == #"{"run":{"seed":1,"inputs":"script"}}"#)
        recorded.cycleStep = 3
        let again = TraceHeader.ofRun(recorded: recorded, seed: 2, inputs: .script, limits: options)
        #expect(again.json == #"{"run":{"seed":2,"inputs":"events","maxTime":500,"maxSteps":20,"cycle":3}}"#)
    }

    @Test("a recorded trace's input steps, as inputs to schedule again, each into its spin")
    func recordedInputs() throws {
        var lines = Replay.RecordedLines()
        lines.lines = InputAndReplayTests.recorded
        lines.numbers = [1, 2, 4, 5]
        let recording = try Replay.recording(lines, path: "t.jsonl").get()
        let inputs = recording.inputEvents(path: "t.jsonl")
        #expect(inputs.map(\.spin) == ["Turnstile", "Turnstile"])
        #expect(inputs.map(\.input) == [
            InputEvent(atMilliseconds: 1000, name: "coin", payloadJSON: #"{"amount":25}"#, origin: "t.jsonl:2"),
            InputEvent(atMilliseconds: 2000, name: "push", payloadJSON: nil, origin: "t.jsonl:4"),
        ])
        #expect(recording.inputEvents(path: nil).map(\.input.origin) == ["--replay:2", "--replay:4"])
    }

    // MARK: Inputs

    @Test("the command line's inputs: --event options in order, then the events file in time order, within --max-steps")
    func commandLineInputs() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("coins.events").path
        try Data("2s push\n# a comment\n1s coin {\"amount\":25}\n1s push\n".utf8).write(to: URL(fileURLWithPath: file))

        let all = try EventParsing.inputs(options: ["coin={\"amount\":5}", "push"], eventsFile: file, maxBytes: 1000, keep: 10).get()
        #expect(all == [
            InputEvent(atMilliseconds: 0, name: "coin", payloadJSON: #"{"amount":5}"#, origin: #"--event coin={"amount":5}"#),
            InputEvent(atMilliseconds: 0, name: "push", payloadJSON: nil, origin: "--event push"),
            InputEvent(atMilliseconds: 1000, name: "coin", payloadJSON: #"{"amount":25}"#, origin: "\(file):3"),
            InputEvent(atMilliseconds: 1000, name: "push", payloadJSON: nil, origin: "\(file):4"),
            InputEvent(atMilliseconds: 2000, name: "push", payloadJSON: nil, origin: "\(file):1"),
        ])
        let kept = try EventParsing.inputs(options: [], eventsFile: file, maxBytes: 1000, keep: 1).get()
        #expect(kept.map(\.origin) == ["\(file):3"])
        #expect(try EventParsing.inputs(options: ["push"], eventsFile: nil, maxBytes: 1, keep: 1).get().map(\.name) == ["push"])

        guard case .failure(let badOption) = EventParsing.inputs(options: ["1coin"], eventsFile: file, maxBytes: 1000, keep: 10) else {
            Issue.record("'1coin' was read as an event")
            return
        }
        #expect(badOption.description == "--event: '1coin' is not NAME or NAME=JSON [#InvalidEventOption]")
        let missing = directory.appendingPathComponent("missing.events").path
        guard case .failure(let unreadable) = EventParsing.inputs(options: [], eventsFile: missing, maxBytes: 1000, keep: 10) else {
            Issue.record("a missing events file was read")
            return
        }
        #expect(unreadable.description == "--events: cannot read '\(missing)' [#FileUnreadable]")
    }

    @Test("an interactive session on virtual time, line by line: now, wait, a time, a time in the past, a bad line")
    func interactiveVirtualTime() throws {
        let model = try #require(loadSpec("turnstile.yaml").model)
        var session = InteractiveInput(model: model, spin: nil, maxLineBytes: 64, realtime: false)
        guard case .schedule(let coin) = session.read(#"coin {"amount":25}"#) else {
            Issue.record("a typed input was not scheduled")
            return
        }
        #expect(coin == InputEvent(atMilliseconds: 0, name: "coin", payloadJSON: #"{"amount":25}"#, origin: "stdin:1"))
        guard case .allowTime(let until) = session.read("wait 2s  # two seconds") else {
            Issue.record("wait did not let time pass")
            return
        }
        #expect(until == 2000)
        #expect(session.now == 2000)
        #expect(Self.refusal(session.read("1s push")) == "stdin:3: the input's time 1s is before the session's time 2s; an input cannot be sent in the past; give a time from 2s on, or no time (the input is then sent at 2s) [#InputInThePast]")
        #expect(session.now == 2000)
        guard case .schedule(let push) = session.read("3s push") else {
            Issue.record("a timed input was not scheduled")
            return
        }
        #expect(push == InputEvent(atMilliseconds: 3000, name: "push", payloadJSON: nil, origin: "stdin:4"))
        #expect(session.now == 3000)
        guard case .schedule(let later) = session.read("push") else {
            Issue.record("an input without a time was not scheduled")
            return
        }
        #expect(later.atMilliseconds == 3000)
        guard case .none = session.read("   # nothing") else {
            Issue.record("a comment line asked for something")
            return
        }
        #expect(Self.refusal(session.read("wait 1.5")) == "stdin:7: invalid duration '1.5'; write a whole or decimal number (no exponent, below 2^63 milliseconds) followed by ms, s, m or h, e.g. 300ms or 1.5s [#InvalidDuration]")
        #expect(Self.refusal(session.readTooLong()) == "stdin:8: the line is longer than the limit of 64 bytes; it is skipped; an event line is a name and a small JSON object; raise the limit if one really is this long: spinrun --max-events-bytes N [#InputLineTooLong]")
        // `wait` alone is an event named wait.
        guard case .schedule(let wait) = session.read("wait") else {
            Issue.record("'wait' alone was not read as an event")
            return
        }
        #expect(wait.name == "wait")
        #expect(session.lineNumber == 9)
        // Past the largest time: the session's time stays at the largest.
        _ = session.read("wait 9223372036854775s")
        _ = session.read("wait 9223372036854775s")
        #expect(session.now == Int64.max)
    }

    @Test("an interactive session on the wall clock: sent at once, wait pauses, a time is refused")
    func interactiveWallClock() throws {
        let model = try #require(loadSpec("turnstile.yaml").model)
        var session = InteractiveInput(model: model, spin: nil, maxLineBytes: 64, realtime: true)
        guard case .send(let coin) = session.read("coin") else {
            Issue.record("a typed input was not sent at once")
            return
        }
        #expect(coin.origin == "stdin:1")
        guard case .pause(let milliseconds) = session.read("wait 10ms") else {
            Issue.record("wait did not pause")
            return
        }
        #expect(milliseconds == 10)
        #expect(session.now == 0)
        #expect(Self.refusal(session.read("1s coin")) == "stdin:3: expected NAME [JSON], not a time ('1s'): on the wall clock an input is sent when it is typed [#TimeNotAllowed]")
    }

    @Test("carrying out a line: its input scheduled into the run, or the problem to report")
    func interactivePerform() throws {
        let compiled = try #require(loadSpec("turnstile.yaml").compiled)
        let run = SpecRun(compiled, options: SpecRunOptions(seed: 1, runsScript: false), limits: RunLimits(), holdOpen: true)
        var session = InteractiveInput(model: compiled.model, spin: nil, maxLineBytes: 64, realtime: false)
        #expect(session.perform(session.read(#"coin {"amount":25}"#), on: run) == nil)
        #expect(session.perform(session.read("wait 1s"), on: run) == nil)
        #expect(session.perform(session.read("nosuch"), on: run)?.description == "stdin:3: spin 'Turnstile' has no event 'nosuch' [#UnknownInputEvent]")
        #expect(session.perform(session.read("coin {x}"), on: run)?.description == "stdin:4: the payload of 'coin' is not a JSON object: expected a string at 'x' [#PayloadNotJSON]")
        #expect(session.perform(session.read("0s push"), on: run)?.problem.group == .inputInThePast)
        #expect(session.perform(.none, on: run) == nil)
        #expect(session.perform(.pause(milliseconds: 5), on: run) == nil)
    }

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

    // MARK: --validate

    @Test("--validate's verdict on a spec, and whether it fails, strictly or not")
    func validateVerdicts() {
        let valid = loadSpec("counter.yaml")
        #expect(valid.verdict == "ok")
        #expect(!valid.fails(strict: true))
        let warned = loadSpec("invalid/never-emitted-event.yaml")
        #expect(warned.verdict == "1 warning")
        #expect(!warned.fails(strict: false))
        #expect(warned.fails(strict: true))
        let wrong = loadSpec("invalid/array-declarations.yaml")
        #expect(wrong.verdict == "5 errors")
        #expect(wrong.fails(strict: false))
    }

    // MARK: Helpers

    /// A summary of a run that ended with `status`, of no spin, at time 0.
    private static func summary(
        _ status: RunStatus, cycle: [String]? = nil, fullQueue: String? = nil, ignoredInputs: [IgnoredInput] = []
    ) -> RunSummary {
        RunSummary(status: status, steps: 3, time: 0, spins: [], fault: nil, cycle: cycle, fullQueue: fullQueue, ignoredInputs: ignoredInputs)
    }

    /// A check's result with `status`: 867 states, 1714 transitions, depth 100 unless given.
    private static func result(
        _ status: CheckStatus, states: Int = 867, seconds: Double = 1.25, deadEnds: Int = 0, limit: CheckLimit? = nil
    ) -> CheckResult {
        CheckResult(
            status: status, states: states, transitions: 1714, depth: 100, seconds: seconds, violations: [],
            deadEnds: deadEnds, limit: limit, coverage: [], memoryBytes: 0)
    }

    /// The error of a refused line, as spinrun prints it after `Error: `; nil for any other action.
    private static func refusal(_ action: InteractiveInput.Action) -> String? {
        guard case .refuse(let error) = action else { return nil }
        return error.description
    }

    /// The error of a trail that failed as bad usage (`usage`) or as SPIN's failure; nil otherwise.
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
