import Testing
@testable import SpinDSL

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
