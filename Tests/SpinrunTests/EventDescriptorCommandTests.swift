import Foundation
import Testing

/// Event descriptors through the binary (docs/spec-format.md, "Transitions"): dotted event names
/// as inputs (`door.open`, and `Door.door.open` naming the spin), rows on `door` and `*`, and the
/// warnings about a row on a descriptor that fires on none of its events.
@Suite struct EventDescriptorCommandTests {
    static let spec = "Tests/SpinrunTests/Fixtures/door-descriptors.yaml"

    @Test func dottedInputsAndDescriptorRows() throws {
        let run = try SpinrunProcess.run(["--events", "Tests/SpinrunTests/Fixtures/door-descriptors.events", Self.spec])
        #expect(run.status == 0)
        #expect(run.stdout == """
            [       0ms] #1   Door  door.open       (input)  closed → open  rings=0
            [    1000ms] #2   Door  door.open       (input)  open → broken  rings=0
            [    2000ms] #3   Door  door.close.now  (input)  broken → closed  rings=0
            [    2000ms] #4   Door  door.close      (input)  closed  rings=0  (unchanged)
            [    3000ms] #5   Door  doorbell        (input)  closed  rings=1
            idle: 5 steps, 3000ms
              Door  closed  rings=1

            """)
        let unknown = try SpinrunProcess.run(["--quiet", "--event", "door.opn", Self.spec])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasSuffix("""
            Error: --event door.opn: spin 'Door' has no event 'door.opn'; did you mean 'door.open'? [#UnknownInputEvent]

            """))
    }

    @Test func aDescriptorRowThatNeverFiresIsReportedOnce() throws {
        let check = try SpinrunProcess.run(["--check", Self.spec])
        #expect(check.status == 0)
        #expect(BitstateTests.withoutSeconds(check.stdout) == "ok: 12 states, 43 transitions, depth 5\n")
        #expect(check.stderr == """
            Tests/SpinrunTests/Fixtures/door-descriptors.yaml:21:5: warning: this transition never fires: on 'door.close' in state 'broken', the row at line 20 fires first every time it could [#ShadowedTransition]
                  - { from: broken, on: door.close, to: open }
                    ^
            hint: a state's rows are tried before its parent's and the spin's, each in document order, and the first whose guard holds fires: remove this row, or move it above the rows that take its cases
            Tests/SpinrunTests/Fixtures/door-descriptors.yaml:21:5: warning: this transition never fires: on 'door.close.now' in state 'broken', the row at line 20 fires first every time it could [#ShadowedTransition]
                  - { from: broken, on: door.close, to: open }
                    ^
            hint: a state's rows are tried before its parent's and the spin's, each in document order, and the first whose guard holds fires: remove this row, or move it above the rows that take its cases
            Tests/SpinrunTests/Fixtures/door-descriptors.yaml:21:5: warning: this row never fires in any reachable state (on any event 'door.close' matches) [#RowNeverFires]
                  - { from: broken, on: door.close, to: open }
                    ^
            hint: check its 'from' states and its guard, or remove it

            """)
    }
}
