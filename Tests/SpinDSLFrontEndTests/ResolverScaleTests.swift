import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// The resolver checks an expression text once per scope and reuses the checked tree on later rows;
/// the reused tree must be located where each row writes it, so run-time errors point at the row.
@Suite struct ResolverScaleTests {
    static let text = """
        spin: Rows
        states: [a, b]
        initial: a
        data:
          count: 0
        events: [go, back]
        inputs: [go, back]
        transitions:
          - { from: a, on: go, to: b, when: count < 10, set: { count: count + 1 } }
          - { from: b, on: back, to: a,   when: count < 10, set: { count:   count + 1 } }
        """

    @Test func aRepeatedExpressionIsLocatedAtEachRow() throws {
        let spec = TestSpec.load(text: Self.text, path: "rows.yaml")
        #expect(spec.diagnostics.isEmpty)
        let rows = try #require(spec.model?.spins.first?.transitions)
        #expect(rows.count == 2)
        let guards = rows.compactMap { $0.guardExpression?.expression }
        #expect(guards.map(\.location) == [
            SourceLocation(file: "rows.yaml", line: 9, column: 43),
            SourceLocation(file: "rows.yaml", line: 10, column: 47),
        ])
        #expect(guards[0] == guards[1])
        let sums = rows.compactMap { $0.assignments.first?.value.expression }
        // The operator's location, as for a freshly checked expression.
        #expect(sums.map(\.location) == [
            SourceLocation(file: "rows.yaml", line: 9, column: 69),
            SourceLocation(file: "rows.yaml", line: 10, column: 75),
        ])
        let operands = sums.flatMap(\.children).map(\.location)
        #expect(operands == [
            SourceLocation(file: "rows.yaml", line: 9, column: 63),
            SourceLocation(file: "rows.yaml", line: 9, column: 71),
            SourceLocation(file: "rows.yaml", line: 10, column: 69),
            SourceLocation(file: "rows.yaml", line: 10, column: 77),
        ])
        // Each row, checked on its own, gives the same tree at the same place.
        for (row, sum) in zip(spec.model?.spins.first?.declaration.transitions ?? [], sums) {
            let text = try #require(row.assignments.first?.value)
            let scope = ExpressionScope(dataFields: [(name: "count", type: .int)], eventFields: [])
            let fresh = try #require(ExpressionChecker.check(text.text, at: text.location, in: scope, expecting: .int).expression)
            #expect(fresh.location == sum.location)
            #expect(fresh.children.map(\.location) == sum.children.map(\.location))
        }
    }

    @Test func aRepeatedExpressionStillReportsItsOwnErrors() {
        let text = Self.text.replacingOccurrences(of: "to: a,   when: count < 10", with: "to: a,   when: count < 10.5 + nope")
        let spec = TestSpec.load(text: text, path: "rows.yaml")
        #expect(spec.diagnostics.map(\.message) == ["unknown name 'nope'"])
        #expect(spec.diagnostics.map(\.location.line) == [10])
    }
}
