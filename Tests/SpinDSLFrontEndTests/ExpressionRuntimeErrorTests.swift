import Testing
@testable import SpinDSLFrontEnd

/// Run-time failures are thrown as located `EvaluationError`s, never traps. The expression starts at
/// spec.yaml:4:12, so the operator of `a + b` written as `x + 1` is at column 14.
@Suite struct ExpressionRuntimeErrorTests {
    typealias F = ExpressionFixture

    private func at(_ column: Int) -> SpinDSLFrontEnd.SourceLocation {
        SpinDSLFrontEnd.SourceLocation(file: "spec.yaml", line: 4, column: column)
    }

    @Test func additionOverflow() throws {
        #expect(try F.runtimeError("9223372036854775807 + 1")?.description == "spec.yaml:4:32: error: integer overflow in '9223372036854775807 + 1' [#IntegerOverflow]")
        #expect(try F.runtimeError("big + 1")?.description == "spec.yaml:4:16: error: integer overflow in 'big + 1' [#IntegerOverflow]")
        #expect(try F.runtimeError("left + big")?.description == "spec.yaml:4:17: error: integer overflow in 'left + big' [#IntegerOverflow]")
    }

    @Test func overflowInSubtractionMultiplicationNegationAndAbs() throws {
        #expect(try F.runtimeError("-9223372036854775808 - 1")?.description == "spec.yaml:4:33: error: integer overflow in '-9223372036854775808 - 1' [#IntegerOverflow]")
        #expect(try F.runtimeError("big * 2")?.description == "spec.yaml:4:16: error: integer overflow in 'big * 2' [#IntegerOverflow]")
        #expect(try F.runtimeError("-(-big - 1)")?.description == "spec.yaml:4:12: error: integer overflow in '-(-big - 1)' [#IntegerOverflow]")
        #expect(try F.runtimeError("abs(-big - 1)")?.description == "spec.yaml:4:12: error: integer overflow in 'abs(-big - 1)' [#IntegerOverflow]")
    }

    @Test func overflowQuotesTheInnermostFailingSubexpression() throws {
        #expect(try F.runtimeError("(big + left) * 2 < 0")?.description == "spec.yaml:4:17: error: integer overflow in 'big + left' [#IntegerOverflow]")
        #expect(try F.runtimeError("left < (count + big) * 2")?.description == "spec.yaml:4:26: error: integer overflow in 'count + big' [#IntegerOverflow]")
    }

    /// Chains of three or more fields and constants are one closure (`ExpressionCompiler.linearChain`):
    /// the same values, and each overflow at the `+` or `-` where the partial sum overflows.
    @Test func sumsOfManyTermsOverflowWhereTheTreeWould() throws {
        #expect(try F.value("left + right + count - 1") == .int(50))
        #expect(try F.value("left - right - count + 100 <= 55") == .bool(true))
        #expect(try F.value("left - right - count + 100 < 55") == .bool(false))
        #expect(try F.runtimeError("left + right + big")?.description == "spec.yaml:4:25: error: integer overflow in 'left + right + big' [#IntegerOverflow]")
        #expect(try F.runtimeError("big + left + right < 0")?.description == "spec.yaml:4:16: error: integer overflow in 'big + left' [#IntegerOverflow]")
        #expect(try F.runtimeError("0 - big - 2 - left")?.description == "spec.yaml:4:20: error: integer overflow in '0 - big - 2' [#IntegerOverflow]")
        // Not left-deep: the tree's own order.
        #expect(try F.runtimeError("left + (right + big)")?.description == "spec.yaml:4:26: error: integer overflow in 'right + big' [#IntegerOverflow]")
    }

    @Test func sumsOfManyTermsNameTheFieldThatIsMissing() throws {
        let compiled = try F.compile("left + right + count <= 10")
        #expect(throws: EvaluationError(location: at(12), reason: .fieldType(.data(slot: 0, name: "left"), wanted: "an int"))) {
            try compiled.evaluate(EvaluationContext(data: []))
        }
        #expect(throws: EvaluationError(location: at(19), reason: .fieldType(.data(slot: 1, name: "right"), wanted: "an int"))) {
            try compiled.evaluate(EvaluationContext(data: [.int(1)]))
        }
    }

    @Test func divisionAndModuloByZero() throws {
        #expect(try F.runtimeError("left / 0")?.description == "spec.yaml:4:17: error: division by zero in 'left / 0' [#DivisionByZero]")
        #expect(try F.runtimeError("left % (right - 7)")?.description == "spec.yaml:4:17: error: modulo by zero in 'left % (right - 7)' [#ModuloByZero]")
    }

    @Test func int64MinDividedByMinusOne() throws {
        #expect(try F.runtimeError("-9223372036854775808 / -1")?.description == "spec.yaml:4:33: error: integer overflow in '-9223372036854775808 / -1' [#IntegerOverflow]")
        // The remainder is representable (0), so it is not an error.
        #expect(try F.value("-9223372036854775808 % -1") == .int(0))
    }

    @Test func doubleDivisionByZeroIsNotAnError() throws {
        #expect(try F.runtimeError("temp / 0") == nil)
        #expect(try F.value("temp / 0") == .double(.infinity))
    }

    @Test func intConversionOutOfRange() throws {
        #expect(try F.runtimeError("int(1e19)")?.description == "spec.yaml:4:12: error: 1e+19 does not fit in a 64-bit integer in 'int(1e19)' [#IntConversionOverflow]")
        #expect(try F.runtimeError("int(0.0 / 0.0)")?.description == "spec.yaml:4:12: error: cannot convert nan to int in 'int(0.0 / 0.0)' [#NaNToInt]")
        #expect(try F.runtimeError("int(-1.0 / 0.0)")?.description == "spec.yaml:4:12: error: -inf does not fit in a 64-bit integer in 'int(-1.0 / 0.0)' [#IntConversionOverflow]")
        #expect(try F.value("int(-9223372036854775808.0)") == .int(Int64.min))
        #expect(try F.value("int(9223372036854774784.0)") == .int(9_223_372_036_854_774_784))
    }

    @Test func mismatchedContextIsAnErrorNotACrash() throws {
        let compiled = try F.compile("left + 1")
        #expect(throws: EvaluationError(location: at(12), reason: .fieldType(.data(slot: 0, name: "left"), wanted: "an int"))) {
            try compiled.evaluate(EvaluationContext(data: []))
        }
        let payload = try F.compile("event.amount")
        #expect(throws: EvaluationError(location: at(12), reason: .fieldType(.event(slot: 0, name: "amount"), wanted: "an int"))) {
            try payload.evaluate(EvaluationContext(data: F.context.data, event: [.string("x")]))
        }
        #expect(EvaluationError(location: at(12), reason: .fieldType(.data(slot: 0, name: "left"), wanted: "an int")).description
            == "spec.yaml:4:12: error: internal error: data field 'left' (slot 0) does not hold an int value [#InternalError]")
    }

    @Test func errorRendersAsDiagnostic() throws {
        let source = SourceFile(path: "spec.yaml", text: "a\nb\nc\n    guard: count + big > 0\n")
        let error = try #require(try F.runtimeError("count + big > 0"))
        #expect(DiagnosticRenderer(sources: [source]).render(error.diagnostic) == """
            spec.yaml:4:18: error: integer overflow in 'count + big' [#IntegerOverflow]
                    guard: count + big > 0
                                 ^

            """)
    }
}
