import Foundation
import Testing
@testable import SpinDSL

/// The loader maps transition rows while the YAML is read (`TransitionRowStream`); these tests hold
/// it to what mapping the whole tree afterwards gives: the same document and the same diagnostics,
/// in the same order.
@Suite struct TransitionRowStreamTests {
    private static let path = "stream.yaml"

    /// What `SpecLoader` makes of `text`, and what mapping the plain tree gives.
    private static func bothWays(_ text: String) -> (streamed: SpecLoadResult, tree: SpecLoadResult) {
        let source = SourceFile(path: path, text: text)
        let streamed = SpecLoader().load(source)
        let read = YAMLReader().read(source)
        guard !read.diagnostics.contains(where: { $0.severity == .error }) else {
            return (streamed, SpecLoadResult(source: source, document: nil, diagnostics: read.diagnostics))
        }
        var builder = SpecBuilder(path: path)
        let document = builder.document(read.document)
        let diagnostics = read.diagnostics + read.oversizedIntegers + builder.sortedDiagnostics()
        let failed = diagnostics.contains { $0.severity == .error }
        return (streamed, SpecLoadResult(source: source, document: failed ? nil : document, diagnostics: diagnostics))
    }

    private static func expectSame(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let (streamed, tree) = bothWays(text)
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

    @Test("a generated table maps the same either way")
    func generatedTable() {
        var text = "spin: Large\nstates: [s0, s1, s2]\ninitial: s0\ndata:\n  count: 0\nevents: [e0, e1]\ntransitions:\n"
        for row in 0..<3000 {
            text += "  - { from: s\(row % 3), on: e\(row % 2), to: s\((row + 1) % 3), set: { count: count + 1 } }\n"
        }
        Self.expectSame(text)
    }
}
