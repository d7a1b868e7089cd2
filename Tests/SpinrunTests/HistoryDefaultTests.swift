import Foundation
import Testing

/// A history's default (docs/statecharts.md, rule 11): `history: { type: deep, default: S }` enters
/// S (with the states between and the default entry of the other regions of parallel states
/// between) while nothing is recorded; afterwards what was recorded.
@Suite struct HistoryDefaultTests {
    static let spec = "Tests/SpinrunTests/Fixtures/history-default.yaml"

    @Test func theDefaultIsEnteredUntilSomethingIsRecorded() throws {
        let run = try SpinrunProcess.run([Self.spec])
        #expect(run.status == 0)
        #expect(run.stdout == """
            [    1000ms] #1   Player  power  (input)  off → [paused, quiet]
            [    2000ms] #2   Player  play   (input)  [paused, quiet] → [playing, quiet]
            [    3000ms] #3   Player  next   (input)  [playing, quiet] → [playing, loud]
            [    4000ms] #4   Player  power  (input)  [playing, loud] → off
            [    5000ms] #5   Player  power  (input)  off → [playing, loud]
            idle: 5 steps, 5000ms
              Player  [playing, loud]

            """)
        let check = try SpinrunProcess.run(["--check", Self.spec])
        #expect(BitstateTests.withoutSeconds(check.stdout) == "ok: 36 states, 91 transitions, depth 8\n")
        #expect(check.stderr == "")
    }

    @Test func diagramsDrawTheDefaultFromTheHistory() throws {
        let mermaid = try SpinrunProcess.run(["--mermaid", Self.spec])
        #expect(mermaid.stdout == """
            ---
            title: "Player"
            ---
            stateDiagram-v2
                %% history-default: generated from the spec; labels read `event [guard] (--labels full adds the assignments)`
                %% a row without `to` (the state stays) is a line `on event` of its state; a loop is a row `to:` its own source; [else]: tried after guarded rows
                [*] --> off
                off
                state on {
                    state "H*" as on_H
                    on_H --> paused
                    [*] --> menu
                    menu
                    state media {
                        state track {
                            [*] --> playing
                            playing
                            paused
                            playing --> paused : pause
                            paused --> playing : play
                        }
                        --
                        state volume {
                            [*] --> quiet
                            quiet
                            loud
                            quiet --> loud : next
                        }
                    }
                    menu --> media : play
                    loud --> menu : next
                }
                off --> on_H : power
                on --> off : power

            """)
        let dot = try SpinrunProcess.run(["--dot", Self.spec])
        #expect(dot.stdout.contains(#"        "Player.on/history" -> "Player.paused";"#))
    }
}
