import Testing
@testable import SpinDSLFrontEnd

/// The loader maps transition rows while the YAML is read (`TransitionRowStream`): the reader
/// streams the rows it can, builds the others as nodes (anchors, aliases, tags, rows it declined,
/// reads that fail mid-row), and the lists' rows are joined back into their spins by location.
/// These tests hold all of that to what reading the whole tree and mapping it afterwards gives:
/// the same document and the same diagnostics, in the same order. (What a row maps to, and what is
/// reported about it, is `TransitionRowMapperTests`'.)
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
