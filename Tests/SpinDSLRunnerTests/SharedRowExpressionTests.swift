import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// Rows writing the same one-line text share one checked and compiled expression, located at the
/// first of them (`SharedExpression`); a run-time error thrown by it must still name the row that
/// failed, at the same place in that row's text as checking that row on its own would give.
@Suite struct SharedRowExpressionTests {
    /// A two-state spin flipping on `go` for ever: the row from `a` is on line 7, the row from `b`
    /// on line 8. `first` and `second` are the rest of each row's braces.
    static func spec(data: String, first: String, second: String) -> TestSpec {
        TestSpec.load(text: """
            spin: Shared
            states: [a, b]
            initial: a
            data: { \(data) }
            events: [go]
            transitions:
              - { from: a, on: go, to: b, \(first) }
              - { from: b, on: go, to: a,    \(second) }
            feedbacks:
              drive:
                - { in: [a], emit: go }
                - { in: [b], emit: go }
            """, path: "shared.yaml")
    }

    static let nearlyMax = "9223372036854775806"

    /// The fault a run of `spec` ends with.
    static func fault(_ spec: TestSpec) async throws -> String? {
        #expect(spec.diagnostics.isEmpty)
        let result = try #require(await runSpec(spec))
        #expect(result.summary.status == .error)
        return result.summary.fault?.description
    }

    @Test func anOverflowInAQuickCellNamesTheSecondRow() async throws {
        // Both rows are quick cells; the first reaches the maximum, the second overflows, and the
        // compiled code shared with the first row reports it.
        let spec = Self.spec(
            data: "count: \(Self.nearlyMax)", first: "set: { count: count + 1 }", second: "set: { count: count + 1 }")
        #expect(try await Self.fault(spec) == "shared.yaml:8:54: error: integer overflow in 'count + 1' [#IntegerOverflow]")
    }

    @Test func anOverflowInASharedGuardNamesTheSecondRow() async throws {
        let spec = Self.spec(
            data: "count: 0",
            first: "when: count + 1 > 0, set: { count: 9223372036854775807 }",
            second: "when: count + 1 > 0")
        #expect(try await Self.fault(spec) == "shared.yaml:8:46: error: integer overflow in 'count + 1' [#IntegerOverflow]")
    }

    @Test func anOverflowInALaterSharedAssignmentNamesTheSecondRow() async throws {
        // Two assignments: not a quick cell, and the failing one is the row's second.
        let spec = Self.spec(
            data: "count: \(Self.nearlyMax), other: 0",
            first: "set: { other: 1, count: count + 1 }", second: "set: { other: 1, count:  count + 1 }")
        #expect(try await Self.fault(spec) == "shared.yaml:8:65: error: integer overflow in 'count + 1' [#IntegerOverflow]")
    }

    @Test func anOverflowPromotedToADoubleFieldNamesTheSecondRow() async throws {
        // An int expression assigned to a double field runs through the general value code; the
        // first row's `ratio` value (checked as a double, unlike its `count` value) is shared.
        let spec = Self.spec(
            data: "count: \(Self.nearlyMax), ratio: 0.5",
            first: "set: { ratio: count + 1, count: count + 1 }", second: "set: { ratio: count + 1 }")
        #expect(try await Self.fault(spec) == "shared.yaml:8:54: error: integer overflow in 'count + 1' [#IntegerOverflow]")
    }

    @Test func anOverflowInARowListedInSeveralCellsNamesThatRow() async throws {
        // The row from [b, c] is a candidate in two cells, made once and copied to the second; it
        // overflows in the second (state c), and its code is shared with the row from a.
        let spec = TestSpec.load(text: """
            spin: Shared
            states: [a, b, c]
            initial: a
            data: { count: 9223372036854775805 }
            events: [go, back]
            transitions:
              - { from: a, on: go, to: b, set: { count: count + 1 } }
              - { from: [b, c], on: go, to: c,   set: { count: count + 1 } }
              - { from: c, on: back, to: a }
            feedbacks:
              drive:
                - { in: [a], emit: go }
                - { in: [b], emit: go }
                - { in: [c], emit: go }
            inputs: [back]
            """, path: "shared.yaml")
        #expect(try await Self.fault(spec) == "shared.yaml:8:58: error: integer overflow in 'count + 1' [#IntegerOverflow]")
    }

    @Test func aGuardOnSeveralLinesIsNotSharedAndNamesItsOwnRow() async throws {
        // Texts with line breaks are checked on each row (their nodes are on several lines).
        let spec = TestSpec.load(text: """
            spin: Shared
            states: [a, b]
            initial: a
            data: { count: 0 }
            events: [go]
            transitions:
              - from: a
                on: go
                to: b
                when: |
                  count + 1 >
                    0
                set: { count: 9223372036854775807 }
              - from: b
                on: go
                to: a
                when: |
                  count + 1 >
                    0
            feedbacks:
              drive:
                - { in: [a], emit: go }
                - { in: [b], emit: go }
            """, path: "shared.yaml")
        let rows = try #require(spec.model?.spins.first?.transitions)
        #expect(rows.count == 2)
        #expect(rows[0].guardExpression?.shared !== rows[1].guardExpression?.shared)
        #expect(try await Self.fault(spec) == "shared.yaml:18:13: error: integer overflow in 'count + 1' [#IntegerOverflow]")
    }

    @Test func rowsShareOneExpressionYetEachIsLocatedAtItsOwnText() throws {
        let spec = Self.spec(data: "count: 0", first: "when: count < 5, set: { count: count + 1 }", second: "when:  count < 5")
        let rows = try #require(spec.model?.spins.first?.transitions)
        let guards = rows.compactMap(\.guardExpression)
        #expect(guards.count == 2)
        #expect(guards[0].shared === guards[1].shared)
        #expect(guards.map(\.expression.location) == [
            SourceLocation(file: "shared.yaml", line: 7, column: 43),
            SourceLocation(file: "shared.yaml", line: 8, column: 47),
        ])
        let error = EvaluationError(location: guards[0].expression.location, reason: .overflow(expression: "count < 5"))
        #expect(guards[0].relocated(error) == error)
        #expect(guards[1].relocated(error).location == SourceLocation(file: "shared.yaml", line: 8, column: 47))
        // An error not on the shared text's line is left where it is.
        let elsewhere = EvaluationError(location: SourceLocation(file: "shared.yaml", line: 3, column: 45), reason: .divisionByZero(expression: "x"))
        #expect(guards[1].relocated(elsewhere) == elsewhere)
    }
}
