import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// Golden files: every `Specs/invalid/NAME.yaml` has its exact expected output in
/// `Specs/invalid/NAME.expected`.
///
/// To regenerate the expected files after an intended change of messages, run
///
///     SPIN_UPDATE_GOLDEN=1 swift test --filter AnalyzerTests
///
/// and then read every changed `.expected` file (`git diff Specs/invalid`): each must read well
/// and its caret must point at the right column. The test fails while updating, so that an update
/// run is never mistaken for a passing one.
@Suite struct InvalidSpecAnalyzerTests {

    /// The invalid specs, as paths relative to the package root, sorted.
    static let specs: [String] = {
        let directory = packageRootURL.appendingPathComponent("Specs/invalid")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "Specs/invalid/\($0)" }
    }()

    @Test func thereAreInvalidSpecs() {
        #expect(Self.specs.count >= 18)
    }

    @Test(arguments: specs)
    func matchesExpectedOutput(_ path: String) throws {
        let specURL = packageRootURL.appendingPathComponent(path)
        let expectedURL = specURL.deletingPathExtension().appendingPathExtension("expected")
        let text = try String(contentsOf: specURL, encoding: .utf8)
        // The path as given, relative to the package root, is what the diagnostics show.
        let actual = AnalyzerPipeline.rendered(SourceFile(path: path, text: text))
        // The golden files' comparer and switch (`GoldenFiles`), on a file kept beside its spec.
        try GoldenFiles.check(stdout: actual, file: expectedURL)
        if GoldenFiles.updating {
            Issue.record("rewrote \(expectedURL.lastPathComponent); review it, then run again without SPIN_UPDATE_GOLDEN")
            return
        }
        #expect(!actual.isEmpty, "an invalid spec must produce a diagnostic")
    }
}

@Suite struct AnalyzerTests {
    // MARK: Valid specs

    @Test func levelsExampleHasNoFindings() {
        let source = SourceFile(path: "levels.yaml", text: levelsExampleSpec + "\n")
        #expect(AnalyzerPipeline.rendered(source) == "")
    }

