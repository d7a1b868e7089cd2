import Foundation
import Testing

/// Timed rows (docs/statecharts.md, rule 17): `{ from: S, after: D, to: T }`, no `on`: armed on
/// S's entry, restarted on a re-entry, disarmed on its exit; rows from one state with the same
/// duration share one timer, tried in document order.
@Suite struct TimedRowTests {
    static let spec = "Tests/SpinrunTests/Fixtures/timed-rows.yaml"

    @Test func aTimedRowFiresWhenItsStateHasBeenActiveForItsDuration() throws {
        let run = try SpinrunProcess.run([Self.spec])
        #expect(run.status == 0)
        #expect(run.stdout == """
            [       0ms] #1   Alarm  arm                   (input)  idle → armed  beeps=0 delay=2s
            [    3000ms] #2   Alarm  tick                  (input)  armed  beeps=0 delay=2s  (re-entered armed)
            [    7000ms] #3   Alarm  armed.after(delay*2)  (armed.after(delay*2))  armed → ringing  beeps=0 delay=2s
            [    8000ms] #4   Alarm  ringing.after(1s)     (ringing.after(1s))  ringing  beeps=1 delay=2s  (re-entered ringing)
            [    9000ms] #5   Alarm  ringing.after(1s)     (ringing.after(1s))  ringing  beeps=2 delay=2s  (re-entered ringing)
            [   10000ms] #6   Alarm  ringing.after(1s)     (ringing.after(1s))  ringing → idle  beeps=2 delay=2s
            [   20000ms] #7   Alarm  arm                   (input)  idle → armed  beeps=2 delay=2s
            [   21000ms] #8   Alarm  disarm                (input)  armed → idle  beeps=2 delay=2s
            idle: 8 steps, 21000ms
              Alarm  idle  beeps=2 delay=2s

            """)
    }

    /// The timers are checked state (SPIN counts the checker's states on the export of the same
    /// alarm with a fixed first delay: `PromelaTests.spinAgreesOnStatechartsRoundTwo`).
    @Test func theCheckerCountsTheTimers() throws {
        let check = try SpinrunProcess.run(["--check", Self.spec])
        #expect(check.status == 0)
        #expect(BitstateTests.withoutSeconds(check.stdout) == "ok: 7 states, 10 transitions, depth 6\n")
    }

    @Test func diagramsLabelTimedRowsWithTheirDuration() throws {
        let mermaid = try SpinrunProcess.run(["--mermaid", "--labels", "guards", Self.spec])
        #expect(mermaid.stdout == """
            ---
            title: "Alarm"
            ---
            stateDiagram-v2
                %% timed-rows: generated from the spec; labels read `event [guard] (--labels full adds the assignments)`
                %% a row without `to` (the state stays) is a line `on event` of its state; a loop is a row `to:` its own source; [else]: tried after guarded rows
                [*] --> idle
                idle --> armed : arm
                armed --> ringing : after delay * 2
                armed --> idle : disarm
                armed --> armed : tick
                ringing --> ringing : after 1s [beeps #lt; 2]
                ringing --> idle : after 1s [else]

            """)
    }

    /// The export takes a timed row with a fixed duration (`PromelaTests`); one whose duration is
    /// computed is refused as the row it is.
    @Test func theExportNamesATimedRowItCannotWrite() throws {
        let export = try SpinrunProcess.run(["--promela", Self.spec])
        #expect(export.status == 1)
        #expect(export.stderr.hasSuffix("""
            Tests/SpinrunTests/Fixtures/timed-rows.yaml:16:27: error: timed row 'armed.after(delay*2)' cannot be exported to Promela: 'after' is exported with a fixed delay longer than 0ms [#NotExportable]
                  - { from: armed, after: delay * 2, to: ringing }
                                          ^
            hint: check this spec with spinrun --check, or rewrite the construct with what the export supports (docs/checking.md)

            """))
    }
}
