import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// The outcomes of a simulated effect with their own latency (docs/spec-format.md, "Actions"):
/// `simulate: { choose: [ { weight, after, emit, with } ] }`; what is checked when the spec loads.
/// Their runs are in `SpinDSLRunnerTests/SimulatedChoiceTests`.
@Suite struct SimulatedChoiceTests {
    /// `after` belongs to the choices of a simulated effect only: a rule's `choose` emits at once.
    @Test func aRulesChoiceHasNoAfter() {
        let spec = TestSpec.load(text: """
            spin: A
            events: [go]
            feedbacks:
              pick: { when: true, choose: [ { weight: 1, after: 1s, emit: go } ] }
            """, path: "spec.yaml")
        #expect(spec.renderedDiagnostics == """
            spec.yaml:4:46: error: unknown key 'after' in a choice of feedback rule 'pick' [#UnknownKey]
                  pick: { when: true, choose: [ { weight: 1, after: 1s, emit: go } ] }
                                                             ^
            hint: the keys allowed here are 'weight', 'emit', 'with'

            """)
    }
}
