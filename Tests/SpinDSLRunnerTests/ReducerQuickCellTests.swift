import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// A cell with one unguarded row and at most one `field ± constant` assignment is applied from
/// plain numbers (`ReducerTable.QuickCell`); any other cell by the general path. Both must give
/// the same trace, and the quick path must leave every failure to the compiled code.
@Suite struct ReducerQuickCellTests {
    /// A spec whose rows are quick, or (with `guarded`) the same rows behind an always-true guard,
    /// which sends them down the general path.
    static func spec(guarded: Bool, start: String = "0", limit: String = "7") -> TestSpec {
        let guardText = guarded ? ", when: 'true'" : ""
        return TestSpec.load(text: """
            spin: Quick
            states: [off, on, done]
            initial: off
            final: [done]
            data: { n: \(start), limit: \(limit) }
            events: [flip, stop]
            transitions:
              - { from: off, on: flip, to: on, set: { n: n + 3 }\(guardText) }
              - { from: on, on: flip, to: off, set: { n: n - 1 }\(guardText) }
              - { from: off, on: stop, to: done\(guardText) }
            feedbacks:
              drive:
                - { when: n < limit, emit: flip }
                - { in: [off], emit: stop }
                - { in: [on], emit: flip }
            """, path: "quick.yaml")
    }

    @Test func quickAndGeneralCellsGiveTheSameTrace() async throws {
        let quick = try #require(await runSpec(Self.spec(guarded: false)))
        let general = try #require(await runSpec(Self.spec(guarded: true)))
        #expect(quick.trace == general.trace)
        #expect(quick.summary.json == general.summary.json)
        #expect(quick.summary.json == #"{"summary":{"status":"final","steps":9,"time":0,"spins":{"Quick":{"state":"done","data":{"n":8,"limit":7}}}}}"#)
    }

    @Test func anOverflowInAQuickCellIsTheCompiledCodesError() async throws {
        // n + 3 overflows on the first flip: the quick path writes nothing and the general path
        // reports the error at the expression (at its operator, as every binary expression).
        let result = try #require(await runSpec(Self.spec(guarded: false, start: "9223372036854775805", limit: "9223372036854775807")))
        #expect(result.summary.status == .error)
        #expect(result.summary.fault?.description == "quick.yaml:8:48: error: integer overflow in 'n + 3' [#IntegerOverflow]")
        #expect(result.summary.steps == 1)
    }
}
