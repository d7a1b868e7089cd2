import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// The reports of a run as spinrun prints them, as the library makes them: the exit status,
/// the line of the limit that ended it, the warnings about ignored inputs, `--replay`'s verdict,
/// the inputs of the command line and of an interactive session. The strings are spinrun's, byte
/// for byte (the goldens of SpinrunTests hold them too).
@Suite("a run's reports spinrun prints, as the library makes them")
struct RunReportTests {
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
        let recording = try InputAndReplayTests.recordedTrace(path: "t.jsonl")
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

    // MARK: Helpers

    private static func summary(
        _ status: RunStatus, cycle: [String]? = nil, fullQueue: String? = nil, ignoredInputs: [IgnoredInput] = []
    ) -> RunSummary {
        RunSummary(status: status, steps: 3, time: 0, spins: [], fault: nil, cycle: cycle, fullQueue: fullQueue, ignoredInputs: ignoredInputs)
    }

    /// A check's result with `status`: 867 states, 1714 transitions, depth 100 unless given.
    private static func refusal(_ action: InteractiveInput.Action) -> String? {
        guard case .refuse(let error) = action else { return nil }
        return error.description
    }

    /// The error of a trail that failed as bad usage (`usage`) or as SPIN's failure; nil otherwise.
    private static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spindsl-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A `spin` of the test's own: a shell script running `body`.
}
