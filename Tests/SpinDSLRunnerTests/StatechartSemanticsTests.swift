import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// The statechart semantics of docs/statecharts.md, rule by rule, on the pure reducer and
/// internal-event source (`StatechartDriver`). Each test names the rule it checks. The shadowing
/// the analysis derives from rule 3 is in `SpinDSLFrontEndTests/StatechartSemanticsTests`.
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

    @Test("rule 10: eventless rows are taken after every step while one is enabled, innermost first")
    func eventlessRows() throws {
        var chart = try StatechartDriver("""
            spin: Eventless
            data: { n: 0, log: "" }
            events: [go]
            inputs: [go]
            states:
              idle: {}
              count:
                states:
                  up: {}
              done: {}
            transitions:
              - { from: idle, on: go, to: up }
              - { from: up, when: n < 3, set: { n: n + 1, log: log + 'u' } }
              - { from: count, when: n > 0, to: done, set: { log: log + 'c' } }
              - { from: done, on: go, to: idle, set: { n: 0 } }
            """)
        chart.send("go")
        #expect(chart.steps == [
            "go (input): up n=0 log=",
            "(eventless): up n=1 log=u",
            "(eventless): up n=2 log=uu",
            "(eventless): up n=3 log=uuu",
            "(eventless): done n=3 log=uuuc",
        ])
    }

    @Test("rule 11: history(S) enters what S's history recorded: the child (shallow) or every state (deep)")
    func history() throws {
        func chart(_ kind: String) throws -> StatechartDriver {
            try StatechartDriver("""
                spin: History
                events: [next, pause, resume]
                inputs: [next, pause, resume]
                states:
                  work:
                    history: \(kind)
                    states:
                      a:
                        states: { a1: {}, a2: {} }
                      b: {}
                  paused: {}
                transitions:
                  - { from: a1, on: next, to: a2 }
                  - { from: a2, on: next, to: b }
                  - { from: b, on: next, to: a }
                  - { from: work, on: pause, to: paused }
                  - { from: paused, on: resume, to: history(work) }
                """)
        }
        var shallow = try chart("shallow")
        var deep = try chart("deep")
        for name in ["resume", "next", "pause", "resume"] {
            shallow.send(name)
            deep.send(name)
        }
        // Before any exit, the history enters the initial child; after it, the recorded one.
        #expect(shallow.steps == ["resume (input): a1 (unchanged)", "next (input): a2", "pause (input): paused", "resume (input): a1"])
        #expect(deep.steps == ["resume (input): a1 (unchanged)", "next (input): a2", "pause (input): paused", "resume (input): a2"])
    }

    @Test("rule 12: an internal row into its source's inside does not exit the source")
    func internalRows() throws {
        var chart = try StatechartDriver(Self.logging("""
              s:
            \(Self.logged("s", indent: 4))
                states:
                  s1:
            \(Self.logged("s1", indent: 8))
                  s2:
            \(Self.logged("s2", indent: 8))
            """, rows: """
              - { from: s, on: go, to: s2, internal: true }
              - { from: s, on: back, to: s1 }
            """))
        chart.send("go")
        chart.send("back")
        #expect(chart.steps == [
            "go (input): s2 log=+s+s1-s1+s2",
            "back (input): s1 log=+s+s1-s1+s2-s2-s+s+s1",
        ])
    }

    @Test("rule 6: rows raise events with a payload (`emit` with `with`), entry actions propagate into gears")
    func rowEmitsAndPropagates() throws {
        var chart = try StatechartDriver("""
            gears:
              bell:
                events:
                  rang: { n: int }
            spins:
              Ringer:
                data: { total: 0 }
                events:
                  go: {}
                  add: { n: int }
                inputs: [go]
                states:
                  quiet: {}
                  ring: { entry: { propagate: bell.rang, with: { n: total } } }
                transitions:
                  - { from: quiet, on: go, to: ring, emit: add, with: { n: 5 } }
                  - { from: ring, on: add, to: quiet, set: { total: total + event.n } }
              Listener:
                data: { heard: 0 }
                events: [heard]
                transitions:
                  - { on: heard, set: { heard: heard + 1 } }
                feedbacks:
                  hear: { catch: bell.rang, emit: heard }
            """)
        chart.send("go")
        #expect(chart.steps == ["go (input): ring total=0", "add (raised): quiet total=5"])
        // The entry's gear event waited in the outbox of the first step's state; the next step
        // cleared it.
        #expect(chart.state.outbox == [])
    }

    @Test("rule 13: an `enter` rule fires again when its state is re-entered, its timer restarted")
    func reentryRestartsTimers() async throws {
        let spec = TestSpec.load(text: """
            spin: Timer
            states:
              s: {}
              off: {}
            final: off
            data: { n: 0 }
            events: [poke, tick, stop]
            inputs: [poke, stop]
            transitions:
              - { from: s, on: poke, to: s }
              - { from: s, on: tick, set: { n: n + 1 } }
              - { from: s, on: stop, to: off }
            feedbacks:
              timer: { enter: s, after: 1s, emit: tick }
            script:
              - { at: 500ms, emit: poke }
              - { at: 1200ms, emit: poke }
              - { at: 3000ms, emit: stop }
            """, path: "timer.yaml")
        let result = try #require(await runSpec(spec))
        // Without the pokes the timer would tick at 1 s; each poke re-enters s and restarts it.
        let times = result.trace.map { line in
            line.split(separator: ",").first { $0.hasPrefix("\"time\":") }.map { String($0.dropFirst(7)) } ?? "?"
        }
        #expect(zip(times, result.trace).map { "\($0) \(field("source", of: $1))" } == [
            "500 input", "1200 input", "2200 timer", "3000 input",
        ])
        #expect(result.summary.json == #"{"summary":{"status":"final","steps":4,"time":3000,"spins":{"Timer":{"state":"off","data":{"n":1}}}}}"#)
    }

    @Test("rule 6: at run time, raised events and eventless rows run to completion before queued events")
    func runToCompletion() async throws {
        let spec = TestSpec.load(text: """
            spin: Completion
            data: { log: "" }
            events: [go, other, ping]
            inputs: [go, other]
            states:
              a: {}
              b: {}
              c: {}
            transitions:
              - { from: a, on: go, to: b, emit: ping }
              - { from: b, on: ping, to: c, set: { log: log + 'p' } }
              - { from: b, on: other, set: { log: log + 'X' } }
              - { from: c, on: other, to: a, set: { log: log + 'o' } }
            feedbacks:
              # Both answer the state after 'go': 'other' is queued before 'ping' is reduced.
              eager: { enter: b, emit: other }
            script:
              - { at: 0s, emit: go }
            """, path: "completion.yaml")
        let result = try #require(await runSpec(spec))
        #expect(result.trace.map { "\(field("source", of: $0)) \(field("to", of: $0))" } == [
            "input b", "raised c", "eager a",
        ])
        #expect(result.summary.json.contains(#""log":"po""#))
    }
}
