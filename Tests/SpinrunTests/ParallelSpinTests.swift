import Foundation
import Testing

/// A parallel spin (docs/statecharts.md, rule 16): `parallel:` in a spin's body puts its regions
/// at top level, held by one parallel state named as the spin; the spin is final when every region
/// is in a final state.
@Suite struct ParallelSpinTests {
    static let spec = "Tests/SpinrunTests/Fixtures/parallel-spin.yaml"

    @Test func theRegionsRunTogetherAndTheSpinEndsWhenEachIsFinal() throws {
        let run = try SpinrunProcess.run([Self.spec])
        #expect(run.status == 0)
        #expect(run.stdout == """
            [       0ms] #1   Player  play    (input)  [stopped, quiet] → [playing, quiet]  volume=0
            [    1000ms] #2   Player  louder  (input)  [playing, quiet] → [playing, loud]  volume=1
            [    2000ms] #3   Player  louder  (input)  [playing, loud]  volume=2  (re-entered loud)
            [    3000ms] #4   Player  mute    (input)  [playing, loud] → [playing, off]  volume=2
            [    4000ms] #5   Player  stop    (input)  [playing, off] → [stopped, off]  volume=2
            [    5000ms] #6   Player  play    (input)  [stopped, off] → [playing, off]  volume=2
            [    6000ms] #7   Player  finish  (input)  [playing, off] → [ended, off]  volume=2
            final: 7 steps, 6000ms
              Player  [ended, off]  volume=2

            """)
        #expect(run.stderr.hasSuffix("[#InputAfterFinal]\n"))
    }

    /// No dead end: the spin stops where both regions are final (SPIN on the export stores the
    /// same states: `PromelaTests.spinAgreesOnStatechartsRoundTwo`).
    @Test func theCheckerStopsTheSpinWhereEveryRegionIsFinal() throws {
        let check = try SpinrunProcess.run(["--check", Self.spec])
        #expect(check.status == 0)
        #expect(BitstateTests.withoutSeconds(check.stdout) == "ok: 24 states, 46 transitions, depth 6\n")
        #expect(check.stderr == "")
    }
}
