import Testing
@testable import SpinDSLFrontEnd

@Suite struct ExpressionTemplateTests {
    typealias F = ExpressionFixture

    private func render(_ text: String) throws -> String {
        let (template, diagnostics) = Template.parse(text, at: F.location, in: F.scope)
        let compiled = try #require(template, "\(diagnostics.map(\.message))")
        return try compiled.render(F.context)
    }

    @Test func rendersHolesWithFormattedValues() throws {
        #expect(try render("left={left} right={right}") == "left=3 right=7")
        #expect(try render("{temp}|{temp * 2}|{left * 1.0}|{done}|{mode}|{state}|{name}") == "21.5|43.0|3.0|false|cool|locked|ada")
        #expect(try render("sum: {left + right}, max: {max(left, right)}") == "sum: 10, max: 7")
        #expect(try render("{event.note}!") == "hi!")
        #expect(try render("no holes") == "no holes")
        #expect(try render("") == "")
    }

    @Test func escapedBracesAndBracesInStrings() throws {
        #expect(try render("{{left}} = {left}") == "{left} = 3")
        #expect(try render("set {{ {left} }}") == "set { 3 }")
        #expect(try render("{\"}\" + name}") == "}ada")
        #expect(try render("{ left < right ? '{' : \"}\" }") == "{")
    }

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

    @Test func runtimeErrorsPropagateFromRender() throws {
        let (template, _) = Template.parse("x={big + 1}", at: F.location, in: F.scope)
        #expect(throws: EvaluationError(location: SpinDSLFrontEnd.SourceLocation(file: "spec.yaml", line: 4, column: 19), reason: .overflow(expression: "big + 1"))) {
            try #require(template).render(F.context)
        }
    }
}
