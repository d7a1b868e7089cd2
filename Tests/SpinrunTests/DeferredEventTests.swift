import Foundation
import Testing

/// Deferred events (docs/statecharts.md, rule 19): while a state that defers an event is active,
/// the event is kept, in order, and reduced once no active state defers it, before any input.
@Suite struct DeferredEventTests {
    static let spec = "Tests/SpinrunTests/Fixtures/deferred.yaml"

    @Test func eventsWaitWhileDeferredAndComeBackInOrder() throws {
        let events = ["load", "play", "eject", "loaded"]
        let run = try SpinrunProcess.run(events.flatMap { ["--event", $0] } + [Self.spec])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == """
            [       0ms] #1   Player  load    (input)  empty → loading
            [       0ms] #2   Player  play    (input)  loading  (deferred)
            [       0ms] #3   Player  eject   (input)  loading  (deferred)
            [       0ms] #4   Player  loaded  (input)  loading → stopped
            [       0ms] #5   Player  play    (deferred)  stopped → playing
            [       0ms] #6   Player  eject   (deferred)  playing → empty
            idle: 6 steps, 0ms
              Player  empty

            """)
        // The trace replays: the deferred steps come back from the queue, not from the inputs.
        let trace = try SpinrunProcess.run(["--format", "jsonl"] + events.flatMap { ["--event", $0] } + [Self.spec])
        let path = try HistoryKindTests.written(trace.stdout)
        let replay = try SpinrunProcess.run(["--replay", path, Self.spec])
        #expect(replay.stdout == "replay: identical to the recorded trace (6 steps, status idle)\n")
    }

    /// An event deferred with its payload comes back with it (each in columns of its types).
    @Test func aDeferredEventKeepsItsPayload() throws {
        let spec = "Tests/SpinrunTests/Fixtures/deferred-payload.yaml"
        let events = ["load", "play={\"track\":3,\"loud\":true}", "skip={\"by\":2}", "play={\"track\":7,\"loud\":false}", "loaded"]
        let run = try SpinrunProcess.run(events.flatMap { ["--event", $0] } + [spec])
        #expect(run.status == 0)
        #expect(run.stdout == """
            [       0ms] #1   Player  load    (input)  empty → loading  track=0 loud=false plays=0
            [       0ms] #2   Player  play {"track":3,"loud":true}  (input)  loading  track=0 loud=false plays=0  (deferred)
            [       0ms] #3   Player  skip {"by":2}  (input)  loading  track=0 loud=false plays=0  (deferred)
            [       0ms] #4   Player  play {"track":7,"loud":false}  (input)  loading  track=0 loud=false plays=0  (deferred)
            [       0ms] #5   Player  loaded  (input)  loading → playing  track=0 loud=false plays=0
            [       0ms] #6   Player  play {"track":3,"loud":true}  (deferred)  playing  track=3 loud=true plays=1
            [       0ms] #7   Player  skip {"by":2}  (deferred)  playing  track=5 loud=true plays=1
            [       0ms] #8   Player  play {"track":7,"loud":false}  (deferred)  playing  track=7 loud=false plays=2
            idle: 8 steps, 0ms
              Player  playing  track=7 loud=false plays=2

            """)
        let trace = try SpinrunProcess.run(["--format", "jsonl"] + events.flatMap { ["--event", $0] } + [spec])
        let replay = try SpinrunProcess.run(["--replay", try HistoryKindTests.written(trace.stdout), spec])
        #expect(replay.stdout == "replay: identical to the recorded trace (8 steps, status idle)\n")
    }

    /// `--check` stores the payloads with the queue (a lost one would play track 0); the export,
    /// whose queue keeps kinds, refuses to defer an event with a payload.
    @Test func theCheckerKeepsDeferredPayloads() throws {
        let spec = "Tests/SpinrunTests/Fixtures/deferred-payload-checked.yaml"
        let check = try SpinrunProcess.run(["--check", spec])
        #expect(check.status == 0)
        #expect(BitstateTests.withoutSeconds(check.stdout) == "ok: 11 states, 12 transitions, depth 10\n")
        let export = try SpinrunProcess.run(["--promela", spec])
        #expect(export.status == 1)
        #expect(export.stderr.hasPrefix("""
            \(spec):15:3: error: state 'loading', which defers 'play' with its payload cannot be exported to Promela: the model's queue of deferred events keeps kinds, not payloads [#NotExportable]
            """))
    }

    @Test func anEventStillDeferredKeepsItsPlace() throws {
        // In stopped, eject is offered first (play is not deferred there either, but came later).
        let text = try String(contentsOfFile: Self.spec, encoding: .utf8)
            .replacingOccurrences(of: "  stopped: {}", with: "  stopped: { defer: [play] }")
        let spec = try HistoryKindTests.written(text)
        let run = try SpinrunProcess.run(["--event", "load", "--event", "play", "--event", "eject", "--event", "loaded", spec])
        #expect(run.stdout.hasSuffix("""
            [       0ms] #4   Player  loaded  (input)  loading → stopped
            [       0ms] #5   Player  eject   (deferred)  stopped → empty
            [       0ms] #6   Player  play    (deferred)  empty  (unchanged)
            idle: 6 steps, 0ms
              Player  empty

            """))
    }

    @Test func theQueueIsCheckedStateAndItsLimitAFinding() throws {
        let spec = "Tests/SpinrunTests/Fixtures/deferred-limit.yaml"
        let check = try SpinrunProcess.run(["--check", spec])
        #expect(check.status == 6)
        // 17 lengths of the queue in loading, and three states without one.
        let output = BitstateTests.withoutSeconds(check.stdout)
        #expect(output.hasPrefix("\(spec):7:3: error: more than 16 deferred events wait [#DeferredEventLimit]\n"))
        #expect(output.hasSuffix("  [   0ms] #18  Player  play    (input)  loading  (deferred)\nviolated: 20 states, 38 transitions, depth 17\n"))
        // With a timer: ticks wait while loading, then come back in order (SPIN agrees, PromelaTests).
        let timed = try SpinrunProcess.run(["--check", "Tests/SpinrunTests/Fixtures/deferred-timer.yaml"])
        #expect(BitstateTests.withoutSeconds(timed.stdout) == "ok: 20 states, 21 transitions, depth 19\n")
    }

    @Test func diagramsNoteIt() throws {
        let dot = try SpinrunProcess.run(["--dot", Self.spec])
        #expect(dot.stdout.contains(#"        "Player.loading" [label="loading\ndefer play, eject"];"#))
        let mermaid = try SpinrunProcess.run(["--mermaid", Self.spec])
        #expect(mermaid.stdout.contains("    loading\n    note right of loading\n        defer play, eject\n    end note\n"))
    }
}