    @Test func turnstileWithGearsHasNoFindings() {
        #expect(AnalyzerPipeline.findings("""
            gears:
              bus:
                events: [opened]
            spins:
              Turnstile:
                states: [locked, unlocked, broken]
                final: broken
                data:
                  credit: 0
                events:
                  coin: { amount: int }
                  push: {}
                  smash: {}
                inputs: [coin, push, smash]
                transitions:
                  - { from: locked, on: coin, when: event.amount >= 25, to: unlocked }
                  - { from: locked, on: coin, when: event.amount < 25, set: { credit: credit + event.amount } }
                  - { from: unlocked, on: push, to: locked }
                  - { on: smash, to: broken }
                feedbacks:
                  tell: { enter: unlocked, propagate: bus.opened }
              Counter:
                data:
                  opened: 0
                events: [count]
                transitions:
                  - { on: count, set: { opened: opened + 1 } }
                feedbacks:
                  listen: { catch: bus.opened, emit: count }
            """) == [])
    }

    // MARK: Reachability and ways out

    @Test func unreachableStateIsAWarningAtItsDeclaration() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            states: [a, b, c]
            final: c
            events: [go]
            inputs: [go]
            transitions:
              - { from: a, on: go, to: c }
              - { from: b, on: go, to: c }
            """) == [
                "2:13: warning: state 'b' of spin 'S' is unreachable from the initial state 'a' [#UnreachableState] [add a transition to 'b', or remove the state]",
                "8:5: warning: this transition can never fire: every source state is unreachable [#TransitionFromDeadState]",
            ])
    }

    @Test func reachabilityFollowsAnyRowsAndStopsAtFinalStates() {
        // 'any' rows apply in every reached state; a row out of the final state 'd' does not make
        // 'e' reachable, because the spin stops in 'd'.
        #expect(AnalyzerPipeline.findings("""
            spin: S
            states: [a, b, d, e]
            initial: b
            final: [d, e]
            events: [go, back, on]
            inputs: [go, back, on]
            transitions:
              - { on: go, to: a }
              - { from: a, on: back, to: d }
              - { from: d, on: on, to: e }
            """) == [
                "2:19: warning: state 'e' of spin 'S' is unreachable from the initial state 'b' [#UnreachableState] [add a transition to 'e', or remove the state]",
                "10:5: warning: this transition can never fire: every source state is final [#TransitionFromDeadState]",
            ])
    }

    @Test func stateWithOnlySelfLoopsHasNoWayOut() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            states: [a, b]
            data:
              n: 0
            events: [go, tick]
            inputs: [go, tick]
            transitions:
              - { from: a, on: go, to: b }
              - { from: b, on: tick, set: { n: n + 1 } }
              - { from: b, on: go, to: b }
            """) == [
                "2:13: warning: state 'b' of spin 'S' has no way out and is not final [#NoWayOut] [add a transition from 'b', or list it under 'final']",
            ])
    }

    @Test func anyRowIsAWayOutOfEveryOtherState() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            states: [a, b]
            events: [reset, go]
            inputs: [reset, go]
            transitions:
              - { on: reset, to: a }
              - { from: a, on: go, to: b }
            """) == [])
    }

    @Test func dataOnlySpinHasNoStateFindings() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            data:
              n: 0
            events: [tick]
            inputs: [tick]
            transitions:
              - { on: tick, set: { n: n + 1 } }
            """) == [])
    }

    // MARK: Dead rows

    @Test func falseGuardRowNeverFiresAndDoesNotCountAsAWayIn() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            states: [a, b, c]
            final: c
            events: [go, stop]
            inputs: [go, stop]
            transitions:
              - { from: a, on: stop, to: c }
              - { from: a, on: go, when: false, to: b }
              - { from: b, on: stop, to: c }
            """) == [
                "2:13: warning: state 'b' of spin 'S' is unreachable from the initial state 'a' [#UnreachableState] [add a transition to 'b', or remove the state]",
                "8:5: warning: this transition can never fire: its guard is always false [#AlwaysFalseGuard]",
                "9:5: warning: this transition can never fire: every source state is unreachable [#TransitionFromDeadState]",
            ])
    }

    @Test func rowOutOfFinalAndUnreachableStatesNeverFires() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            states: [a, b, c]
            final: [a, c]
            initial: b
            events: [go]
            inputs: [go]
            transitions:
              - { from: b, on: go, to: c }
              - { from: [a, c], on: go, to: b }
            """) == [
                "2:10: warning: state 'a' of spin 'S' is unreachable from the initial state 'b' [#UnreachableState] [add a transition to 'a', or remove the state]",
                "9:5: warning: this transition can never fire: every source state is final [#TransitionFromDeadState]",
            ])
    }

    @Test func rowOutOfMixedDeadStatesNeverFires() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            states: [a, b, c]
            final: b
            events: [go]
            inputs: [go]
            transitions:
              - { from: a, on: go, to: b }
              - { from: [b, c], on: go, to: a }
            """) == [
                "2:16: warning: state 'c' of spin 'S' is unreachable from the initial state 'a' [#UnreachableState] [add a transition to 'c', or remove the state]",
                "8:5: warning: this transition can never fire: every source state is final or unreachable [#TransitionFromDeadState]",
            ])
    }

    // MARK: Events

    @Test func eventNothingEmitsIsAWarning() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            data:
              n: 0
            events: [tick, tock, boom]
            transitions:
              - { on: tick, set: { n: n + 1 } }
              - { on: tock, set: { n: n - 1 } }
              - { on: boom, set: { n: 0 } }
            feedbacks:
              clock: { when: n < 3, emit: tick }
            """) == [
                "4:16: warning: event 'tock' of spin 'S' is never emitted: no rule emits it and it is not an input [#NeverEmittedEvent] [add it to 'inputs', or remove it]",
                "4:22: warning: event 'boom' of spin 'S' is never emitted: no rule emits it and it is not an input [#NeverEmittedEvent] [add it to 'inputs', or remove it]",
            ])
    }

    @Test func chooseSimulateAndScriptCountAsEmitting() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            data:
              n: 0
            events: [start, ok, failed, done, go]
            inputs: [go]
            transitions:
              - { on: start, set: { n: 1 } }
              - { on: ok, set: { n: 2 } }
              - { on: failed, set: { n: 3 } }
              - { on: done, set: { n: 4 } }
              - { on: go, set: { n: 5 } }
            feedbacks:
              roll: { becomes: n == 1, choose: [ { weight: 3, emit: ok }, { weight: 1, emit: failed } ] }
              work: { becomes: n == 2, effect: fetch, simulate: { after: 1s, emit: done } }
              kick: { becomes: n == 0, emit: start }
            script:
              - { at: 1s, emit: go }
            """) == [])
    }

    // MARK: Shadowed rows

    /// The warning of a shadowed row, as `findings` prints it.
    static func shadowed(_ place: String, _ event: String, _ rows: String, inState: String = "") -> String {
        "\(place): warning: this transition never fires: on '\(event)'\(inState), \(rows) first every time it could [#ShadowedTransition] [a state's rows are tried before its parent's and the spin's, each in document order, and the first whose guard holds fires: remove this row, or move it above the rows that take its cases]"
    }

    @Test func aRowWhoseStatesEarlierUnguardedRowsTakeIsShadowed() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            states: [a, b, c]
            events: [go]
            inputs: [go]
            transitions:
              - { from: [b, c], on: go, to: a }
              - { from: a, on: go, to: b }
              - { from: [a, c], on: go, to: c }
            """) == [Self.shadowed("8:5", "go", "the rows at lines 6 and 7 fire")])
    }

    @Test func identicalGuardsShadowInADataOnlySpin() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            data:
              n: 0
            events: [go]
            inputs: [go]
            transitions:
              - { on: go, when: n > 0 and n < 3, set: { n: n + 1 } }
              - { on: go, when: (n>0) && n<3, set: { n: n + 1 } }
            """) == [Self.shadowed("8:5", "go", "the row at line 7 fires")])
    }

    /// The "else" idiom: a guarded row, then an unguarded one for every other case. Not the
    /// other way round, where rows on one line are told apart by their columns.
    @Test func anElseRowIsFineButARowAfterAnUnguardedOneIsShadowed() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            data:
              n: 0
            events: [go]
            inputs: [go]
            transitions: [{ on: go, when: n > 0, set: { n: 0 } }, { on: go, set: { n: 1 } }]
            """) == [])
        #expect(AnalyzerPipeline.findings("""
            spin: S
            data:
              n: 0
            events: [go]
            inputs: [go]
            transitions: [{ on: go, set: { n: 1 } }, { on: go, when: n > 0, set: { n: 0 } }]
            """) == [Self.shadowed("6:42", "go", "the row at line 6, column 15 fires")])
    }

    /// The issue's example of python-statemachine's README: a guarded row in one state, then a
    /// catch-all on any state.
    @Test func aGuardedRowThenACatchAllIsFine() {
        #expect(AnalyzerPipeline.findings("""
            spin: Turnstile
            states: [locked, unlocked]
            data:
              credit: 0
            events:
              coin: { amount: int }
              push: {}
            inputs: [coin, push]
            transitions:
              - { from: locked, on: coin, when: event.amount >= 25, to: unlocked }
              - { from: any, on: coin, set: { credit: credit + event.amount } }
              - { from: unlocked, on: push, to: locked }
            """) == [])
    }

    @Test func differentGuardsDisjointSourcesAndDifferentEventsAreFine() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            states: [a, b]
            data:
              n: 0
            events: [go, stop]
            inputs: [go, stop]
            transitions:
              - { from: a, on: go, when: n > 0, to: b }
              - { from: a, on: go, when: n <= 0, set: { n: n + 1 } }
              - { from: b, on: go, to: a }
              - { from: a, on: stop, to: b }
            """) == [])
    }

    @Test func eachShadowedRowIsReportedOnceAgainstTheRowsThatFire() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            data:
              n: 0
            events: [go]
            inputs: [go]
            transitions:
              - { on: go, set: { n: 1 } }
              - { on: go, set: { n: 2 } }
              - { on: go, set: { n: 3 } }
            """) == [
                Self.shadowed("8:5", "go", "the row at line 7 fires"),
                Self.shadowed("9:5", "go", "the row at line 7 fires"),
            ])
    }

    @Test func rowsThatCanNeverFireShadowNothing() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            data:
              n: 0
            events: [go]
            inputs: [go]
            transitions:
              - { on: go, when: false, set: { n: 1 } }
              - { on: go, set: { n: 2 } }
            """) == [
                "7:5: warning: this transition can never fire: its guard is always false [#AlwaysFalseGuard]",
            ])
    }

    /// The check reads the control state in guards: `from: any, when: state != .busy` and
    /// `from: busy` do not overlap (the issue's example of a textual check), and together they
    /// take every state, so a later row of the spin is shadowed; a row of the spin on `idle` only
    /// is shadowed by the one taking idle. A state's own row is tried before the spin's wherever
    /// it is written (docs/statecharts.md, rule 3).
    @Test func guardsOnTheControlStateAreReadForWhatTheyMean() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            states: [idle, busy]
            events: [go]
            inputs: [go]
            transitions:
              - { from: any, on: go, when: state != .busy, to: busy }
              - { from: busy, on: go, to: idle }
              - { from: any, on: go, to: idle }
              - { from: any, on: go, when: state == .idle, to: idle }
            """) == [
                Self.shadowed("8:5", "go", "the rows at lines 6 and 7 fire"),
                Self.shadowed("9:5", "go", "the row at line 6 fires"),
            ])
        #expect(AnalyzerPipeline.findings("""
            spin: S
            states: [idle, busy]
            events: [go]
            inputs: [go]
            transitions:
              - { from: any, on: go, when: state != .busy, to: busy }
              - { from: busy, on: go, to: idle }
              - { from: idle, on: go, when: state == .idle, to: idle }
            """) == [
                Self.shadowed("6:5", "go", "the row at line 8 fires"),
            ])
    }

    /// Comparisons of a field (or a payload field) with a constant are sets of values, and rows
    /// together cover their union.
    @Test func comparisonsWithConstantsAreSetsOfValues() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            data:
              n: 0
              delay: 1s
            events:
              go: { by: int }
            inputs: [go]
            transitions:
              - { on: go, when: n < 5, set: { n: n + 1 } }
              - { on: go, when: n < 3 && event.by > 0, set: { n: 0 } }
              - { on: go, when: event.by >= 10, set: { n: 1 } }
              - { on: go, when: 8 > event.by, set: { n: 2 } }
              - { on: go, when: event.by == 8 || event.by == 9, set: { n: 3 } }
              - { on: go, when: delay > 2s, set: { n: 4 } }
              - { on: go, set: { n: 5 } }
              - { on: go, when: n == 7, set: { n: 6 } }
            """) == [
                Self.shadowed("10:5", "go", "the row at line 9 fires"),
                Self.shadowed("14:5", "go", "the rows at lines 9, 11, 12 and others fire"),
                Self.shadowed("15:5", "go", "the rows at lines 9, 11, 12 and others fire"),
                Self.shadowed("16:5", "go", "the rows at lines 11, 12 and 13 fire"),
            ])
    }

    /// Bools, enum cases and opaque conditions (here a string comparison) are read too; an opaque
    /// condition is only known to equal itself and to be the negation of its negation.
    @Test func boolsEnumsAndOpaqueConditions() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            data:
              done: false
              mode: { type: enum, values: [a, b, c] }
              label: ""
            events: [go, stop, reset]
            inputs: [go, stop, reset]
            transitions:
              - { on: go, when: done, set: { done: false } }
              - { on: go, when: not done, set: { done: true } }
              - { on: go, set: { label: '"x"' } }
              - { on: stop, when: mode == .a || mode == .b, set: { mode: .c } }
              - { on: stop, when: mode == .c, set: { mode: .a } }
              - { on: stop, when: mode != .a, set: { mode: .b } }
              - { on: reset, when: 'label == "x"', set: { label: '""' } }
              - { on: reset, when: 'label != "x" && !done', set: { label: '"y"' } }
              - { on: reset, when: 'label == "y"', set: { done: true } }
              - { on: reset, when: 'label != "x"', set: { done: false } }
            """) == [
                Self.shadowed("11:5", "go", "the rows at lines 9 and 10 fire"),
                Self.shadowed("14:5", "stop", "the rows at lines 12 and 13 fire"),
            ])
    }

    /// `when: true` always fires, as no guard does; constants are read as their values.
    @Test func constantGuardsAreTheirValues() {
        #expect(AnalyzerPipeline.findings("""
            constants:
              verbose: true
              limit: 3
            spin: S
            data:
              n: 0
            events: [go]
            inputs: [go]
            transitions:
              - { on: go, when: verbose && n < limit, set: { n: n + 1 } }
              - { on: go, when: n <= 2, set: { n: 0 } }
            """) == [Self.shadowed("11:5", "go", "the row at line 10 fires")])
    }

    // MARK: Shadowed rows at scale (issue 14, items 6 and 10): exact outcomes, no timing

    /// 20,000 states and 20,000 rows on any state, each on its own event: every row is filed once,
    /// not once per state.
    @Test func twentyThousandRowsOnAnyStateOverTwentyThousandStates() {
        let count = 20_000
        let states = (0..<count).map { "s\($0)" }.joined(separator: ", ")
        let events = (0..<count).map { "e\($0)" }.joined(separator: ", ")
        let rows = (0..<count).map { "  - { on: e\($0), to: s\(($0 &+ 1) % count) }" }.joined(separator: "\n")
        let spec = "spin: S\nstates: [\(states)]\nevents: [\(events)]\ninputs: [\(events)]\ntransitions:\n\(rows)\n"
        #expect(AnalyzerPipeline.findings(spec) == [])
    }

    /// 20,000 guarded rows on one event, `n == 0` … `n == 19999`: their values join one interval,
    /// so each row is checked in constant time. A repeated case is shadowed; the "else" row is not.
    @Test func twentyThousandGuardedRowsOnOneEvent() {
        let count = 20_000
        let rows = (0..<count).map { "  - { on: go, when: n == \($0), set: { n: n + 1 } }" }.joined(separator: "\n")
        let spec = "spin: S\ndata:\n  n: 0\nevents: [go]\ninputs: [go]\ntransitions:\n\(rows)\n"
            + "  - { on: go, when: n == 7, set: { n: 0 } }\n  - { on: go, when: n >= 0 && n < 20000, set: { n: 0 } }\n  - { on: go, set: { n: 0 } }\n"
        #expect(AnalyzerPipeline.findings(spec) == [
            Self.shadowed("\(count &+ 7):5", "go", "the row at line 14 fires"),
            Self.shadowed("\(count &+ 8):5", "go", "the rows at lines 7, 8, 9 and others fire"),
        ])
    }

    // MARK: Gears

    @Test func gearEventsMustBeBothPropagatedAndCaught() {
        #expect(AnalyzerPipeline.findings("""
            gears:
              bus:
                events: [ping, pong, both]
            spins:
              A:
                data:
                  n: 0
                events: [go]
                inputs: [go]
                transitions:
                  - { on: go, set: { n: n + 1 } }
                feedbacks:
                  send: { changes: n, propagate: bus.ping }
                  again: { changes: n, propagate: bus.both }
              B:
                data:
                  m: 0
                events: [got]
                transitions:
                  - { on: got, set: { m: m + 1 } }
                feedbacks:
                  hear: { catch: bus.pong, emit: got }
                  hearBoth: { catch: bus.both, emit: got }
            """) == [
                "13:13: warning: no spin catches 'bus.ping' [#PropagateNeverCaught] [add a rule with 'catch: bus.ping' to a spin, or remove the propagate]",
                "22:13: warning: 'bus.pong' is caught but never propagated [#CaughtNeverPropagated] [add a rule with 'propagate: bus.pong' to a spin, or remove the catch]",
            ])
    }

    // MARK: Order

    @Test func findingsAreOrderedBySpinThenLocation() {
        let findings = AnalyzerPipeline.findings("""
            spins:
              First:
                states: [a, b, c]
                events: [go, never]
                inputs: [go]
                transitions:
                  - { from: a, on: go, to: c }
                  - { from: c, on: never, to: a }
              Second:
                data:
                  n: 0
                events: [lost]
                transitions:
                  - { on: lost, set: { n: 1 } }
            """)
        #expect(findings == [
            "3:17: warning: state 'b' of spin 'First' is unreachable from the initial state 'a' [#UnreachableState] [add a transition to 'b', or remove the state]",
            "4:18: warning: event 'never' of spin 'First' is never emitted: no rule emits it and it is not an input [#NeverEmittedEvent] [add it to 'inputs', or remove it]",
            "12:14: warning: event 'lost' of spin 'Second' is never emitted: no rule emits it and it is not an input [#NeverEmittedEvent] [add it to 'inputs', or remove it]",
        ])
    }
}
