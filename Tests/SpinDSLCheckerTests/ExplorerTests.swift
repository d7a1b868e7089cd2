import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLChecker
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// `SpecChecker` (docs/checking.md): what a state and a move are, what is counted, what a dead end
/// is, and that the way it explores specs without feedbacks gives what the machine gives.
@Suite struct ExplorerTests {
    static func check(_ text: String, _ options: CheckOptions = CheckOptions()) throws -> CheckResult {
        let spec = TestSpec.load(text: text, path: "spec.yaml")
        let compiled = try #require(spec.compiled, "\(spec.renderedDiagnostics)")
        return SpecChecker(compiled).check(options)
    }

    static func check(file name: String, _ options: CheckOptions = CheckOptions()) throws -> CheckResult {
        let compiled = try #require(loadSpec(name).compiled)
        return SpecChecker(compiled).check(options)
    }

    /// Three counters in 0…n, the benchmark's model: (n + 1)³ states, every input moving from the
    /// n (n + 1)² states where its guard holds, plus the start.
    static func counters(_ bound: Int) -> String {
        """
        spin: Counters
        data:
          a: { type: int, initial: 0, range: [0, \(bound)] }
          b: { type: int, initial: 0, range: [0, \(bound)] }
          c: { type: int, initial: 0, range: [0, \(bound)] }
        events: [incA, incB, incC, decA]
        inputs: [incA, incB, incC, decA]
        transitions:
          - { on: incA, when: a < \(bound), set: { a: a + 1 } }
          - { on: incB, when: b < \(bound), set: { b: b + 1 } }
          - { on: incC, when: c < \(bound), set: { c: c + 1 } }
          - { on: decA, when: a > 0, set: { a: a - 1 } }
        """
    }

    @Test func theCountersHaveEveryCombinationAndEveryGuardedMove() throws {
        let result = try Self.check(Self.counters(10))
        #expect(result.status == .ok)
        #expect(result.states == 11 * 11 * 11)
        #expect(result.transitions == 4 * 10 * 11 * 11 + 1)
        #expect(result.depth == 30)
        #expect(result.violations.isEmpty)
        #expect(result.coverage.isEmpty)
    }

    /// The reducer-only way and the machine agree on every count and every counterexample.
    @Test(arguments: ["counters", "turnstile-checked", "turnstile-range", "unreached"])
    func theReducerOnlyWayEqualsTheMachine(name: String) throws {
        let text: String
        switch name {
        case "counters": text = Self.counters(6)
        case "turnstile-range": text = Self.turnstileWithRange
        case "unreached":
            text = try String(contentsOfFile: "\(packageRoot)/Tests/SpinrunTests/Fixtures/check/unreached.yaml", encoding: .utf8)
        default: text = try String(contentsOfFile: "\(packageRoot)/Specs/\(name).yaml", encoding: .utf8)
        }
        var general = CheckOptions()
        general.allowsReducerOnlyPath = false
        let fast = try Self.check(text)
        let slow = try Self.check(text, general)
        #expect(fast.status == slow.status)
        #expect(fast.states == slow.states)
        #expect(fast.transitions == slow.transitions)
        #expect(fast.depth == slow.depth)
        #expect(fast.deadEnds == slow.deadEnds)
        #expect(fast.violations.map(\.message) == slow.violations.map(\.message))
        #expect(fast.violations.map(\.counterexample) == slow.violations.map(\.counterexample))
        #expect(fast.coverage == slow.coverage)
    }

    /// Benchmarks/spin/examples/turnstile.pml's model: the turnstile with coins of 10 and 25 and its
    /// credit bounded by 1,000 (SPIN: 868 states, one being its error state; 25 range errors, the
    /// shortest after 41 moves).
    static let turnstileWithRange = """
        spin: Turnstile
        states: [locked, unlocked, closed]
        final: closed
        data:
          credit: { type: int, initial: 0, range: [0, 1000] }
          passes: 0
        events:
          coin: { amount: { type: int, values: [10, 25] } }
          push: {}
        inputs: [coin, push]
        transitions:
          - { from: locked, on: coin, when: event.amount >= 25, to: unlocked, set: { credit: credit + event.amount } }
          - { from: locked, on: coin, when: event.amount < 25, set: { credit: credit + event.amount } }
          - { from: unlocked, on: coin, set: { credit: credit + event.amount } }
          - { from: unlocked, on: push, when: passes + 1 < 2, to: locked, set: { passes: passes + 1 } }
          - { from: unlocked, on: push, when: passes + 1 >= 2, to: closed, set: { passes: passes + 1 } }
        """

