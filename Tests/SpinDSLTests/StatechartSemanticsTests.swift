import Testing
@testable import SpinDSL

/// The statechart semantics of docs/statecharts.md, rule by rule, on the pure reducer and
/// internal-event source (`StatechartDriver`). Each test names the rule it checks.
@Suite struct StatechartSemanticsTests {
    /// A spec whose states log their entries (`+s`) and exits (`-s`) into `log`.
    static func logging(_ states: String, rows: String, events: String = "[go, back]", extra: String = "") -> String {
        """
        spin: Chart
        data: { log: "" }
        events: \(events)
        inputs: \(events)
        \(extra)
        states:
        \(states)
        transitions:
        \(rows)
        """
    }

    static func logged(_ name: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return "\(pad)entry: { set: { log: log + '+\(name)' } }\n\(pad)exit: { set: { log: log + '-\(name)' } }"
    }

    static let nested = logging("""
          a:
        \(logged("a", indent: 4))
            states:
              a1:
        \(logged("a1", indent: 8))
          b:
        \(logged("b", indent: 4))
            parallel:
              left:
        \(logged("l", indent: 8))
                states:
                  l1:
        \(logged("l1", indent: 12))
              right:
        \(logged("r", indent: 8))
                states:
                  r1:
        \(logged("r1", indent: 12))
        """, rows: """
          - { from: a1, on: go, to: b }
          - { from: b, on: back, to: a }
        """)

    @Test("rule 1: the initial configuration is entered outermost first, its entry actions run")
    func initialEntry() throws {
        let chart = try StatechartDriver(Self.nested)
        #expect(chart.description == "a1 log=+a+a1")
        #expect(chart.steps == [])
    }

