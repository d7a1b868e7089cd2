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
