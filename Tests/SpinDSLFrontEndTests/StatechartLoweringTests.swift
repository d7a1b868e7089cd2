import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// The front end's step after resolution (`StatechartLowering`): which spins get microsteps, and
/// the error for a spin with too many.
@Suite struct StatechartLoweringTests {
    /// A flat spin and a spin with a compound state, resolved but not lowered.
    private static func resolved() throws -> SpecModel {
        let loaded = SpecLoader().load(SourceFile(path: "spec.yaml", text: """
            spins:
              flat:
                states: [a, b]
                events: [go]
                transitions:
                  - { from: a, on: go, to: b }
              nested:
                initial: a
                states:
                  a: {}
                  b:
                    initial: b1
                    states: { b1: {}, b2: {} }
                events: [go, next]
                transitions:
                  - { from: a, on: go, to: b }
                  - { from: b1, on: next, to: b2 }
                  - { from: b, on: go, to: a }

            """))
        let document = try #require(loaded.document, "\(loaded.diagnostics.map(\.message))")
        let (model, diagnostics) = SpecResolver.resolve(document)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        return try #require(model)
    }

    @Test func onlyTheSpinsThatNeedItGetMicrosteps() throws {
        var model = try Self.resolved()
        #expect(model.spins.allSatisfy { $0.statechart == nil })
        #expect(StatechartLowering.lower(&model).isEmpty)
        #expect(model.spins[0].statechart == nil)
        let chart = try #require(model.spins[1].statechart)
        // One plan per row from each configuration it leaves: `a` on go, `b1` on next, and `b`'s
        // row from both of its configurations.
        #expect(chart.plans.count == 4)
    }

    @Test func aSpinWithTooManyMicrostepsIsAnErrorAtItsName() throws {
        var model = try Self.resolved()
        let diagnostics = StatechartLowering.lower(&model, microstepLimit: 2)
        #expect(diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message) \($0.group.tag)" } == [
            "7:3: spin 'nested' has more than 2 transitions from its configurations [#TooManyMicrosteps]"
        ])
        #expect(model.spins[1].statechart == nil)
    }

    @Test func theFrontEndLowersBetweenResolutionAndAnalysis() {
        // `SpecFrontEnd.check`, which `TestSpec` and `SpinSpec` load through.
        let spec = TestSpec.load(text: """
            spin: chart
            initial: a
            states:
              a: {}
              b:
                initial: b1
                states: { b1: {} }
            events: [go]
            transitions:
              - { from: a, on: go, to: b }

            """)
        // The analyses ran, on the lowered model: their warnings, and the chart kept.
        #expect(spec.diagnostics.map(\.group) == [.noWayOut, .neverEmittedEvent])
        #expect(spec.model?.spins[0].statechart != nil)
    }
}
