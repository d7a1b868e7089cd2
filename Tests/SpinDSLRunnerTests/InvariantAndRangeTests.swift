import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// `range`, `values` and `invariants` (issue 18): ranges and invariants hold in every run. That
/// payload values are read into the model is the front end's (`SpinDSLFrontEndTests/InvariantAndRangeTests`).
@Suite struct InvariantAndRangeTests {
    /// A counter with a range, counted up by its script; `row` is the row that counts.
    static func counter(range: String, row: String, script: Int, invariants: String = "") -> TestSpec {
        let steps = (0..<script).map { "  - { at: \($0)s, emit: inc }" }.joined(separator: "\n")
        return TestSpec.load(text: """
            spin: Counter
            data:
              count: { type: int, initial: 0, range: \(range) }
              half: { type: double, initial: 0, range: [0, 1.5] }
            events: [inc]
            inputs: [inc]
            transitions:
              - \(row)
            \(invariants)
            script:
            \(steps)
            """, path: "counter.yaml")
    }

    /// The quick path of the reducer (one unguarded `field + constant` row) stops at the bound,
    /// with the row's location.
    @Test func anAssignmentAboveTheRangeIsARunTimeErrorOnTheQuickPath() async throws {
        let spec = Self.counter(range: "[0, 2]", row: "{ on: inc, set: { count: count + 1 } }", script: 4)
        #expect(spec.renderedDiagnostics == "")
        let result = try #require(await runSpec(spec))
        #expect(result.summary.status == .error)
        #expect(result.summary.steps == 3)
        #expect(result.summary.fault?.description == "counter.yaml:8:30: error: 3 is outside the range [0, 2] of data field 'count' [#ValueOutOfRange]")
        #expect(result.trace.last?.contains(#""state":{"count":2,"half":0.0}"#) == true)
    }

    /// The general path (a guarded row, two assignments) checks each assignment, below the range too.
    @Test func anAssignmentBelowTheRangeIsARunTimeErrorOnTheGeneralPath() async throws {
        let spec = Self.counter(
            range: "[-1, 5]", row: "{ on: inc, when: count < 100, set: { half: half + 0.5, count: count - 1 } }", script: 3)
        let result = try #require(await runSpec(spec))
        #expect(result.summary.steps == 2)
        #expect(result.summary.fault?.description == "counter.yaml:8:67: error: -2 is outside the range [-1, 5] of data field 'count' [#ValueOutOfRange]")
    }

    /// A double field leaves its range.
    @Test func aDoubleAboveItsRangeIsARunTimeError() async throws {
        let spec = Self.counter(range: "[0, 100]", row: "{ on: inc, set: { half: half + 0.5 } }", script: 5)
        let result = try #require(await runSpec(spec))
        #expect(result.summary.steps == 4)
        #expect(result.summary.fault?.description == "counter.yaml:8:29: error: 2.0 is outside the range [0.0, 1.5] of data field 'half' [#ValueOutOfRange]")
    }

    /// An invariant that stops holding ends the run at that step, with status `invariant` and the
    /// invariant in the summary.
    @Test func anInvariantThatStopsHoldingEndsTheRun() async throws {
        let spec = Self.counter(
            range: "[0, 10]", row: "{ on: inc, set: { count: count + 1 } }", script: 5,
            invariants: "invariants:\n  small: count < 3\n  positive: count >= 0")
        #expect(spec.renderedDiagnostics == "")
        let result = try #require(await runSpec(spec))
        #expect(result.trace.count == 3)
        #expect(result.summary.json == #"{"summary":{"status":"invariant","steps":3,"time":2000,"spins":{"Counter":{"state":null,"data":{"count":3,"half":0.0}}},"invariant":{"spin":"Counter","name":"small","location":"counter.yaml:10:3","condition":"count < 3"}}}"#)
        #expect(result.summary.invariant?.description == "counter.yaml:10:3: error: invariant 'small' of spin 'Counter' does not hold: count < 3 [#InvariantViolated]")
    }

    /// An initial state that breaks an invariant does not run at all.
    @Test func anInitialStateThatBreaksAnInvariantDoesNotRun() async throws {
        let spec = Self.counter(
            range: "[0, 10]", row: "{ on: inc, set: { count: count + 1 } }", script: 2,
            invariants: "invariants:\n  started: count > 0")
        let result = try #require(await runSpec(spec))
        #expect(result.trace.isEmpty)
        #expect(result.summary.status == .invariant)
        #expect(result.summary.steps == 0)
        #expect(result.summary.invariant?.name == "started")
    }

    /// An invariant that cannot be evaluated is a run-time error located in the invariant.
    @Test func anInvariantThatFailsToEvaluateIsARunTimeError() async throws {
        let spec = Self.counter(
            range: "[0, 10]", row: "{ on: inc, set: { count: count + 1 } }", script: 2,
            invariants: "invariants:\n  ratio: 10 / (count - 1) != 0")
        let result = try #require(await runSpec(spec))
        #expect(result.summary.status == .error)
        #expect(result.summary.steps == 1)
        #expect(result.summary.fault?.description == "counter.yaml:10:13: error: division by zero in '10 / (count - 1)' [#DivisionByZero]")
    }
}
