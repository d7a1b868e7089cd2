import Testing
@testable import SpinDSLFrontEnd

/// A transition row keeps a single `from` state and a single assignment without an array
/// (`RowSources`, `RowAssignments`); these tests hold it to what the arrays gave: the same public
/// values, and equality that does not depend on how a row was made.
@Suite struct TransitionRowStorageTests {
    private static let here = SourceLocation(file: "rows.yaml", line: 1, column: 1)
    private static func name(_ text: String, column: Int) -> Name {
        Name(text, at: SourceLocation(file: "rows.yaml", line: 1, column: column))
    }
    private static func assignment(_ field: String, _ value: String) -> Assignment {
        Assignment(field: Name(field, at: here), value: ExpressionText(value, at: here))
    }
    private static func row(_ source: TransitionDeclaration.Source, _ assignments: [Assignment]) -> TransitionDeclaration {
        TransitionDeclaration(
            location: here, source: source, event: name("go", column: 3), guardExpression: nil,
            target: nil, assignments: assignments)
    }

    @Test("sources read back as written: any, none, one, several")
    func sources() {
        let a = Self.name("a", column: 5), b = Self.name("b", column: 8)
        for source: TransitionDeclaration.Source in [.any, .states([]), .states([a]), .states([a, b])] {
            #expect(Self.row(source, []).source == source)
        }
        #expect(Self.row(.states([]), []) != Self.row(.any, []))
        #expect(RowSources(.states([a])) == .one(a))
        #expect(RowSources(.states([a, b])) == .list([a, b]))
    }

    @Test("assignments read back as written, and as a collection, for none, one and several")
    func assignments() {
        let x = Self.assignment("x", "x + 1"), y = Self.assignment("y", "0")
        for list in [[], [x], [x, y], [y, x]] {
            let row = Self.row(.any, list)
            #expect(row.assignments == list)
            #expect(Array(row.writtenAssignments) == list)
            #expect(row.writtenAssignments.count == list.count)
        }
        #expect(RowAssignments([x]) == RowAssignments(single: x))
        #expect(Self.row(.any, [x]) != Self.row(.any, [x, x]))
    }

    @Test("a loaded row equals the row made through the public initializer from its public values")
    func loadedRowsEqualPublicOnes() {
        let text = """
            spin: S
            states: [a, b]
            initial: a
            data:
              n: 0
              m: 0
            events: [go]
            transitions:
              - { from: a, on: go, to: b, set: { n: n + 1 } }
              - { from: [a], on: go, to: b, set: { n: 1, m: 2 } }
              - { from: [a, b], on: go }
              - { on: go, set: {} }
            """
        let result = SpecLoader().load(SourceFile(path: "rows.yaml", text: text))
        guard let spin = result.document?.spins.first else {
            Issue.record("no single spin: \(result.diagnostics)")
            return
        }
        #expect(spin.transitions.count == 4)
        for row in spin.transitions {
            let remade = TransitionDeclaration(
                location: row.location, source: row.source, event: row.event,
                guardExpression: row.guardExpression, target: row.target, assignments: row.assignments)
            #expect(remade == row)
            #expect(remade.hashValue == row.hashValue)
        }
        if case .states(let names) = spin.transitions[1].source {
            #expect(names.map(\.text) == ["a"])
        } else {
            Issue.record("`from: [a]` read as any")
        }
        #expect(spin.transitions[2].source != .any)
        #expect(spin.transitions[3].assignments.isEmpty)
    }
}
