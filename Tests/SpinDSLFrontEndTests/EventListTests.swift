import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// A row on several events, `on: [coinA, coinB]`: the same row for each event, in its place
/// (docs/spec-format.md, "Transitions"). A run of one is in `SpinDSLRunnerTests/EventListTests`.
@Suite struct EventListTests {
    /// The guard and values are checked against each event's payload; a mistake common to every
    /// event is reported once, an event listed twice is a duplicate.
    @Test func eachEventIsCheckedAndReportedOnce() {
        let spec = TestSpec.load(text: """
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
