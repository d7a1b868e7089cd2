import Testing
@testable import SpinDSLFrontEnd

@Suite struct DiagnosticRenderingTests {
    @Test func rendersLocationSourceLineCaretAndHint() {
        let source = SourceFile(path: "Specs/levels.yaml", text: "events:\n  - on: increseLeft\n")
        let diagnostic = Diagnostic(
            .unknownEvent, at: SourceLocation(file: "Specs/levels.yaml", line: 2, column: 9), ["event": "increseLeft"],
            suggestion: Suggestion.hint(for: "increseLeft", in: ["increaseLeft", "decreaseLeft"]))
        #expect(DiagnosticRenderer(sources: [source]).render(diagnostic) == """
            Specs/levels.yaml:2:9: error: unknown event 'increseLeft' [#UnknownEvent]
                  - on: increseLeft
                        ^
            hint: did you mean 'increaseLeft'?

            """)
    }

    @Test func suggestionRejectsDistantNames() {
        #expect(Suggestion.closest(to: "zzz", in: ["increaseLeft"]) == nil)
        #expect(Suggestion.closest(to: "decreseLeft", in: ["increaseLeft", "decreaseLeft"]) == "decreaseLeft")
    }
}

/// What one rendering may print is bounded whatever the spec: a window of a long line around the
/// column, control characters escaped, and at most `limit` diagnostics, errors first.
@Suite struct DiagnosticRenderingBoundsTests {
    private static func diagnostic(_ group: DiagnosticGroup, line: Int = 1, column: Int, _ values: KeyValuePairs<String, any CustomStringConvertible> = ["event": "x", "spin": "S"]) -> Diagnostic {
        Diagnostic(group, at: SourceLocation(file: "s.yaml", line: line, column: column), values)
    }

    @Test("a line longer than the excerpt: 160 characters around the column, the cut ends marked")
    func longLineWindow() {
        let line = (0..<1000).map { String($0 % 10) }.joined()
        let source = SourceFile(path: "s.yaml", text: line + "\n")
        let renderer = DiagnosticRenderer(sources: [source])
        let start = renderer.render(Self.diagnostic(.neverEmittedEvent, column: 3))
        #expect(start.split(separator: "\n")[1] == "    " + line.prefix(160) + "…")
        #expect(start.split(separator: "\n")[2] == "      ^")
        let middle = renderer.render(Self.diagnostic(.neverEmittedEvent, column: 500))
        let window = line.dropFirst(419).prefix(160)
        #expect(middle.split(separator: "\n")[1] == "    …" + window + "…")
        #expect(middle.split(separator: "\n")[2] == "    " + String(repeating: " ", count: 81) + "^")
        let end = renderer.render(Self.diagnostic(.neverEmittedEvent, column: 999))
        // Near the end the window reaches back to show 160 characters, the caret under its column.
        #expect(end.split(separator: "\n")[1] == "    …" + line.dropFirst(840))
        #expect(end.split(separator: "\n")[2] == "    " + String(repeating: " ", count: 159) + "^")
    }

    @Test("control characters are quoted as JSON escapes, the caret moved past them; tabs stay")
    func controlCharacters() {
        let source = SourceFile(path: "s.yaml", text: "a\u{1B}[2J\tb\u{7}c: x\n")
        let rendered = DiagnosticRenderer(sources: [source]).render(Self.diagnostic(.neverEmittedEvent, column: 9))
        let caret = "    " + String(repeating: " ", count: 10) + "\t" + String(repeating: " ", count: 7) + "^"
        #expect(rendered.split(separator: "\n").dropFirst().prefix(2) == ["    a\\u001b[2J\tb\\u0007c: x", Substring(caret)])
    }

    @Test("more diagnostics than the limit: the errors first, then warnings, in order; a note counts the rest at the first not shown")
    func limit() {
        let diagnostics = [
            Self.diagnostic(.neverEmittedEvent, line: 1, column: 1),
            Self.diagnostic(.neverEmittedEvent, line: 2, column: 1),
            Self.diagnostic(.unknownEvent, line: 3, column: 1, ["event": "y"]),
            Self.diagnostic(.neverEmittedEvent, line: 4, column: 1),
        ]
        let renderer = DiagnosticRenderer(sources: [], limit: 2)
        #expect(renderer.render(diagnostics) == """
            s.yaml:1:1: warning: event 'x' of spin 'S' is never emitted: no rule emits it and it is not an input [#NeverEmittedEvent]
            hint: add it to 'inputs', or remove it
            s.yaml:3:1: error: unknown event 'y' [#UnknownEvent]
            s.yaml:2:1: note: 2 more diagnostics not shown (2 warnings), the first of them here [#DiagnosticsNotShown]
            hint: raise the limit of 2 to see them: spinrun --max-diagnostics N, 0 for all (DiagnosticRenderer.limit)

            """)
        #expect(DiagnosticRenderer(sources: [], limit: 0).render(diagnostics).split(separator: "\n").count == 7)
        #expect(DiagnosticRenderer(sources: [], limit: 4).render(diagnostics) == DiagnosticRenderer(sources: [], limit: 0).render(diagnostics))
    }
}
