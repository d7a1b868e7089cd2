import Testing
@testable import SpinDSLFrontEnd

/// The statechart semantics of docs/statecharts.md that the analysis follows: which rows a row is
/// shadowed by (rule 3's priority). The rules run on the pure reducer are in
/// `SpinDSLRunnerTests/StatechartSemanticsTests`.
@Suite struct StatechartSemanticsTests {
    /// A door whose `closed` state has two children, with `rows` (from line 15) for its
    /// transitions.
    private static func door(_ rows: String) -> String {
        """
        spin: Door
        data: { n: 0 }
        states:
          open: {}
          closed:
            states:
              unlocked: {}
              locked: {}
        events: [knock, shut]
        inputs: [knock, shut]
        transitions:
          - { from: open, on: shut, to: closed }
          - { from: unlocked, on: shut, to: locked }
          - { from: locked, on: shut, to: unlocked }
        \(rows)
        """
    }

    @Test("rule 3: a row is shadowed only by rows tried before it, in every leaf it applies in")
    func shadowedRowsFollowThePriority() {
        // Both children take 'knock' (one unguarded, one with two guards that cover every n): the
        // row of 'closed' never fires.
        #expect(AnalyzerPipeline.findings(Self.door("""
              - { from: closed, on: knock, to: open }
              - { from: unlocked, on: knock, to: open }
              - { from: locked, on: knock, when: n >= 0 }
              - { from: locked, on: knock, when: n < 0, to: open }
            """)) == [AnalyzerTests.shadowed("15:5", "knock", "the rows at lines 16, 17 and 18 fire", inState: " in state 'closed'")])
        // One child leaves some cases to it: it fires there.
        #expect(AnalyzerPipeline.findings(Self.door("""
              - { from: closed, on: knock, to: open }
              - { from: unlocked, on: knock, to: open }
              - { from: locked, on: knock, when: n > 0 }
            """)).isEmpty)
        // A child's row written after its parent's unguarded one is tried first, and the parent's
        // still fires in the other child; the spin's row, tried after every state's, never does.
        #expect(AnalyzerPipeline.findings(Self.door("""
              - { from: closed, on: knock, to: open }
              - { from: locked, on: knock, to: unlocked }
              - { on: knock, set: { n: n + 1 } }
              - { from: open, on: knock, set: { n: 0 } }
            """)) == [AnalyzerTests.shadowed("17:5", "knock", "the rows at lines 15, 16 and 18 fire")])
        // Eventless rows too: the children's take every case of their parent's.
        let hint = "a state's rows are tried before its parent's and the spin's, each in document order, and the first whose guard holds fires: remove this row, or move it above the rows that take its cases"
        #expect(AnalyzerPipeline.findings(Self.door("""
              - { from: locked, when: n > 3, to: open }
              - { from: closed, when: n > 3, to: open, set: { n: 0 } }
              - { from: unlocked, when: n > 3, to: open }
            """)) == [
                "16:5: warning: this transition never fires: without an event in state 'closed', the rows at lines 15 and 17 fire first every time it could [#ShadowedTransition] [\(hint)]",
            ])
        #expect(AnalyzerPipeline.findings(Self.door("""
              - { from: closed, when: n > 3, to: open }
              - { from: locked, when: n > 5, set: { n: 0 } }
            """)).isEmpty)
    }
}
