import Testing
@testable import SpinDSL

/// A large input is parsed on a second thread (`YAMLEventPipe`) while the tree is built: these
/// tests hold what that gives to what one thread gives (the same document, the same diagnostics in
/// the same order), for reads that end, fail, stop early or wait for room, and run under the
/// thread sanitizer in CI.
@Suite struct YAMLReaderPipeTests {
    private static let path = "pipe.yaml"

    /// `text` read on one thread and through the pipe.
    private static func bothWays(_ text: String, limits: YAMLLimits = YAMLLimits()) -> (piped: YAMLReadResult, direct: YAMLReadResult) {
        let bytes = Array(text.utf8)
        let piped = YAMLReader(limits: limits, pipelineThreshold: 0).read(bytes: bytes, path: path)
        let direct = YAMLReader(limits: limits, pipelineThreshold: Int.max).read(bytes: bytes, path: path)
        return (piped, direct)
    }

    private static func expectSame(
        _ text: String, limits: YAMLLimits = YAMLLimits(), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let (piped, direct) = bothWays(text, limits: limits)
        #expect(piped.document == direct.document, sourceLocation: sourceLocation)
        #expect(piped.diagnostics == direct.diagnostics, sourceLocation: sourceLocation)
        #expect(piped.oversizedIntegers == direct.oversizedIntegers, sourceLocation: sourceLocation)
    }

    /// A mapping of `count` rows, each a flow mapping of four keys (14 events), enough batches
    /// (`YAMLEventPipe.batchSize`) that the parser runs ahead until there is no room.
    private static func rows(_ count: Int) -> String {
        (0..<count).map { "  - { from: s\($0), on: e, to: s\($0 + 1), set: { n: n + \($0) } }\n" }.joined()
    }

    @Test("a large document: the same tree, every batch in order")
    func largeDocument() throws {
        let text = "rows:\n" + Self.rows(12_000)
        let (piped, direct) = Self.bothWays(text)
        let rows = try #require(piped.document?.mapping?.first?.value.sequence)
        #expect(rows.count == 12_000)
        #expect(rows.last?.mapping?.first?.value.scalar?.value == "s11999")
        #expect(piped.document == direct.document)
        #expect(piped.diagnostics.isEmpty && direct.diagnostics.isEmpty)
    }

    @Test("failures: syntax, an unclosed quote, a tab, invalid UTF-8, each after many batches")
    func failures() {
        let many = "rows:\n" + Self.rows(3_000)
        Self.expectSame(many + "bad: [1, 2\n")
        Self.expectSame(many + "quoted: 'never closed\n")
        Self.expectSame(many + "tabbed:\n\t- 1\n")
        let (piped, direct) = Self.bothWays(many + "broken: \u{1}\n")
        #expect(piped.diagnostics == direct.diagnostics)
        #expect(piped.diagnostics.map(\.group) == [.yamlReaderError])
    }

    @Test("reads the builder stops early: a second document, with the parser waiting for room")
    func stoppedEarly() {
        // The second document is large: the parser fills every batch it may and waits, until the
        // reader, which refused the document at its start, closes the pipe.
        let text = "a: 1\n---\n" + "rows:\n" + Self.rows(20_000)
        let (piped, direct) = Self.bothWays(text)
        #expect(piped.diagnostics == direct.diagnostics)
        #expect(piped.diagnostics.map(\.group) == [.multipleDocuments])
    }

    @Test("anchors, aliases, tags and an alias bomb read the same")
    func anchorsAndLimits() {
        Self.expectSame("""
            base: &b { from: a, to: b }
            rows: [*b, *b, !!str 12, &n [1, 2], *n]
            big: 123456789012345678901234567890
            """)
        let bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + (1...6).map { "b\($0): &b\($0) [" + Array(repeating: $0 == 1 ? "*a" : "*b\($0 - 1)", count: 10).joined(separator: ", ") + "]" }.joined(separator: "\n")
        let (piped, direct) = Self.bothWays(bomb, limits: YAMLLimits(maxNodes: 10_000))
        #expect(piped.diagnostics == direct.diagnostics)
        #expect(!piped.diagnostics.isEmpty)
    }

    @Test("a spec loaded through the pipe: rows streamed and mapped as on one thread")
    func loadedSpec() {
        let text = "spin: S\nstates: [" + (0...2_000).map { "s\($0)" }.joined(separator: ", ") + "]\ninitial: s0\n"
            + "data:\n  n: 0\nevents: [e]\ntransitions:\n" + Self.rows(2_000) + "  - { from: s1, on: nope, to: s2 }\n"
        let source = SourceFile(path: Self.path, text: text)
        let piped = SpecLoader(limits: YAMLLimits(), pipelineThreshold: 0).load(source)
        let direct = SpecLoader(limits: YAMLLimits(), pipelineThreshold: Int.max).load(source)
        #expect(piped.document == direct.document)
        #expect(piped.diagnostics == direct.diagnostics)
        #expect(piped.document?.spins.first?.transitions.count == 2_001)
    }
}