    @Test func rangeErrorsAreFoundOncePerRowWithTheirShortestRun() throws {
        let result = try Self.check(Self.turnstileWithRange)
        #expect(result.status == .violated)
        #expect(result.states == 867)
        // 1,714 moves between states, 25 that fail, and the start.
        #expect(result.transitions == 1714 + 25 + 1)
        #expect(result.violations.map(\.description) == [
            "spec.yaml:14:48: error: 1010 is outside the range [0, 1000] of data field 'credit' [#ValueOutOfRange]",
            "spec.yaml:12:86: error: 1010 is outside the range [0, 1000] of data field 'credit' [#ValueOutOfRange]",
            "spec.yaml:13:71: error: 1010 is outside the range [0, 1000] of data field 'credit' [#ValueOutOfRange]",
        ])
        #expect(result.violations.map(\.depth) == [41, 42, 42])
    }

    // MARK: Dead ends

    /// A data-only spin without inputs that settles (levels, counter) is not a dead end: a spin
    /// with no final state and no input may stop anywhere.
    @Test(arguments: ["levels.yaml", "counter.yaml"])
    func aSpinWithoutFinalStatesOrInputsMaySettle(name: String) throws {
        let result = try Self.check(file: name)
        #expect(result.status == .ok)
        #expect(result.states == 1)
        #expect(result.deadEnds == 0)
    }

    /// Gear: Feature reaches its final state; Authorization (no final state, no input) settles.
    @Test func aSpinThatSettlesBesideAFinalOneIsNoDeadEnd() throws {
        let result = try Self.check(file: "gear.yaml")
        #expect(result.status == .ok)
        #expect(result.states == 4)
        #expect(result.deadEnds == 0)
    }

    /// A spin with inputs and no final state must always be able to go on.
    @Test func aSpinWithInputsThatGetsStuckIsADeadEnd() throws {
        let result = try Self.check("""
            spin: Door
            states: [open, shut, jammed]
            data:
              oiled: false
            events: [close, jam, open]
            inputs: [close, jam, open]
            transitions:
              - { from: open, on: close, to: shut }
              - { from: shut, on: open, to: open }
              - { from: shut, on: jam, to: jammed }
              - { from: jammed, on: open, when: oiled, to: open }
            """)
        #expect(result.status == .deadlock)
        #expect(result.deadEnds == 1)
        #expect(result.violations.map(\.message) == [
            "dead end: no input and no timer changes anything, and spin 'Door' is not in a final state",
        ])
        #expect(result.violations.first?.counterexample.map(\.kind) == [
            .start, .input(spin: 0, event: SpecEvent(kind: 0)), .input(spin: 0, event: SpecEvent(kind: 1)),
        ])
    }

    /// Final states take no move: a run whose every spin is final is over, not stuck.
    @Test func finalStatesAreNoDeadEnds() throws {
        let result = try Self.check(file: "turnstile-checked.yaml")
        #expect(result.status == .ok)
        #expect(result.deadEnds == 0)
        #expect(result.states == 57)
    }

    /// A timer that changes nothing (a tick a row ignores) is no way out: the state is a dead end.
    @Test func aTimerThatChangesNothingIsNoWayOut() throws {
        let result = try Self.check("""
            spin: Waiter
            states: [waiting, served]
            final: served
            data:
              bell: 0
            events: [tick, serve]
            inputs: [serve]
            transitions:
              - { from: waiting, on: serve, when: bell > 0, to: served }
              - { from: waiting, on: tick, when: bell > 10, set: { bell: bell + 1 } }
            feedbacks:
              clock: { in: waiting, every: 1s, emit: tick }
            """)
        #expect(result.status == .deadlock)
        #expect(result.states == 1)
    }

    // MARK: Time

    /// A state holds the time left to each deadline: the gate (fixed) has three states, whatever
    /// the time — closed, open with 3 s to go, closed after a pass.
    @Test func deadlinesAreRelativeSoTimeDoesNotMakeNewStates() throws {
        let result = try Self.check("""
            spin: Gate
            states: [closed, open]
            data:
              passes: { type: int, initial: 0, range: [0, 3] }
            events: [ticket, pass, timeout]
            inputs: [ticket, pass]
            transitions:
              - { from: closed, on: ticket, to: open, set: { passes: 0 } }
              - { from: open, on: pass, to: closed, set: { passes: passes + 1 } }
              - { from: open, on: timeout, to: closed }
            feedbacks:
              autoClose: { enter: open, after: 3s, emit: timeout }
            """)
        #expect(result.status == .ok)
        #expect(result.states == 3)
        #expect(result.coverage.isEmpty)
    }

    /// Deterministic specs explore one path: the traffic light's 96 steps are 97 states.
    @Test(arguments: [("traffic-light.yaml", 97), ("thermostat.yaml", 61)])
    func aSpecWithoutInputsIsOnePath(name: String, states: Int) throws {
        let result = try Self.check(file: name)
        #expect(result.status == .ok)
        #expect(result.states == states)
        #expect(result.transitions == states)
    }

    // MARK: Choices

    /// Every outcome of a `choose` is a branch, here already at the start.
    @Test func eachOutcomeOfAChooseIsABranch() throws {
        let result = try Self.check("""
            spin: Coin
            states: [spinning, heads, tails]
            final: [heads, tails]
            events: [heads, tails]
            transitions:
              - { from: spinning, on: heads, to: heads }
              - { from: spinning, on: tails, to: tails }
            feedbacks:
              toss:
                enter: spinning
                choose: [ { weight: 1, emit: heads }, { weight: 9, emit: tails } ]
            """)
        #expect(result.status == .ok)
        #expect(result.states == 2)
        #expect(result.transitions == 2)
    }

    /// The same spec gives the same counts and counterexamples every run.
    @Test func explorationIsDeterministic() throws {
        let first = try Self.check(file: "vending-deadend.yaml")
        let second = try Self.check(file: "vending-deadend.yaml")
        #expect(first.states == second.states)
        #expect(first.transitions == second.transitions)
        #expect(first.violations.map(\.counterexample) == second.violations.map(\.counterexample))
    }

    // MARK: Limits

    @Test func limitsStopTheExplorationAsIncomplete() throws {
        let byStates = try Self.check(Self.counters(10), CheckOptions(maxStates: 100))
        #expect(byStates.status == .incomplete)
        #expect(byStates.limit == .maxStates)
        #expect(byStates.states == 100)
        #expect(byStates.coverage.isEmpty)
        let byDepth = try Self.check(Self.counters(10), CheckOptions(maxDepth: 3))
        #expect(byDepth.status == .incomplete)
        #expect(byDepth.limit == .maxDepth)
        #expect(byDepth.depth == 3)
    }

    /// A spec the checker cannot check: an int payload of an input without `values`.
    @Test func anInputPayloadWithoutValuesCannotBeChecked() throws {
        let compiled = try #require(loadSpec("turnstile.yaml").compiled)
        #expect(SpecChecker(compiled).diagnostics.map(\.group) == [.payloadWithoutValues])
    }

    // MARK: Statecharts

    /// A statechart's history records are data: the same configuration with another record is
    /// another state. `p`'s record is 0 (nothing yet), 1 (`a`) or 2 (`b`): `a` and `b` with each of
    /// the three, and `q` with 1 or 2, are 8 states (3 configurations). Coverage is per state of
    /// the tree, and names an eventless row "without an event".
    @Test func historyRecordsAreStateAndCoverageIsPerState() throws {
        let result = try Self.check("""
            spin: H
            data: { n: 0 }
            states:
              p:
                history: shallow
                states: { a: {}, b: {}, c: {} }
              q: {}
            events: [go, out, back]
            inputs: [go, out, back]
            transitions:
              - { from: a, on: go, to: b }
              - { from: b, on: go, to: a }
              - { from: p, on: out, to: q }
              - { from: q, on: back, when: n > 0, to: c }
              - { from: q, on: back, to: history(p) }
              - { from: c, when: n > 0, set: { n: 0 } }
              - { from: c, on: go, to: a }
            """)
        #expect(result.status == .ok)
        #expect(result.states == 8)
        #expect(result.transitions == 15)
        #expect(result.depth == 4)
        #expect(result.coverage.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
            "6:29: state 'c' of spin 'H' is never reached",
            "14:5: this row never fires in any reachable state (on 'back')",
            "16:5: this row never fires in any reachable state (without an event)",
            "17:5: this row never fires in any reachable state (on 'go')",
        ])
    }

    /// A statechart's outbox (the gear events of the last step, already sent) is not part of a
    /// state: `A` in `idle` after a `poke` that propagated and after coming back from `on` is one
    /// state. `A` idle with `B` at 0…3 and `A` on with `B` at 1…3: 7 states (10 if the outbox
    /// counted).
    @Test func theOutboxOfTheLastStepIsNotState() throws {
        let result = try Self.check("""
            gears:
              bus: { events: [ping] }
            spins:
              A:
                states:
                  idle: {}
                  on: { entry: { propagate: bus.ping } }
                events: [go, poke]
                inputs: [go, poke]
                transitions:
                  - { from: idle, on: go, to: on }
                  - { from: on, on: go, to: idle }
                  - { from: idle, on: poke, propagate: bus.ping }
              B:
                data: { n: { type: int, initial: 0, range: [0, 3] } }
                events: [ping]
                transitions:
                  - { on: ping, when: n < 3, set: { n: n + 1 } }
                feedbacks:
                  hear: { catch: bus.ping, emit: ping }
            """)
        #expect(result.status == .ok)
        #expect(result.states == 7)
    }

    /// Two states whose entry actions raise the event that leads to the other: after `go` the
    /// statechart rings for ever. Past `RunMachine.ringSearchStart` (1,000) steps the move's drain
    /// looks for a state it was in before: found after 1,003 steps, not at the bound (100,000).
    static let raisedRing = """
        spin: Ring
        states:
          idle: {}
          a: { entry: { emit: toB } }
          b: { entry: { emit: toA } }
        events: [go, toA, toB]
        inputs: [go]
        transitions:
          - { from: idle, on: go, to: a }
          - { from: a, on: toB, to: b }
          - { from: b, on: toA, to: a }
        """

    @Test func aRingOfRaisedEventsIsALivelockFoundByItsRepeatedState() throws {
        let result = try Self.check(Self.raisedRing)
        #expect(result.status == .violated)
        #expect(result.states == 1)
        #expect(result.violations.map(\.kind) == [.livelock(steps: 1003, ringLength: 2)])
        #expect(result.violations.map(\.description) == [
            "error: the spins do not settle: after one move they come back to the same state every 2 steps (found at step 1003 of the move), with no input and no time passing [#NeverSettles]",
        ])
        #expect(result.violations.first?.counterexample.map(\.kind) == [.start, .input(spin: 0, event: SpecEvent(kind: 0))])

        // The machine itself: the move ends 1,003 steps in, as the bound would end it.
        let compiled = try #require(TestSpec.load(text: Self.raisedRing, path: "spec.yaml").compiled)
        var machine = RunMachine(MachineProgram(compiled, script: false, maxStringBytes: SpecRunOptions.defaultMaxStringBytes), oracle: .enumerating())
        machine.moveStepLimit = 100_000
        machine.detectsRings = true
        machine.start()
        machine.beginMove()
        machine.emitInput(SpecEvent(kind: 0), into: 0)
        #expect(machine.ended == .stepLimit)
        #expect(machine.ringLength == 2)
        #expect(machine.steps == 1003)

        // A bound below the search's start ends the move first, and is what the finding names.
        let bounded = try Self.check(Self.raisedRing, CheckOptions(maxMoveSteps: 500))
        #expect(bounded.violations.map(\.kind) == [.livelock(steps: 500, ringLength: nil)])
    }

    /// A raised event that re-enters its state and counts: never the same state twice, so no ring
    /// is found and the move's bound ends it.
    @Test func aMoveThatCountsForEverIsEndedByTheBound() throws {
        let result = try Self.check("""
            spin: Count
            data: { n: 0 }
            states:
              idle: {}
              a: { entry: { emit: again } }
            events: [go, stop, again]
            inputs: [go, stop]
            transitions:
              - { from: idle, on: go, to: a }
              - { from: a, on: again, to: a, set: { n: n + 1 } }
              - { from: a, on: stop, to: idle }
            """, CheckOptions(maxMoveSteps: 5_000))
        #expect(result.violations.map(\.kind) == [.livelock(steps: 5_000, ringLength: nil)])
        #expect(result.violations.map(\.message) == [
            "the spins do not settle: more than 5000 steps after one move, with no input and no time passing",
        ])
    }
}
