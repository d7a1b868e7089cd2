import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// A feedback of several level-triggered cases (`LevelCases`): in each state the first case that
/// holds acts, constant events and computed ones alike, and a case whose test fails stops the
/// run with that error.
@Suite struct LevelCasesTests {
    @Test func theFirstCaseThatHoldsActs() async throws {
        let spec = TestSpec.load(text: """
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
        let spec = TestSpec.load(text: """
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

    /// `in:` cases are listed per control state and merged in order with the cases that hold in
    /// any state (issue 14: 20,000 `in:` cases were each tested on every state, with a flag per
    /// state each, 470 MB): the order of the list still decides, and a case that holds acts even
    /// when its action emits nothing.
    @Test func inCasesKeepTheListsOrder() async throws {
        let spec = TestSpec.load(text: """
            spin: Cases
            states: [a, b, c]
            final: c
            data: { n: 0, path: "" }
            events: [x, y, z, w]
            transitions:
              - { on: x, set: { n: n + 1, path: path + "x" } }
              - { from: a, on: y, to: b, set: { path: path + "y" } }
              - { from: b, on: z, set: { n: n + 1, path: path + "z" } }
              - { from: b, on: w, to: c, set: { path: path + "w" } }
            feedbacks:
              step:
                - { in: a, when: n < 2, emit: x }
                - { when: n == 2 && state == .a, emit: y }
                - { in: [b, c], when: n < 4, emit: z }
                - { in: b, when: n == 4, render: "held, emits nothing" }
                - { in: [a, b], emit: w }
            """, path: "cases.yaml")
        #expect(spec.renderedDiagnostics == "")
        let result = try #require(await runSpec(spec))
        // a: x, x (n = 2), y → b; b: z, z (n = 4); then the render case holds and acts (nothing
        // emitted), so the last case (w) is not reached: idle in b.
        #expect(result.summary.json == #"{"summary":{"status":"idle","steps":5,"time":0,"spins":{"Cases":{"state":"b","data":{"n":4,"path":"xxyzz"}}}}}"#)
    }
}