    @Test("rule 2: exit innermost first (later regions first), entry outermost first in document order")
    func exitAndEntryOrder() throws {
        var chart = try StatechartDriver(Self.nested)
        chart.send("go")
        chart.send("back")
        #expect(chart.steps == [
            "go (input): [l1, r1] log=+a+a1-a1-a+b+l+l1+r+r1",
            "back (input): a1 log=+a+a1-a1-a+b+l+l1+r+r1-r1-r-l1-l-b+a+a1",
        ])
    }

    @Test("rule 3: the innermost source wins; a state's rows in document order; the spin's rows last")
    func priority() throws {
        var chart = try StatechartDriver("""
            spin: Priority
            data: { n: 0 }
            events: [go, poke]
            inputs: [go, poke]
            states:
              p:
                states:
                  c: {}
                  d: {}
              q: {}
            transitions:
              - { on: poke, set: { n: n + 100 } }
              - { from: p, on: go, to: q }
              - { from: c, on: go, when: n >= 0, to: d }
              - { from: c, on: go, when: n > -1, set: { n: n + 1 } }
              - { from: q, on: go, to: c }
              - { from: d, on: poke, set: { n: n + 10 } }
            """)
        chart.send("go")      // c: its own first row, not p's, not its second
        chart.send("go")      // d has no row on go: p's
        chart.send("poke")    // q: the spin's
        chart.send("go")
        chart.send("go")
        chart.send("poke")    // d's own row before the spin's
        #expect(chart.steps == [
            "go (input): d n=0",
            "go (input): q n=0",
            "poke (input): q n=100",
            "go (input): c n=100",
            "go (input): d n=100",
            "poke (input): d n=110",
        ])
    }

    @Test("rule 3: in a flat spin, a state's rows come before the spin's (`any`) whatever their order")
    func flatPriority() throws {
        var chart = try StatechartDriver("""
            spin: Flat
            states: [a, b]
            data: { n: 0 }
            events: [go]
            inputs: [go]
            transitions:
              - { from: any, on: go, when: n < 5, set: { n: n + 1 } }
              - { from: a, on: go, when: n < 5, to: b }
              - { from: b, on: go, to: a }
            """)
        chart.send("go")
        chart.send("go")
        #expect(chart.steps == ["go (input): b n=0", "go (input): a n=0"])
    }

    @Test("rule 4: an external self-transition exits and re-enters; a targetless row exits nothing")
    func selfTransitions() throws {
        var chart = try StatechartDriver(Self.logging("""
              s:
                entry: { set: { log: log + '+s' } }
                exit: { set: { log: log + '-s' } }
                states:
                  t:
            \(Self.logged("t", indent: 8))
              q: {}
            """, rows: """
              - { from: s, on: go, to: s }
              - { from: s, on: back, set: { log: log + '!' } }
              - { from: s, on: quit, to: q }
            """, events: "[go, back, quit]", extra: "final: [q]"))
        chart.send("go")
        chart.send("back")
        #expect(chart.steps == [
            "go (input): t log=+s+t-t-s+s+t",
            "back (input): t log=+s+t-t-s+s+t!",
        ])
    }

    @Test("rule 5: a target deeper than the source is entered through its ancestors")
    func deepTarget() throws {
        var chart = try StatechartDriver(Self.logging("""
              a:
            \(Self.logged("a", indent: 4))
                states:
                  a1:
            \(Self.logged("a1", indent: 8))
                    states:
                      x:
            \(Self.logged("x", indent: 12))
                      y:
            \(Self.logged("y", indent: 12))
              b:
            \(Self.logged("b", indent: 4))
            """, rows: """
              - { from: x, on: go, to: b }
              - { from: b, on: back, to: y }
              - { from: y, on: go, to: x }
            """))
        chart.send("go")
        chart.send("back")
        #expect(chart.steps == [
            "go (input): b log=+a+a1+x-x-a1-a+b",
            "back (input): y log=+a+a1+x-x-a1-a+b-b+a+a1+y",
        ])
    }

    @Test("rule 6: events raised by actions are reduced before the next event from outside, oldest first")
    func raisedEvents() throws {
        var chart = try StatechartDriver("""
            spin: Raise
            data: { log: "" }
            events: [go, ping, pong]
            inputs: [go]
            states:
              a: {}
              b:
                entry: [{ emit: ping }, { emit: pong, set: { log: log + 'e' } }]
              c: {}
              d: {}
            transitions:
              - { from: a, on: go, to: b }
              - { from: b, on: ping, to: c, set: { log: log + 'i' } }
              - { from: c, on: pong, to: d, set: { log: log + 'o' } }
              - { from: d, on: go, to: a }
            """)
        chart.send("go")
        #expect(chart.steps == [
            "go (input): b log=e",
            "ping (raised): c log=ei",
            "pong (raised): d log=eio",
        ])
    }

    @Test("rule 7: entering a final child raises done.S of its compound parent")
    func completionOfCompound() throws {
        var chart = try StatechartDriver("""
            spin: Done
            data: { log: "" }
            events: [go]
            inputs: [go]
            states:
              p:
                final: [y]
                states:
                  x: {}
                  y: { entry: { set: { log: log + 'y' } } }
              q: {}
            transitions:
              - { from: x, on: go, to: y }
              - { from: p, on: done.p, to: q, set: { log: log + 'D' } }
              - { from: q, on: go, to: p }
            """)
        chart.send("go")
        chart.send("go")
        #expect(chart.steps == [
            "go (input): y log=y",
            "done.p (raised): q log=yD",
            "go (input): x log=yD",
        ])
    }

    @Test("rule 7: a parallel state is done when every region is in a final state, once")
    func completionOfParallel() throws {
        var chart = try StatechartDriver("""
            spin: Done
            data: { log: "" }
            events: [l, r]
            inputs: [l, r]
            states:
              p:
                parallel:
                  left: { final: [l2], states: { l1: {}, l2: {} } }
                  right: { final: [r2], states: { r1: {}, r2: {} } }
              q: {}
            transitions:
              - { from: l1, on: l, to: l2 }
              - { from: r1, on: r, to: r2 }
              - { from: left, on: done.left, set: { log: log + 'L' } }
              - { from: right, on: done.right, set: { log: log + 'R' } }
              - { from: p, on: done.p, to: q, set: { log: log + 'P' } }
              - { from: q, on: l, to: p }
            """)
        chart.send("l")
        chart.send("r")
        #expect(chart.steps == [
            "l (input): [l2, r1] log=",
            "done.left (raised): [l2, r1] log=L",
            "r (input): [l2, r2] log=L",
            "done.right (raised): [l2, r2] log=LR",
            "done.p (raised): q log=LRP",
        ])
    }

    @Test("rule 8: parallel regions take their transitions of one event together, in document order")
    func parallelRegions() throws {
        var chart = try StatechartDriver(Self.logging("""
              p:
                parallel:
                  left:
                    states:
                      l1:
            \(Self.logged("l1", indent: 12))
                      l2:
            \(Self.logged("l2", indent: 12))
                  right:
                    states:
                      r1:
            \(Self.logged("r1", indent: 12))
                      r2:
            \(Self.logged("r2", indent: 12))
            """, rows: """
              - { from: r1, on: go, to: r2, set: { log: log + '/r' } }
              - { from: l1, on: go, to: l2, set: { log: log + '/l' } }
              - { from: p, on: back, to: p }
            """))
        chart.send("go")
        chart.send("back")
        #expect(chart.steps == [
            "go (input): [l2, r2] log=+l1+r1-r1-l1/l/r+l2+r2",
            "back (input): [l1, r1] log=+l1+r1-r1-l1/l/r+l2+r2-r2-l2+l1+r1",
        ])
    }

    @Test("rule 8: of two conflicting transitions the one from inside preempts; else the first stays")
    func conflicts() throws {
        var chart = try StatechartDriver("""
            spin: Conflict
            data: { log: "" }
            events: [go, jump]
            inputs: [go, jump]
            states:
              p:
                parallel:
                  left: { states: { l1: {}, l2: {} } }
                  right: { states: { r1: {}, r2: {} } }
              q: {}
            transitions:
              - { from: l1, on: go, to: l2, set: { log: log + 'l' } }
              - { from: p, on: go, to: q, set: { log: log + 'P' } }
              - { from: l2, on: jump, to: q, set: { log: log + 'J' } }
              - { from: r1, on: jump, to: r2, set: { log: log + 'r' } }
              - { from: q, on: go, to: p }
            """)
        chart.send("go")      // l1 → l2 preempts p → q (its source is inside p)
        chart.send("jump")    // l2 → q first (left region first): r1 → r2 conflicts and is dropped
        #expect(chart.steps == [
            "go (input): [l2, r1] log=l",
            "jump (input): q log=lJ",
        ])
    }

    @Test("rule 9: `state == .S` means `active(.S)` in a nested spin")
    func activeStates() throws {
        var chart = try StatechartDriver("""
            spin: Active
            data: { n: 0 }
            events: [go]
            inputs: [go]
            states:
              p:
                parallel:
                  left: { states: { l1: {}, l2: {} } }
                  right: { states: { r1: {} } }
              q: {}
            transitions:
              - { from: l1, on: go, when: state == .p and active(.r1) and state != .q, to: l2, set: { n: n + 1 } }
              - { from: l2, on: go, when: active(.left) and not active(.l1), to: q, set: { n: n + 10 } }
              - { from: q, on: go, when: active(.q), to: p }
            """)
        chart.send("go")
        chart.send("go")
        chart.send("go")
        #expect(chart.steps == ["go (input): [l2, r1] n=1", "go (input): q n=11", "go (input): [l1, r1] n=11"])
    }

    @Test("rule 1: the spin's initial state may be nested: its ancestors are entered, its regions by default")
    func nestedInitial() throws {
        let chart = try StatechartDriver("""
            spin: Initial
            initial: l2
            events: [go]
            inputs: [go]
            states:
              p:
                parallel:
                  left: { states: { l1: {}, l2: {} } }
                  right: { initial: r2, states: { r1: {}, r2: {} } }
            transitions:
              - { from: l2, on: go, to: l1 }
              - { from: l1, on: go, to: l2 }
              - { from: r2, on: go, to: r1 }
              - { from: r1, on: go, to: r2 }
            """)
        #expect(chart.description == "[l2, r2]")
    }
}
