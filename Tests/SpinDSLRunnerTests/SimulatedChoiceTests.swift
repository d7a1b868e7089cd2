import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// The outcomes of a simulated effect with their own latency (docs/spec-format.md, "Actions"):
/// `simulate: { choose: [ { weight, after, emit, with } ] }`. What is checked when the spec loads
/// is in `SpinDSLFrontEndTests/SimulatedChoiceTests`.
@Suite struct SimulatedChoiceTests {
    static let request = """
        spin: Request
        states: [requesting, answered, timedOut]
        final: [answered, timedOut]
        data:
          tries: 0
        events:
          answer: { code: int }
          timeout: {}
        transitions:
          - { from: requesting, on: answer, to: answered }
          - { from: requesting, on: timeout, to: timedOut }
        feedbacks:
          call:
            enter: requesting
            effect: get
            simulate:
              after: 1s
              choose:
                - { weight: 1, after: 5s, emit: timeout }
                - { weight: 1, after: 200ms, emit: answer, with: { code: 200 } }
                - { weight: 1, emit: answer, with: { code: 503 } }
        """

    /// Each outcome waits its own `after`, or the `after` of `simulate` when it has none; which
    /// one is drawn depends on the seed only.
    @Test func eachOutcomeWaitsItsOwnLatency() async throws {
        let spec = TestSpec.load(text: Self.request, path: "spec.yaml")
        #expect(spec.renderedDiagnostics == "")
        var seen: Set<String> = []
        for seed: UInt64 in 1...12 {
            let result = try #require(await runSpec(spec, seed: seed))
            let line = try #require(result.trace.first)
            let outcome = "\(DurationTests.time(of: line)) \(field("event", of: line)) \(field("to", of: line))"
            #expect(["5000 timeout timedOut", "200 answer answered", "1000 answer answered"].contains(outcome), "\(outcome)")
            if line.contains(#""code":503"#) { #expect(outcome == "1000 answer answered") }
            if line.contains(#""code":200"#) { #expect(outcome == "200 answer answered") }
            seen.insert(outcome)
            let again = try #require(await runSpec(spec, seed: seed))
            #expect(again.trace == result.trace)
        }
        #expect(seen.count == 3)
    }
}
