import Testing
@testable import SpinDSL

/// Run-time failures are thrown as located `EvaluationError`s, never traps. The expression starts at
/// spec.yaml:4:12, so the operator of `a + b` written as `x + 1` is at column 14.
@Suite struct ExpressionRuntimeErrorTests {
    typealias F = ExpressionFixture

    private func at(_ column: Int) -> SpinDSL.SourceLocation {
        SpinDSL.SourceLocation(file: "spec.yaml", line: 4, column: column)
    }

    @Test func additionOverflow() throws {
        #expect(try F.runtimeError("9223372036854775807 + 1") == EvaluationError(
            location: at(32), message: "integer overflow in '9223372036854775807 + 1'"))
        #expect(try F.runtimeError("big + 1") == EvaluationError(location: at(16), message: "integer overflow in 'big + 1'"))
        #expect(try F.runtimeError("left + big") == EvaluationError(location: at(17), message: "integer overflow in 'left + big'"))
    }

    @Test func overflowInSubtractionMultiplicationNegationAndAbs() throws {
        #expect(try F.runtimeError("-9223372036854775808 - 1") == EvaluationError(
            location: at(33), message: "integer overflow in '-9223372036854775808 - 1'"))
        #expect(try F.runtimeError("big * 2") == EvaluationError(location: at(16), message: "integer overflow in 'big * 2'"))
        #expect(try F.runtimeError("-(-big - 1)") == EvaluationError(location: at(12), message: "integer overflow in '-(-big - 1)'"))
        #expect(try F.runtimeError("abs(-big - 1)") == EvaluationError(location: at(12), message: "integer overflow in 'abs(-big - 1)'"))
    }

    @Test func overflowQuotesTheInnermostFailingSubexpression() throws {
        #expect(try F.runtimeError("(big + left) * 2 < 0") == EvaluationError(
            location: at(17), message: "integer overflow in 'big + left'"))
        #expect(try F.runtimeError("left < (count + big) * 2") == EvaluationError(
            location: at(26), message: "integer overflow in 'count + big'"))
    }

    @Test func divisionAndModuloByZero() throws {
        #expect(try F.runtimeError("left / 0") == EvaluationError(location: at(17), message: "division by zero in 'left / 0'"))
        #expect(try F.runtimeError("left % (right - 7)") == EvaluationError(
            location: at(17), message: "modulo by zero in 'left % (right - 7)'"))
    }

    @Test func int64MinDividedByMinusOne() throws {
        #expect(try F.runtimeError("-9223372036854775808 / -1") == EvaluationError(
            location: at(33), message: "integer overflow in '-9223372036854775808 / -1'"))
        // The remainder is representable (0), so it is not an error.
        #expect(try F.value("-9223372036854775808 % -1") == .int(0))
    }

    @Test func doubleDivisionByZeroIsNotAnError() throws {
        #expect(try F.runtimeError("temp / 0") == nil)
        #expect(try F.value("temp / 0") == .double(.infinity))
    }

    @Test func intConversionOutOfRange() throws {
        #expect(try F.runtimeError("int(1e19)") == EvaluationError(
            location: at(12), message: "1e+19 does not fit in a 64-bit integer in 'int(1e19)'"))
        #expect(try F.runtimeError("int(0.0 / 0.0)") == EvaluationError(
            location: at(12), message: "cannot convert nan to int in 'int(0.0 / 0.0)'"))
        #expect(try F.runtimeError("int(-1.0 / 0.0)") == EvaluationError(
            location: at(12), message: "-inf does not fit in a 64-bit integer in 'int(-1.0 / 0.0)'"))
        #expect(try F.value("int(-9223372036854775808.0)") == .int(Int64.min))
        #expect(try F.value("int(9223372036854774784.0)") == .int(9_223_372_036_854_774_784))
    }

    @Test func mismatchedContextIsAnErrorNotACrash() throws {
        let compiled = try F.compile("left + 1")
        #expect(throws: EvaluationError(location: at(12), message: "data field 'left' (slot 0) does not hold an int value")) {
            try compiled.evaluate(EvaluationContext(data: []))
        }
        let payload = try F.compile("event.amount")
        #expect(throws: EvaluationError(location: at(12), message: "event payload field 'amount' (slot 0) does not hold an int value")) {
            try payload.evaluate(EvaluationContext(data: F.context.data, event: [.string("x")]))
        }
    }

    @Test func errorRendersAsDiagnostic() throws {
        let source = SourceFile(path: "spec.yaml", text: "a\nb\nc\n    guard: count + big > 0\n")
        let error = try #require(try F.runtimeError("count + big > 0"))
        #expect(DiagnosticRenderer(sources: [source]).render(error.diagnostic) == """
            spec.yaml:4:18: error: integer overflow in 'count + big'
                    guard: count + big > 0
                                 ^

            """)
    }
}
