import Foundation
import Testing

/// When things happen in a run, through the built `spinrun`: the wall clock ends where virtual
/// time does, the time limit holds on both, inputs and timers at one instant keep a fixed order,
/// `after:` with `every:`, `--until` on the initial state, and inputs after a final state.
@Suite("spinrun timing")
struct RunTimingTests {
    private static let fixtures = "Tests/SpinrunTests/Fixtures"

    /// The summary line's `"spins":{…}` part: each spin's control state and data.
    private static func spins(_ jsonl: String) -> Substring? {
        guard let last = jsonl.split(separator: "\n").last, let start = last.range(of: #""spins":"#) else { return nil }
        return last[start.lowerBound...]
    }

    /// The example specs whose virtual run ends within a few seconds (the others run for an hour
    /// of virtual time and are left out: a test does not wait that long).
    @Test("--realtime ends in the same state as the virtual run", arguments: ["counter", "gear", "levels", "movies", "turnstile"])
    func realtimeEndsLikeVirtualTime(spec: String) throws {
        let virtual = try SpinrunProcess.run(["--quiet", "--format", "jsonl", "Specs/\(spec).yaml"])
        let realtime = try SpinrunProcess.run(["--realtime", "--quiet", "--format", "jsonl", "Specs/\(spec).yaml"])
        #expect(realtime.status == virtual.status)
        #expect(realtime.stderr == virtual.stderr)
        #expect(Self.spins(realtime.stdout) != nil)
        #expect(Self.spins(realtime.stdout) == Self.spins(virtual.stdout))
        #expect(realtime.stdout.hasPrefix(String(virtual.stdout.prefix { $0 != "," })), "the same status: \(realtime.stdout)")
    }

    /// The gear example: Authorization's timer is armed by an event it catches from Feature's gear,
    /// after Authorization was already idle.
    @Test("--realtime waits for a timer armed through a gear")
    func realtimeWaitsForGearTimers() throws {
        let output = try SpinrunProcess.run(["--realtime", "--format", "jsonl", "Specs/gear.yaml"])
        #expect(output.status == 0)
        let steps = output.stdout.split(separator: "\n").dropFirst().dropLast()
        #expect(steps.count == 5)
        #expect(output.stdout.split(separator: "\n").last?.hasPrefix(#"{"summary":{"status":"idle","steps":5,"#) == true)
    }

    @Test("--realtime --max-time stops at the limit: status max-time, exit 4")
    func realtimeMaxTime() throws {
        let output = try SpinrunProcess.run(["--realtime", "--format", "jsonl", "--max-time", "1s", "Specs/movies.yaml"])
        #expect(output.status == 4)
        #expect(output.stderr == "spinrun: stopped by the time limit: 1s (--max-time) [#TimeLimit]\n")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.last?.hasPrefix(#"{"summary":{"status":"max-time","steps":2,"#) == true)
        // The second step is the first page at ~200ms; the second loadNext (1000ms) is not sent.
        #expect(lines.count == 4)
    }

    /// The rule: at one instant, timers due then fire before the inputs scheduled then. The input
    /// at 1000 ms is unrelated: it must not change the order at 2000 ms.
    @Test("a timer and an input due at the same instant: the timer first, with or without an earlier input")
    func sameInstantOrder() throws {
        let spec = "\(Self.fixtures)/same-instant.yaml"
        let plain = try SpinrunProcess.run(["--events", "\(Self.fixtures)/same-instant.events", spec])
        #expect(plain.stderr == "")
        #expect(plain.stdout == """
            [       0ms] #1   Alarm  start    (input)  idle → active  pokes=0 presses=0
            [    2000ms] #2   Alarm  timeout  (alarm)  active → timedOut  pokes=0 presses=0
            [    2000ms] #3   Alarm  press    (input)  timedOut  pokes=0 presses=1
            idle: 3 steps, 2000ms
              Alarm  timedOut  pokes=0 presses=1

            """)
        let poked = try SpinrunProcess.run(["--events", "\(Self.fixtures)/same-instant-poke.events", spec])
        #expect(poked.stderr == "")
        #expect(poked.stdout == """
            [       0ms] #1   Alarm  start    (input)  idle → active  pokes=0 presses=0
            [    1000ms] #2   Alarm  poke     (input)  active  pokes=1 presses=0
            [    2000ms] #3   Alarm  timeout  (alarm)  active → timedOut  pokes=1 presses=0
            [    2000ms] #4   Alarm  press    (input)  timedOut  pokes=1 presses=1
            idle: 4 steps, 2000ms
              Alarm  timedOut  pokes=1 presses=1

            """)
    }

    @Test("after: with every: the first action after the delay, then every period")
    func afterWithEvery() throws {
        let output = try SpinrunProcess.run(["\(Self.fixtures)/after-every.yaml"])
        #expect(output.status == 0)
        #expect(output.stdout == """
            [     500ms] #1   Beacon  blink  (blinker)  blinks=1
            [    1500ms] #2   Beacon  blink  (blinker)  blinks=2
            [    2500ms] #3   Beacon  blink  (blinker)  blinks=3
            idle: 3 steps, 2500ms
              Beacon  blinks=3

            """)
    }

    @Test("--until is checked on the initial state: no step is taken when it holds there")
    func untilOnTheInitialState() throws {
        let output = try SpinrunProcess.run(["--format", "jsonl", "--until", "left < right", "Specs/levels.yaml"])
        #expect(output.status == 0)
        #expect(output.stdout == #"{"run":{"seed":1,"inputs":"script"}}"# + "\n" + #"{"summary":{"status":"until","steps":0,"time":0,"spins":{"Levels":{"state":null,"data":{"left":10,"right":20}}}}}"# + "\n")
    }

    @Test("inputs after a final state: not sent, and a warning says so")
    func inputsAfterAFinalState() throws {
        let coin = #"coin={"amount":25}"#
        let output = try SpinrunProcess.run([
            "--event", coin, "--event", "push", "--event", coin, "--event", "push", "--event", "push", "--event", coin,
            "Specs/turnstile.yaml",
        ])
        #expect(output.status == 0)
        #expect(output.stdout.hasSuffix("final: 4 steps, 0ms\n  Turnstile  closed  credit=50 passes=2\n"))
        #expect(output.stderr == """
            spinrun: warning: --event push: input 'push' came after spin 'Turnstile' stopped in its final state 'closed'; it was not sent; 1 more input after it was not sent either [#InputAfterFinal]

            """)
        // The script's own: Specs/movies.yaml asks for a fourth page after the third ended it.
        let movies = try SpinrunProcess.run(["--quiet", "Specs/movies.yaml"])
        #expect(movies.stderr == "spinrun: warning: Specs/movies.yaml:54:5: input 'loadNext' came after spin 'Movies' stopped in its final state 'done'; it was not sent; a spin in a final state takes no more events [#InputAfterFinal]\n")
    }
}
