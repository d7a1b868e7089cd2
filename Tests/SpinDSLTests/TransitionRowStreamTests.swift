import Foundation
import Testing
@testable import SpinDSL

/// The loader maps transition rows while the YAML is read (`TransitionRowStream`); these tests hold
/// it to what mapping the whole tree afterwards gives: the same document and the same diagnostics,
/// in the same order.
@Suite struct TransitionRowStreamTests {
    private static let path = "stream.yaml"

    /// What `SpecLoader` makes of `text`, and what mapping the plain tree gives.
    private static func bothWays(_ text: String, limits: YAMLLimits = YAMLLimits()) -> (streamed: SpecLoadResult, tree: SpecLoadResult) {
        let source = SourceFile(path: path, text: text)
        let streamed = SpecLoader(limits: limits).load(source)
        let read = YAMLReader(limits: limits).read(source)
        guard !read.diagnostics.contains(where: { $0.severity == .error }) else {
            return (streamed, SpecLoadResult(source: source, document: nil, diagnostics: read.diagnostics))
        }
        var builder = SpecBuilder(path: path)
        let document = builder.document(read.document)
        let diagnostics = read.diagnostics + read.oversizedIntegers + builder.sortedDiagnostics()
        let failed = diagnostics.contains { $0.severity == .error }
        return (streamed, SpecLoadResult(source: source, document: failed ? nil : document, diagnostics: diagnostics))
    }

    private static func expectSame(
        _ text: String, limits: YAMLLimits = YAMLLimits(), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let (streamed, tree) = bothWays(text, limits: limits)
        #expect(streamed.document == tree.document, sourceLocation: sourceLocation)
        #expect(streamed.diagnostics == tree.diagnostics, sourceLocation: sourceLocation)
    }

