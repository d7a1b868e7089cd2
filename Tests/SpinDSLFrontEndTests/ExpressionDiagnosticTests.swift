import Testing
@testable import SpinDSLFrontEnd

/// Each type or syntax error, rendered exactly as a user sees it. The expression sits at column 12 of
/// line 4 (`    guard: ` is 11 characters), so a caret under the expression's n-th character is at
/// column 11 + n.
@Suite struct ExpressionDiagnosticTests {
    typealias F = ExpressionFixture

    @Test func unknownNameSuggestsClosest() {
        #expect(F.rendered("lef < right") == """
            spec.yaml:4:12: error: unknown name 'lef' [#UnknownName]
                    guard: lef < right
                           ^
            hint: did you mean 'left'?

            """)
    }

    @Test func implicationNeedsBools() {
        #expect(F.rendered("left implies done") == """
            spec.yaml:4:12: error: operator 'implies' expects bool, found int [#NonBoolOperand]
                    guard: left implies done
                           ^

            """)
        #expect(F.rendered("done =>") == """
            spec.yaml:4:19: error: expected an expression, found end of expression [#ExpectedExpression]
                    guard: done =>
                                  ^

            """)
    }

    @Test func unknownNameInsideExpressionPointsAtIt() {
        #expect(F.rendered("left + 1 < rigt") == """
            spec.yaml:4:23: error: unknown name 'rigt' [#UnknownName]
                    guard: left + 1 < rigt
                                      ^
            hint: did you mean 'right'?

            """)
    }

    @Test func unknownEventFieldSuggestsClosest() {
        #expect(F.rendered("event.amout > 0") == """
            spec.yaml:4:12: error: unknown event payload field 'amout' [#UnknownEventField]
                    guard: event.amout > 0
                           ^
            hint: did you mean 'amount'?

            """)
    }

    @Test func eventFieldsOutsideEvents() {
        #expect(F.rendered("event.amount > 0", scope: F.noEventScope) == """
            spec.yaml:4:12: error: event payload fields are not available here [#EventFieldsUnavailable]
                    guard: event.amount > 0
                           ^

            """)
    }

    @Test func stateWithoutControlStates() {
        #expect(F.rendered("left > 0 && state == .heat", scope: F.noEventScope) == """
            spec.yaml:4:24: error: this spin has no control states [#StateWithoutStates]
                    guard: left > 0 && state == .heat
                                       ^

            """)
    }

    @Test func stringPlusNumberSuggestsStringConversion() {
        #expect(F.rendered("name + left") == """
            spec.yaml:4:17: error: operator '+' cannot be applied to string and int [#MixedConcatenation]
                    guard: name + left
                                ^
            hint: use string(x) to turn the int into a string

            """)
    }

    @Test func arithmeticOnBool() {
        #expect(F.rendered("done * 2") == """
            spec.yaml:4:17: error: operator '*' cannot be applied to bool and int [#InvalidOperands]
                    guard: done * 2
                                ^

            """)
    }

    @Test func logicalOperatorNeedsBool() {
        #expect(F.rendered("done and left") == """
            spec.yaml:4:21: error: operator 'and' expects bool, found int [#NonBoolOperand]
                    guard: done and left
                                    ^

            """)
        #expect(F.rendered("!count") == """
            spec.yaml:4:13: error: operator '!' expects bool, found int [#NonBoolOperand]
                    guard: !count
                            ^

            """)
    }

    @Test func comparingDifferentTypes() {
        #expect(F.rendered("name == 3") == """
            spec.yaml:4:17: error: operator '==' cannot compare string with int [#IncomparableTypes]
                    guard: name == 3
                                ^

            """)
        #expect(F.rendered("mode < mode") == """
            spec.yaml:4:17: error: operator '<' cannot compare mode with mode [#UnorderableTypes]
                    guard: mode < mode
                                ^
            hint: '<' orders numbers, strings and durations

            """)
    }

    @Test func enumCaseNotInContextEnumeration() {
        #expect(F.rendered("mode == .hot") == """
            spec.yaml:4:20: error: 'hot' is not a case of mode [#NotACase]
                    guard: mode == .hot
                                   ^

            """)
        #expect(F.rendered("state == .lockd") == """
            spec.yaml:4:21: error: 'lockd' is not a case of state [#NotACase]
                    guard: state == .lockd
                                    ^
            hint: did you mean 'locked'?

            """)
    }

    @Test func enumCaseOfTwoEnumerationsWithoutContext() {
        #expect(F.rendered("string(.off)") == """
            spec.yaml:4:19: error: cannot tell which enumeration '.off' belongs to; it is a case of mode, fan [#AmbiguousEnumCase]
                    guard: string(.off)
                                  ^
            hint: compare it with a value of the enumeration you mean

            """)
    }

    @Test func expectedTypeMismatch() {
        #expect(F.rendered("left + 1", expecting: .bool) == """
            spec.yaml:4:12: error: expected bool, found int [#TypeMismatch]
                    guard: left + 1
                           ^

            """)
        #expect(F.rendered("temp", expecting: .int) == """
            spec.yaml:4:12: error: expected int, found double [#TypeMismatch]
                    guard: temp
                           ^

            """)
    }

    @Test func conditionalErrors() {
        #expect(F.rendered("left ? 1 : 2") == """
            spec.yaml:4:12: error: condition of '?:' must be bool, found int [#NonBoolCondition]
                    guard: left ? 1 : 2
                           ^

            """)
        #expect(F.rendered("done ? 1 : name") == """
            spec.yaml:4:23: error: branches of '?:' have different types: int and string [#BranchTypeMismatch]
                    guard: done ? 1 : name
                                      ^

            """)
    }

    @Test func functionErrors() {
        #expect(F.rendered("mx(left, 2)") == """
            spec.yaml:4:12: error: unknown function 'mx' [#UnknownFunction]
                    guard: mx(left, 2)
                           ^
            hint: did you mean 'max'?

            """)
        #expect(F.rendered("min(left)") == """
            spec.yaml:4:12: error: function 'min' takes at least 2 arguments, found 1 [#WrongArgumentCount]
                    guard: min(left)
                           ^

            """)
        #expect(F.rendered("abs(name)") == """
            spec.yaml:4:16: error: function 'abs' expects a number, found string [#NonNumericArgument]
                    guard: abs(name)
                               ^

            """)
    }

    @Test func integerLiteralTooLarge() {
        #expect(F.rendered("left + 9223372036854775808") == """
            spec.yaml:4:19: error: integer literal '9223372036854775808' does not fit in a 64-bit integer [#IntegerLiteralTooLarge]
                    guard: left + 9223372036854775808
                                  ^
            hint: integers range from -9223372036854775808 to 9223372036854775807; write a double such as 1e19 if one is meant

            """)
        #expect(F.rendered("-9223372036854775809") == """
            spec.yaml:4:12: error: integer literal '-9223372036854775809' does not fit in a 64-bit integer [#IntegerLiteralTooLarge]
                    guard: -9223372036854775809
                           ^
            hint: integers range from -9223372036854775808 to 9223372036854775807; write a double such as 1e19 if one is meant

            """)
    }

    @Test func syntaxErrors() {
        #expect(F.rendered("left = 3") == """
            spec.yaml:4:17: error: unexpected '=' [#AssignmentInExpression]
                    guard: left = 3
                                ^
            hint: use '==' to compare values

            """)
        #expect(F.rendered("(left + 1") == """
            spec.yaml:4:21: error: expected ')', found end of expression [#UnclosedParenthesis]
                    guard: (left + 1
                                    ^
            hint: the '(' at column 12 is not closed

            """)
        #expect(F.rendered("left right") == """
            spec.yaml:4:17: error: unexpected 'right' after expression [#UnexpectedAfterExpression]
                    guard: left right
                                ^

            """)
        #expect(F.rendered("name == \"ada") == """
            spec.yaml:4:20: error: unterminated string literal [#UnterminatedString]
                    guard: name == "ada
                                   ^
            hint: close it with "

            """)
        #expect(F.rendered("'a\\q'") == """
            spec.yaml:4:14: error: unknown escape sequence '\\q' [#UnknownEscape]
                    guard: 'a\\q'
                             ^
            hint: the escapes are \\" \\' \\\\ \\n \\t

            """)
        #expect(F.rendered("done ? 1") == """
            spec.yaml:4:20: error: expected ':' in conditional expression, found end of expression [#ExpectedColon]
                    guard: done ? 1
                                   ^

            """)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        let (syntax, diagnostics) = ExpressionParser.parse(deep, at: F.location)
        #expect(syntax == nil)
        #expect(diagnostics.map(\.message) == ["expression nested too deeply"])
        #expect(diagnostics.first?.location.column == 12 + 128)

        let negations = String(repeating: "!", count: 10_000) + "true"
        #expect(ExpressionParser.parse(negations, at: F.location).diagnostics.map(\.message) == ["expression nested too deeply"])

        let longChain = Array(repeating: "1", count: 5_000).joined(separator: " + ")
        #expect(ExpressionParser.parse(longChain, at: F.location).diagnostics.map(\.message) == ["expression nested too deeply"])

        let conditionals = Array(repeating: "true ? 1 :", count: 5_000).joined(separator: " ") + " 2"
        #expect(ExpressionParser.parse(conditionals, at: F.location).diagnostics.map(\.message) == ["expression nested too deeply"])

        // Nesting within the limit is fine.
        let fine = String(repeating: "(", count: 120) + "left" + String(repeating: ")", count: 120)
        #expect(ExpressionParser.parse(fine, at: F.location).diagnostics.isEmpty)
    }

    @Test func multiLineExpressionTracksLines() {
        let text = "left +\n  nme"
        let (_, diagnostics) = CompiledExpression.compile(text, at: F.location, in: F.scope)
        #expect(diagnostics.map(\.location) == [SpinDSLFrontEnd.SourceLocation(file: "spec.yaml", line: 5, column: 3)])
    }

    @Test func oneDiagnosticPerMistake() {
        let (_, diagnostics) = CompiledExpression.compile("(lef + 1) * 2 < righ", at: F.location, in: F.scope, expecting: .bool)
        #expect(diagnostics.map(\.message) == ["unknown name 'lef'", "unknown name 'righ'"])
    }
    @Test(arguments: [
        ("string(.coool)", "19: unknown enum case '.coool' [#UnknownEnumCase] (did you mean '.cool'?)"),
        ("event + 1", "12: 'event' is not a value by itself [#EventNotAValue] (write 'event.<field>' to read a payload field)"),
        ("clamp(left, 1)", "12: function 'clamp' takes 3 arguments, found 2 [#WrongArgumentCount]"),
        ("abs(1, 2)", "12: function 'abs' takes 1 argument, found 2 [#WrongArgumentCount]"),
        ("name - 'a'", "17: operator '-' cannot be applied to string and string [#InvalidOperands]"),
        ("-name", "12: operator '-' cannot be applied to string [#InvalidUnaryOperand]"),
        ("and left", "12: expected an expression, found keyword 'and' [#ExpectedExpression]"),
        ("left and", "20: expected an expression, found end of expression [#ExpectedExpression]"),
        ("left <", "18: expected an expression, found end of expression [#ExpectedExpression]"),
        ("", "12: expected an expression [#EmptyExpression]"),
        ("1e999", "12: floating-point literal '1e999' is too large for a double [#DoubleLiteralTooLarge]"),
        ("left # 2", "17: unexpected character '#' [#UnexpectedCharacter]"),
        ("mode == fan.low", "20: unknown name 'fan.low' [#UnknownName]"),
        ("mode == event.target ? 1 : 'x'", "39: branches of '?:' have different types: int and string [#BranchTypeMismatch]"),
    ])
    func messages(text: String, expected: String) {
        let (_, diagnostics) = CompiledExpression.compile(text, at: F.location, in: F.scope)
        let rendered = diagnostics.map { d in
            "\(d.location.column): \(d.message) \(d.group.tag)" + (d.hint.map { " (\($0))" } ?? "")
        }
        #expect(rendered == [expected])
    }
}
