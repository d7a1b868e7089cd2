import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// Rendering a template (`TemplateCode`, the code compilation makes of a `Template`): each hole's
/// value formatted as its type is, braces escaped, errors thrown located in the hole.
@Suite struct TemplateCodeTests {
    static let mode = EnumType(name: "mode", cases: ["heat", "cool", "off"])
    static let states = EnumType(name: "state", cases: ["idle", "locked", "open"])
    static let location = SourceLocation(file: "spec.yaml", line: 4, column: 12)

    private func code(_ text: String) throws -> TemplateCode {
        let scope = ExpressionScope(
            dataFields: [
                ("left", .int), ("right", .int), ("temp", .double), ("name", .string),
                ("mode", .enumeration(Self.mode)), ("done", .bool), ("big", .int),
            ],
            eventFields: [("note", .string)],
            controlStates: Self.states,
            enumTypes: [Self.mode])
        let (template, diagnostics) = Template.parse(text, at: Self.location, in: scope)
        return try #require(template, "\(diagnostics.map(\.message))").map(CompiledExpression.init)
    }

    private func render(_ text: String) throws -> String {
        let context = EvaluationContext(
            data: [.int(3), .int(7), .double(21.5), .string("ada"), .symbol(1), .bool(false), .int(Int64.max)],
            event: [.string("hi")],
            state: 1)
        return try code(text).render(context)
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

    @Test func runtimeErrorsAreLocatedInTheHole() throws {
        #expect(throws: EvaluationError(location: SourceLocation(file: "spec.yaml", line: 4, column: 19), reason: .overflow(expression: "big + 1"))) {
            try render("x={big + 1}")
        }
    }
}