    @Test("every spec of Specs/ and Specs/invalid/ maps the same either way")
    func specFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["Specs", "Specs/invalid"] {
            let directory = root.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }
            files += names.sorted().map { directory.appendingPathComponent($0) }
        }
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            Self.expectSame(text)
        }
    }

    @Test("rows with problems: diagnostics in the same order, among those of other keys")
    func rowsWithProblems() {
        Self.expectSame("""
            spin: S
            script: [{ at: 1s, emit: nope }]
            states: [a, b]
            transitions:
              - { from: a, on: go, to: b, colour: red }
              - { from: a, to: b }
              - 42
              - [a, b]
              - { from: [a, 7], on: go, set: { count: [1] } }
              - from: b
                on: back
                to: a
                when: "count > 0"
            events: [go, back]
            data: { count: 0 }
            """)
    }

    @Test("anchored rows, aliased rows, and a spin body copied by an alias")
    func anchorsAndAliases() {
        Self.expectSame("""
            spins:
              A: &body
                states: [a, b]
                events: [go]
                transitions:
                  - &row { from: a, on: go, to: b }
                  - *row
                  - { from: b, on: go, to: a, extra: 1 }
              B: *body
            """)
        Self.expectSame("""
            spin: S
            states: [a, b]
            events: [go]
            rows: &rows
              - { from: a, on: go, to: b }
            transitions: *rows
            """)
        Self.expectSame("""
            spin: S
            states: [a, b]
            events: [go]
            transitions: &rows
              - { from: a, on: go, to: b }
              - { from: b, on: go, to: a, nope: 1 }
            """)
    }

    @Test("lists that turn out not to be a spin's rows are left alone")
    func listsNotUsed() {
        Self.expectSame("""
            spin: S
            spins:
              A:
                transitions:
                  - { from: a, on: nowhere, bad: 1 }
            states: [a]
            events: [go]
            transitions: [{ on: go, wrong: 2 }]
            """)
        Self.expectSame("""
            spins:
              A:
                states: [a]
                events: [go]
                transitions: [{ on: go }]
            transitions: [{ bad: 1 }]
            """)
        Self.expectSame("""
            spin: S
            transitions: !!seq [{ on: go, wrong: 2 }]
            """)
        Self.expectSame("""
            spin: S
            transitions: { on: go }
            """)
        Self.expectSame("""
            spin: S
            transitions: [{ on: go }]
            transitions: [{ on: stop }]
            """)
    }

    // Each row below is either recognized from its events (`StreamedTransitionRow`) or declined
    // and built as a tree; the document and the diagnostics must not tell which.

    @Test("rows recognized from their events map as the tree does")
    func streamedRows() {
        let text = """
            spin: S
            states: [a, b]
            events: [go, back]
            data: { count: 0, other: 1 }
            transitions:
              - { from: a, on: go, to: b, set: { count: count + 1 } }
              - { "from": 'a', "on": "go", when: "count > 1", to: b }
              - { from: any, on: back }
              - { from: [a, b], on: back, to: a, set: { count: 0, other: count } }
              - { from: [], on: back, set: {} }
              - { from: [a], on: go, set: { ~: 1 } }
              - { on: go, from: b, to: a }
            """
        Self.expectSame(text)
        // Without a problem, so that the documents themselves are compared.
        #expect(Self.bothWays(text).streamed.document?.spins.first?.transitions.count == 7)
    }

    @Test("rows with problems in their values are declined and reported as the tree reports them")
    func declinedRows() {
        Self.expectSame("""
            spin: S
            states: [a, b]
            events: [go, back]
            data: { count: 0, other: 1 }
            transitions:
              - { from: a, on: ~ }
              - { from: a, on: go, to: }
              - { from: a, on: go, when: ~, to: b }
              - { from: [a, ~], on: go }
              - { from: { a: 1 }, on: go }
              - { from: [[a]], on: go }
              - { on: go, set: count }
              - { on: go, set: { count: } }
              - { on: go, set: { count: [1] } }
              - { from: a, to: b }
              - { from: a, on: go, to: !!str b }
              - { from: &x a, on: go, to: *x }
              - { from: a, on: go, colour: red, to: b }
              - from: b
                on: go
                when: |
                  count > 0
                to: a
              - { on: go, set: { count: 99999999999999999999 } }
              - { on: go, to: 99999999999999999998, nope: 1 }
              - { on: go, set: { other: 99999999999999999997 } }
            """)
    }

    @Test("rows with repeated or complex keys are declined and reported by the reader")
    func rowsWithKeyProblems() {
        Self.expectSame("""
            spin: S
            transitions:
              - { from: a, on: go, set: { count: 1, count: 2 } }
              - { on: go, on: back }
              - { on: go, set: { [count]: 1 } }
              - { [on]: go }
              - { on: go, [to]: b }
              - { on: go, set: { a: 1 }, { to: b }: 2 }
              - { on: go, set: { a: 1, b: 2, a: 3 } }
            """)
    }

    @Test("a read that fails inside a row still reports what the row had before the failure")
    func failureInsideARow() {
        Self.expectSame("""
            spin: S
            transitions:
              - { from: a, from: b, on: go
            """)
        Self.expectSame("""
            spin: S
            transitions:
              - { from: a, on: go }
              - { from: a, set: { x: 1, x: 2 }, on: [
            """)
    }

    @Test("nesting past the depth limit inside a row is reported as it is outside rows")
    func depthLimitInsideARow() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        Self.expectSame("""
            spin: S
            transitions:
              - { on: go, set: { count: \(deep) } }
            """)
    }

    @Test("the nodes of rows recognized from their events count towards an alias's expansion")
    func streamedRowsCountForAliases() {
        // The body has 23 nodes, 15 of them in its three rows: copying it once more passes a limit
        // of 20 only if the rows are counted.
        let text = """
            spins:
              A: &body
                states: [a]
                events: [go]
                transitions:
                  - { from: a, on: go }
                  - { from: a, on: go }
                  - { from: a, on: go }
              B: *body
            """
        Self.expectSame(text, limits: YAMLLimits(maxNodes: 20))
        #expect(Self.bothWays(text, limits: YAMLLimits(maxNodes: 20)).streamed.diagnostics.map(\.message) == [
            "alias expansion exceeds the limit of 20 nodes (possible alias bomb)"])
    }

    @Test("a generated table maps the same either way")
    func generatedTable() {
        var text = "spin: Large\nstates: [s0, s1, s2]\ninitial: s0\ndata:\n  count: 0\nevents: [e0, e1]\ntransitions:\n"
        for row in 0..<3000 {
            text += "  - { from: s\(row % 3), on: e\(row % 2), to: s\((row + 1) % 3), set: { count: count + 1 } }\n"
        }
        Self.expectSame(text)
    }
}
