import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// The functions on strings and the hint for a bare word where a string belongs
/// (docs/spec-format.md, "Expressions").
@Suite struct StringFunctionTests {
    typealias F = ExpressionFixture

    static let scope = ExpressionScope(dataFields: [("label", .string), ("note", .string), ("count", .int)])
    static let context = EvaluationContext(data: [.string("  Busy Line\n"), .string(""), .int(3)])

    private func value(_ text: String) throws -> SpinValue {
        try F.compile(text, scope: Self.scope).evaluate(Self.context)
    }

    @Test(arguments: [
        ("length(label)", SpinValue.int(12)), ("length(note)", .int(0)), ("length('é🇫🇷x')", .int(3)),
        ("contains(label, 'Line')", .bool(true)), ("contains(label, 'line')", .bool(false)), ("contains(note, '')", .bool(true)),
        ("contains(label, '')", .bool(true)), ("contains(note, 'a')", .bool(false)),
        ("startsWith(label, '  B')", .bool(true)), ("startsWith(label, 'B')", .bool(false)), ("startsWith(label, '')", .bool(true)),
        ("endsWith(label, 'Line\\n')", .bool(true)), ("endsWith(label, 'Line')", .bool(false)),
        ("lowercased(label)", .string("  busy line\n")), ("uppercased('straße')", .string("STRASSE")),
        ("trimmed(label)", .string("Busy Line")), ("trimmed('  \\t\\n ')", .string("")), ("trimmed('a b')", .string("a b")),
        ("isEmpty(note)", .bool(true)), ("isEmpty(label)", .bool(false)), ("isEmpty(trimmed('  '))", .bool(true)),
        ("length(trimmed(label)) + count", .int(12)),
        ("contains(lowercased(label), 'busy') ? 'b' : 'n'", .string("b")),
    ])
    func stringFunctions(text: String, expected: SpinValue) throws {
        #expect(try value(text) == expected)
    }

    @Test func stringFunctionsAreTyped() {
        #expect(F.rendered("length(count)", scope: Self.scope) == """
            spec.yaml:4:19: error: function 'length' expects a string, found int [#NonStringArgument]
                    guard: length(count)
                                  ^
            hint: turn a value into text with string(x)

            """)
        #expect(F.rendered("contains(label)", scope: Self.scope) == """
            spec.yaml:4:12: error: function 'contains' takes 2 arguments, found 1 [#WrongArgumentCount]
                    guard: contains(label)
                           ^

            """)
        #expect(F.rendered("startWith(label, 'a')", scope: Self.scope) == """
            spec.yaml:4:12: error: unknown function 'startWith' [#UnknownFunction]
                    guard: startWith(label, 'a')
                           ^
            hint: did you mean 'startsWith'?

            """)
        #expect(F.rendered("isEmpty(label) + 1", scope: Self.scope) == """
            spec.yaml:4:27: error: operator '+' cannot be applied to bool and int [#InvalidOperands]
                    guard: isEmpty(label) + 1
                                          ^

            """)
    }

    /// A bare word where a string belongs: the hint shows it quoted in place, and the value in
    /// single quotes when the YAML key is known.
    @Test func aBareWordWhereAStringBelongsShowsTheQuoting() {
        let spec = TestSpec.load(text: """
            spin: Label
            data:
              label: ""
            events:
              say: { text: string }
            inputs: [say]
            transitions:
              - { on: say, when: label == idle, set: { label: busy } }
              - { on: say, when: 'contains(label, done)', set: { label: '"x: " + idle' } }
            feedbacks:
              echo: { when: label == "busy", emit: say, with: { text: ready } }
              show: { render: "{label == done}" }
            """, path: "spec.yaml")
        #expect(spec.renderedDiagnostics == """
            spec.yaml:8:31: error: unknown name 'idle' where a string is expected [#UnquotedString]
                  - { on: say, when: label == idle, set: { label: busy } }
                                              ^
            hint: write the text in quotes, and the value in single quotes for YAML: when: 'label == "idle"'
            spec.yaml:8:51: error: unknown name 'busy' where a string is expected [#UnquotedString]
                  - { on: say, when: label == idle, set: { label: busy } }
                                                                  ^
            hint: write the text in quotes, and the value in single quotes for YAML: label: '"busy"'
            spec.yaml:9:39: error: unknown name 'done' where a string is expected [#UnquotedString]
                  - { on: say, when: 'contains(label, done)', set: { label: '"x: " + idle' } }
                                                      ^
            hint: write the text in quotes, and the value in single quotes for YAML: when: 'contains(label, "done")'
            spec.yaml:9:70: error: unknown name 'idle' where a string is expected [#UnquotedString]
                  - { on: say, when: 'contains(label, done)', set: { label: '"x: " + idle' } }
                                                                                     ^
            hint: write the text in quotes, and the value in single quotes for YAML: label: '"x: " + "idle"'
            spec.yaml:11:59: error: unknown name 'ready' where a string is expected [#UnquotedString]
                  echo: { when: label == "busy", emit: say, with: { text: ready } }
                                                                          ^
            hint: write the text in quotes, and the value in single quotes for YAML: text: '"ready"'
            spec.yaml:12:30: error: unknown name 'done' where a string is expected [#UnquotedString]
                  show: { render: "{label == done}" }
                                             ^
            hint: write the text in quotes: label == "done"

            """)
    }
}
