import Testing
@testable import SpinDSL

/// A feedback of several level-triggered cases (`LevelCases`): in each state the first case that
/// holds acts, constant events and computed ones alike, and a case whose test fails stops the
/// run with that error.
@Suite struct LevelCasesTests {
    @Test func theFirstCaseThatHoldsActs() async throws {
        let spec = SpinSpec.load(text: """
            spin: Cases
            data: { n: 0, last: 0 }
            events:
              small: {}
              big: {}
              set: { to: int }
            transitions:
              - { on: small, set: { n: n + 1, last: 1 } }
              - { on: big, set: { n: n + 10, last: 2 } }
              - { on: set, set: { n: event.to, last: 3 } }
            feedbacks:
              step:
                - { when: n < 3, emit: small }
                - { when: n < 30, emit: big }
                - { when: n == 33, emit: set, with: { to: n + 100 } }
            """, path: "cases.yaml")
        #expect(spec.renderedDiagnostics == "")
        let result = try #require(await runSpec(spec))
        // 0,1,2 → small ×3 (n = 3); 3 → big ×3 (n = 33: every case after the first); 33 → set 133.
        #expect(result.summary.json == #"{"summary":{"status":"idle","steps":7,"time":0,"spins":{"Cases":{"state":null,"data":{"n":133,"last":3}}}}}"#)
    }

    @Test func aFailingTestStopsTheRunWithItsError() async throws {
        let spec = SpinSpec.load(text: """
            spin: Cases
            data: { n: 0, d: 0 }
            events: [bump]
            transitions:
              - { on: bump, set: { n: n + 1 } }
            feedbacks:
              step:
                - { when: n > 0 && n / d > 0, emit: bump }
                - { when: n < 5, emit: bump }
            """, path: "cases.yaml")
        let result = try #require(await runSpec(spec))
        // n = 0: the first test is false without dividing, the second holds (step 1); n = 1:
        // 1 / 0 fails, and the failure is reduced into the state (step 2).
        #expect(result.summary.status == .error)
        #expect(result.summary.fault?.description == "cases.yaml:8:26: error: division by zero in 'n / d' [#DivisionByZero]")
        #expect(result.summary.steps == 2)
    }
}
