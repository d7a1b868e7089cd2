import Foundation
import Testing

/// Initial transitions (docs/statecharts.md, rule 18): `initial` may name deeper states, one per
/// region, and carry actions, which run when the state is entered by default, after its entry
/// actions and before its children's.
@Suite struct InitialTransitionTests {
    static let spec = "Tests/SpinrunTests/Fixtures/initial-targets.yaml"

    @Test func deepTargetsAndTheActionsOfDefaultEntriesOnly() throws {
        let run = try SpinrunProcess.run(["--event", "power", "--event", "play", "--event", "reset", "--event", "power", "--event", "power", Self.spec])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        // `on` starts in paused and loud (its actions once per default entry); `track` is entered
        // by default only by `reset`, which runs its actions and raises `ready`.
        #expect(run.stdout == """
            [       0ms] #1   Player  power  (input)  off → [paused, loud]  onStarts=1 trackStarts=0 readies=0
            [       0ms] #2   Player  play   (input)  [paused, loud] → [playing, loud]  onStarts=1 trackStarts=0 readies=0
            [       0ms] #3   Player  reset  (input)  [playing, loud] → [playing, quiet]  onStarts=1 trackStarts=1 readies=0  (re-entered on, media, track, playing, volume)
            [       0ms] #4   Player  ready  (raised)  [playing, quiet]  onStarts=1 trackStarts=1 readies=1
            [       0ms] #5   Player  power  (input)  [playing, quiet] → off  onStarts=1 trackStarts=1 readies=1
            [       0ms] #6   Player  power  (input)  off → [paused, loud]  onStarts=2 trackStarts=1 readies=1
            idle: 6 steps, 0ms
              Player  [paused, loud]  onStarts=2 trackStarts=1 readies=1

            """)
        let check = try SpinrunProcess.run(["--check", Self.spec])
        #expect(BitstateTests.withoutSeconds(check.stdout) == "ok: 64 states, 129 transitions, depth 13\n")
    }

    @Test func theActionsRunAfterTheStatesEntryActionsAndBeforeItsChildrens() throws {
        let spec = try HistoryKindTests.written("""
            spin: Order
            data:
              log: ""
            events: [go]
            inputs: [go]
            states:
              off: {}
              on:
                entry: { set: { log: log + "+on" } }
                initial: { to: [b, y], set: { log: log + "/on" } }
                states:
                  m:
                    entry: { set: { log: log + "+m" } }
                    parallel:
                      r1: { states: { a: {}, b: { entry: { set: { log: log + "+b" } } } } }
                      r2:
                        initial: { to: x, set: { log: log + "/r2" } }
                        states: { x: { entry: { set: { log: log + "+x" } } }, y: { entry: { set: { log: log + "+y" } } } }
            transitions:
              - { from: off, on: go, to: on }
              - { from: y, on: go, to: r2 }
              - { from: a, on: go, to: b }
            """)
        let run = try SpinrunProcess.run(["--format", "jsonl", "--event", "go", "--event", "go", spec])
        // Warnings only (b has no way out): the chart is small on purpose.
        #expect(run.status == 0)
        let logs = run.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #""log":"[^"]*""#, options: .regularExpression) else { return nil }
            return String(line[range])
        }
        // r2 is not entered by default when y, below it, is a target; it is when a row targets it
        // (which exits and enters m, inside the row's domain: on).
        #expect(logs.prefix(2) == [#""log":"+on/on+m+b+y""#, #""log":"+on/on+m+b+y+m/r2+x""#])
    }

    @Test func theSpinStartsInAStateOfEachRegionAndRunsItsStartActions() throws {
        let parallel = try HistoryKindTests.written("""
            spin: Player
            events: [play]
            inputs: [play]
            initial: [paused, loud]
            parallel:
              track: { states: [playing, paused] }
              volume: { states: [quiet, loud] }
            transitions:
              - { from: paused, on: play, to: playing }
            """)
        let run = try SpinrunProcess.run(["--quiet", "--event", "play", parallel])
        #expect(run.stdout == "idle: 1 step, 0ms\n  Player  [playing, loud]\n")
        let flat = try HistoryKindTests.written("""
            spin: Lamp
            data:
              n: 0
            states: [off, on]
            initial: { to: on, set: { n: 5 }, emit: go }
            events: [toggle, go]
            inputs: [toggle]
            transitions:
              - { from: on, on: toggle, to: off }
              - { from: off, on: toggle, to: on }
              - { on: go, set: { n: n + 1 } }
            """)
        let lamp = try SpinrunProcess.run(["--event", "toggle", flat])
        #expect(lamp.stderr == "")
        #expect(lamp.stdout == """
            [       0ms] #1   Lamp  go      (raised)  on  n=6
            [       0ms] #2   Lamp  toggle  (input)  on → off  n=6
            idle: 2 steps, 0ms
              Lamp  off  n=6

            """)
    }

    @Test func diagramsDrawAnArrowToEachStateAndTheActionsAsANote() throws {
        let dot = try SpinrunProcess.run(["--dot", Self.spec])
        #expect(dot.stdout.contains("""
                        "Player.on/initial" -> "Player.paused";
                        "Player.on/initial" -> "Player.loud";
            """))
        let mermaid = try SpinrunProcess.run(["--mermaid", Self.spec])
        #expect(mermaid.stdout.contains("""
                state on {
                    [*] --> paused
                    [*] --> loud
            """))
        #expect(mermaid.stdout.contains("""
                note right of on
                    initial / onStarts #58;= (onStarts + 1) #37; 4
            """))
    }
}
