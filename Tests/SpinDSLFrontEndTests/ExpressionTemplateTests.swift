import Testing
@testable import SpinDSLFrontEnd

/// Reading a template: its holes checked, its errors located. Rendering one is the runner's
/// (`TemplateCodeTests`).
@Suite struct ExpressionTemplateTests {
    typealias F = ExpressionFixture

    @Test func diagnosticsPointIntoTheHole() {
        // `    render: ` is 12 characters, so the template starts at column 13 and the hole's `rigt`
        // (template offset 19) at column 32.
        let text = "left={left} right={rigt + 1}"
        let (template, diagnostics) = Template.parse(text, at: SpinDSLFrontEnd.SourceLocation(file: "spec.yaml", line: 4, column: 13), in: F.scope)
        #expect(template == nil)
        let source = SourceFile(path: "spec.yaml", text: "a\nb\nc\n    render: \(text)\n")
        #expect(DiagnosticRenderer(sources: [source]).render(diagnostics) == """
            spec.yaml:4:32: error: unknown name 'rigt' [#UnknownName]
                    render: left={left} right={rigt + 1}
                                               ^
            hint: did you mean 'right'?

            """)
    }

    @Test func templateErrors() {
        func messages(_ text: String) -> [String] {
            Template.parse(text, at: F.location, in: F.scope).diagnostics.map { "\($0.location.column): \($0.message)" }
        }
        #expect(messages("a } b") == ["14: unmatched '}' in template"])
        #expect(messages("a {left") == ["14: unclosed '{' in template"])
        #expect(messages("a { } b") == ["14: empty expression in template"])
        #expect(messages("{name + 1} {lft}") == ["18: operator '+' cannot be applied to string and int", "24: unknown name 'lft'"])
    }

    @Test func templateExposesItsExpressions() throws {
        let (template, _) = Template.parse("{left} {event.amount + right}", at: F.location, in: F.scope)
        let expressions = try #require(template).expressions
        #expect(expressions.map(\.canonical) == ["left", "(event.amount + right)"])
        #expect(expressions.reduce(into: Set<Int>()) { $0.formUnion($1.dataFieldsRead) } == [0, 1])
    }
}
