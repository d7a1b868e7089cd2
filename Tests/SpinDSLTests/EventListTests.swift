import Foundation
import Testing
@testable import SpinDSL
@testable import SpinDSLChecker
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// A row on several events, `on: [coinA, coinB]`: the same row for each event, in its place
/// (docs/spec-format.md, "Transitions").
@Suite struct EventListTests {
    static let coins = """
        spin: Box
        states: [empty, full]
        data:
          total: 0
        events:
          coinA: { amount: int }
          coinB: { amount: int, note: string }
          take: {}
        inputs: [coinA, coinB, take]
        transitions:
          - { from: empty, on: [coinA, coinB], when: event.amount > 0, to: full, set: { total: total + event.amount } }
          - { from: full, on: take, to: empty }
        script:
          - { at: 0s, emit: coinB, with: { amount: 5, note: '"b"' } }
          - { at: 1s, emit: take }
          - { at: 2s, emit: coinA, with: { amount: 7 } }
          - { at: 3s, emit: coinA, with: { amount: 0 } }
        """

    @Test func aRowOnSeveralEventsFiresOnEach() async throws {
        let spec = SpinSpec.load(text: Self.coins, path: "box.yaml")
        #expect(spec.renderedDiagnostics == "")
        let model = try #require(spec.model)
        let rows = try #require(model.spins.first?.transitions)
        #expect(rows.map { "\($0.declaration.location.line) \(model.spins[0].events[$0.event].name.text)" } == ["11 coinA", "11 coinB", "12 take"])
        let result = try #require(await runSpec(spec))
        #expect(result.trace.map { "\(field("event", of: $0)) \(field("to", of: $0))" } == [
            "coinB full", "take empty", "coinA full", "coinA full",
        ])
        #expect(result.summary.json.contains(#""Box":{"state":"full","data":{"total":12}}"#))
        // Drawn once per event.
        let dot = DiagramExporter.dot(model, labels: .full)
        #expect(dot.contains(#"coinA [event.amount > 0]\n/ total := total + event.amount"#))
        #expect(dot.contains(#"coinB [event.amount > 0]\n/ total := total + event.amount"#))
    }

    /// The guard and values are checked against each event's payload; a mistake common to every
    /// event is reported once, an event listed twice is a duplicate.
    @Test func eachEventIsCheckedAndReportedOnce() {
        let spec = SpinSpec.load(text: """
            spin: Box
            data:
              total: 0
              note: ""
            events:
              coinA: { amount: int }
              coinB: { amount: int, note: string }
            inputs: [coinA, coinB]
            transitions:
              - { on: [coinA, coinB], set: { total: total + event.amount + bonus, note: event.note } }
              - { on: [coinA, coinC, coinA], set: { totl: 0 } }
            """, path: "box.yaml")
        #expect(spec.renderedDiagnostics == """
            box.yaml:10:64: error: unknown name 'bonus' [#UnknownName]
                  - { on: [coinA, coinB], set: { total: total + event.amount + bonus, note: event.note } }
                                                                               ^
            box.yaml:10:77: error: unknown event payload field 'note' [#UnknownEventField]
                  - { on: [coinA, coinB], set: { total: total + event.amount + bonus, note: event.note } }
                                                                                            ^
            box.yaml:11:41: error: unknown data field 'totl' [#UnknownDataField]
                  - { on: [coinA, coinC, coinA], set: { totl: 0 } }
                                                        ^
            hint: did you mean 'total'?
            box.yaml:11:19: error: unknown event 'coinC' [#UnknownEvent]
                  - { on: [coinA, coinC, coinA], set: { totl: 0 } }
                                  ^
            hint: did you mean 'coinA'?
            box.yaml:11:26: error: duplicate event in 'on' 'coinA' [#DuplicateName]
                  - { on: [coinA, coinC, coinA], set: { totl: 0 } }
                                         ^
            hint: first declared at line 11:12

            """)
    }

    /// Shadowing is decided per event: the row on `[coinA, coinB]` is shadowed on `coinA` only.
    @Test func shadowingIsPerEvent() {
        #expect(AnalyzerPipeline.findings("""
            spin: Box
            data:
              total: 0
            events: [coinA, coinB]
            inputs: [coinA, coinB]
            transitions:
              - { on: coinA, set: { total: 1 } }
              - { on: [coinA, coinB], set: { total: 2 } }
            """) == [
                "8:5: warning: this transition never fires: on 'coinA', the row at line 7 fires first every time it could [#ShadowedTransition] [a state's rows are tried before its parent's and the spin's, each in document order, and the first whose guard holds fires: remove this row, or move it above the rows that take its cases]",
            ])
    }
}
