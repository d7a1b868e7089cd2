import Foundation
import Testing
@testable import SpinDSL

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
        if ProcessInfo.processInfo.environment["SPIN_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(expectedURL.lastPathComponent); review it, then run again without SPIN_UPDATE_GOLDEN")
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(!actual.isEmpty, "an invalid spec must produce a diagnostic")
        #expect(actual == expected, "output of \(path) differs from \(expectedURL.lastPathComponent)")
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

    @Test func unreachableStateIsAnErrorAtItsDeclaration() {
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
                "2:13: error: state 'b' of spin 'S' is unreachable from the initial state 'a' [#UnreachableState] [add a transition to 'b', or remove the state]",
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
                "2:19: error: state 'e' of spin 'S' is unreachable from the initial state 'b' [#UnreachableState] [add a transition to 'e', or remove the state]",
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
                "2:13: error: state 'b' of spin 'S' has no way out and is not final [#NoWayOut] [add a transition from 'b', or list it under 'final']",
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
                "2:13: error: state 'b' of spin 'S' is unreachable from the initial state 'a' [#UnreachableState] [add a transition to 'b', or remove the state]",
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
                "2:10: error: state 'a' of spin 'S' is unreachable from the initial state 'b' [#UnreachableState] [add a transition to 'a', or remove the state]",
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
                "2:16: error: state 'c' of spin 'S' is unreachable from the initial state 'a' [#UnreachableState] [add a transition to 'c', or remove the state]",
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

    // MARK: Nondeterminism

    @Test func unguardedRowsOnTheSameEventClash() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            states: [a, b, c]
            events: [go]
            inputs: [go]
            transitions:
              - { from: [b, c], on: go, to: a }
              - { from: a, on: go, to: b }
              - { from: [a, c], on: go, to: c }
            """) == [
                "8:5: error: transitions at lines 6 and 8 can both fire in state 'c' on event 'go' [#NondeterministicTransitions] [make their guards exclusive (for example 'when: not (…)' on one), or merge them]",
            ])
    }

    @Test func identicalGuardsClashInADataOnlySpin() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            data:
              n: 0
            events: [go]
            inputs: [go]
            transitions:
              - { on: go, when: n > 0 and n < 3, set: { n: n + 1 } }
              - { on: go, when: (n>0) && n<3, set: { n: n + 1 } }
            """) == [
                "8:5: error: transitions at lines 7 and 8 can both fire on event 'go' [#NondeterministicTransitions] [make their guards exclusive (for example 'when: not (…)' on one), or merge them]",
            ])
    }

    @Test func oneUnguardedRowClashesAndRowsOnOneLineAreToldApartByColumn() {
        #expect(AnalyzerPipeline.findings("""
            spin: S
            data:
              n: 0
            events: [go]
            inputs: [go]
            transitions: [{ on: go, when: n > 0, set: { n: 0 } }, { on: go, set: { n: 1 } }]
            """) == [
                "6:55: error: transitions at line 6, columns 15 and 55, can both fire on event 'go' [#NondeterministicTransitions] [make their guards exclusive (for example 'when: not (…)' on one), or merge them]",
            ])
    }

    @Test func differentGuardsDisjointSourcesAndDifferentEventsDoNotClash() {
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

    @Test func eachLaterRowIsReportedOnce() {
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
                "8:5: error: transitions at lines 7 and 8 can both fire on event 'go' [#NondeterministicTransitions] [make their guards exclusive (for example 'when: not (…)' on one), or merge them]",
                "9:5: error: transitions at lines 7 and 9 can both fire on event 'go' [#NondeterministicTransitions] [make their guards exclusive (for example 'when: not (…)' on one), or merge them]",
            ])
    }

    @Test func rowsThatCanNeverFireDoNotClash() {
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
            "3:17: error: state 'b' of spin 'First' is unreachable from the initial state 'a' [#UnreachableState] [add a transition to 'b', or remove the state]",
            "4:18: warning: event 'never' of spin 'First' is never emitted: no rule emits it and it is not an input [#NeverEmittedEvent] [add it to 'inputs', or remove it]",
            "12:14: warning: event 'lost' of spin 'Second' is never emitted: no rule emits it and it is not an input [#NeverEmittedEvent] [add it to 'inputs', or remove it]",
        ])
    }
}
