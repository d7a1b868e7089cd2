import Foundation
import Testing

/// `--interactive` on virtual time (docs/semantics.md, "Interactive sessions and time"): time
/// stands still while the session waits for a line; `wait DURATION` and `TIME NAME [JSON]` move
/// it on; after EOF it runs on as in a run without input.
@Suite("spinrun --interactive: virtual time moves only as the lines say")
struct InteractiveTimeTests {
    /// The stopwatch started, 2.5 s of its timers, then stopped: the same trace every time (time
    /// once ran ahead of the typist, so `stop` came at whatever time the run had reached).
    @Test("an input after 'wait 2500ms' is sent at 2.5 s, after the timers due by then, every time")
    func waitLetsTimePass() throws {
        var outputs: [String] = []
        for _ in 0..<3 {
            let output = try SpinrunProcess.run(
                ["--interactive", "--format", "jsonl", "--max-time", "3s", "Specs/stopwatch.yaml"], stdin: "start\nwait 2500ms\nstop\n")
            #expect(output.status == 4)
            #expect(output.stderr == "spinrun: stopped by the time limit: 3s (--max-time) [#TimeLimit]\n")
            outputs.append(output.stdout)
        }
        #expect(outputs.allSatisfy { $0 == outputs[0] })
        let steps = outputs[0].split(separator: "\n").filter { $0.hasPrefix("{\"step\"") }
        // start at 0; refreshes every 200 ms and ticks at 1 s and 2 s up to 2.4 s; stop at 2.5 s;
        // refreshes at 2.6, 2.8 and 3 s.
        #expect(steps.count == 19)
        #expect(steps.first?.contains("\"time\":0,") == true && steps.first?.contains("\"event\":{\"name\":\"start\"") == true)
        #expect(steps[15].contains("\"time\":2500,") && steps[15].contains("\"event\":{\"name\":\"stop\""))
        #expect(steps[14].contains("\"time\":2400,"))
    }

    @Test("'TIME NAME' moves the session's time to TIME and sends the input then; a line without a time is sent at the session's time")
    func timedLines() throws {
        let timed = try SpinrunProcess.run(
            ["--interactive", "--format", "jsonl", "--max-time", "3s", "Specs/stopwatch.yaml"], stdin: "start\n1100ms split\nstop\n")
        let steps = timed.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"step\"") }
        let split = steps.firstIndex { $0.contains("\"event\":{\"name\":\"split\"") }
        let stop = steps.firstIndex { $0.contains("\"event\":{\"name\":\"stop\"") }
        #expect(split.map { steps[$0].contains("\"time\":1100,") } == true)
        #expect(stop.map { steps[$0].contains("\"time\":1100,") } == true)
        // Stopped in lap time: no timer is left, the run ends idle.
        #expect(timed.stderr == "")
        #expect(timed.status == 0)
    }

    @Test("a time before the session's is refused, located at its line; a wait that is not a duration too")
    func refusals() throws {
        let past = try SpinrunProcess.run(["--interactive", "--quiet", "Specs/turnstile.yaml"], stdin: "wait 2s\n1s coin {\"amount\":25}\n")
        #expect(past.stderr == """
            Error: stdin:2: the input's time 1s is before the session's time 2s; an input cannot be sent in the past; give a time from 2s on, or no time (the input is then sent at 2s) [#InputInThePast]

            """)
        let badWait = try SpinrunProcess.run(["--interactive", "--quiet", "Specs/turnstile.yaml"], stdin: "wait 5x\n")
        #expect(badWait.stderr.hasPrefix("Error: stdin:1: "))
        #expect(badWait.stderr.hasSuffix("[#InvalidDuration]\n"))
        // On the wall clock a time is refused: inputs go when typed.
        let wall = try SpinrunProcess.run(["--interactive", "--realtime", "--quiet", "Specs/turnstile.yaml"], stdin: "1s coin {\"amount\":25}\n")
        #expect(wall.stderr == "Error: stdin:1: expected NAME [JSON], not a time ('1s'): on the wall clock an input is sent when it is typed [#TimeNotAllowed]\n")
    }

    @Test("a recorded session replays")
    func replays() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interactive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("session.jsonl")
        let session = try SpinrunProcess.run(
            ["--interactive", "--format", "jsonl", "--max-time", "3s", "Specs/stopwatch.yaml"], stdin: "start\nwait 1300ms\nsplit\nwait 700ms\nstop\n")
        try Data(session.stdout.utf8).write(to: trace)
        let replay = try SpinrunProcess.run(["--replay", trace.path, "Specs/stopwatch.yaml"])
        #expect(replay.status == 0, "\(replay.stderr)")
    }

    @Test("--events - typed at a terminal is read as --interactive reads: time stands still until 'wait'")
    func eventsFromATerminal() throws {
        // `script` gives spinrun a pseudo-terminal for stdin; what it echoes is left out.
        let output = try HostileRun.shell(
            #"printf 'coin {"amount": 25}\nwait 2s\npush\n' | script -qec '"$SPINRUN" --format jsonl --events - Specs/turnstile.yaml' /dev/null"#,
            within: 60)
        let lines = output.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(lines == [
            #"{"run":{"seed":1,"inputs":"interactive"}}"#,
            #"{"step":1,"time":0,"spin":"Turnstile","event":{"name":"coin","payload":{"amount":25}},"source":"input","from":"locked","to":"unlocked","state":{"credit":25,"passes":0}}"#,
            #"{"step":2,"time":2000,"spin":"Turnstile","event":{"name":"push","payload":{}},"source":"input","from":"unlocked","to":"locked","state":{"credit":25,"passes":1}}"#,
            #"{"summary":{"status":"idle","steps":2,"time":2000,"spins":{"Turnstile":{"state":"locked","data":{"credit":25,"passes":1}}}}}"#,
        ])
    }

    @Test("--events - from a pipe or a file is an events file, named stdin in messages")
    func eventsFromAPipe() throws {
        let piped = try SpinrunProcess.run(["--quiet", "--events", "-", "Specs/turnstile.yaml"], stdin: "1s coin {\"amount\": 25}\n2s push\n", stdinIsPipe: true)
        #expect(piped.stdout == "idle: 2 steps, 2000ms\n  Turnstile  locked  credit=25 passes=1\n")
        let wrong = try SpinrunProcess.run(["--events", "-", "Specs/turnstile.yaml"], stdin: "coin {\"amount\": 2x}\n")
        #expect(wrong.status == 64)
        #expect(wrong.stderr == "Error: stdin:1: the payload of 'coin' is not a JSON object: expected '}' at 'x' [#PayloadNotJSON]\n")
        let both = try SpinrunProcess.run(["--events", "-", "--interactive", "Specs/turnstile.yaml"])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("Error: --interactive and --events - (both read stdin) exclude each other [#ExclusiveOptions]\n"))
    }
}
