/// A checked expression compiled once into specialised closures, ready to evaluate many times.
///
/// Evaluation reads values by slot from a borrowed `EvaluationContext`: no name or dictionary
/// lookups, and no heap allocation for int, double, bool and enumeration expressions (strings
/// necessarily allocate). It never traps; failures are thrown as `EvaluationError`.
struct CompiledExpression: Sendable {
    private enum Code: Sendable {
        case int(IntCode)
        case double(DoubleCode)
        case bool(BoolCode)
        case string(StringCode)
        case symbol(SymbolCode)
    }

    /// The checked expression this was compiled from (for static analysis and messages).
    let expression: TypedExpression
    private let code: Code

    /// The static type of the result.
    var type: ValueType { expression.type }

    /// Compiles a checked expression.
    init(_ expression: TypedExpression) {
        self.expression = expression
        switch expression.type {
        case .int: code = .int(ExpressionCompiler.int(expression))
        case .double: code = .double(ExpressionCompiler.double(expression))
        case .bool: code = .bool(ExpressionCompiler.bool(expression))
        case .string: code = .string(ExpressionCompiler.string(expression))
        case .enumeration: code = .symbol(ExpressionCompiler.symbol(expression))
        }
    }

    /// Parses, checks and compiles `text`, whose first character is at `location`.
    static func compile(
        _ text: String, at location: SourceLocation, in scope: ExpressionScope, expecting expected: ValueType? = nil
    ) -> (expression: CompiledExpression?, diagnostics: [Diagnostic]) {
        let (typed, diagnostics) = ExpressionChecker.check(text, at: location, in: scope, expecting: expected)
        return (typed.map(CompiledExpression.init), diagnostics)
    }

    /// The value of the expression, of type `type`.
    func evaluate(_ context: borrowing EvaluationContext) throws(EvaluationError) -> SpinValue {
        switch code {
        case .int(let f): return .int(try f(context))
        case .double(let f): return .double(try f(context))
        case .bool(let f): return .bool(try f(context))
        case .string(let f): return .string(try f(context))
        case .symbol(let f): return .symbol(try f(context))
        }
    }

    /// The value of an int expression. Throws for any other type (a caller bug).
    func evaluateInt(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Int64 {
        guard case .int(let f) = code else { throw wrongType("int") }
        return try f(context)
    }

    /// The value of a double expression; an int expression is converted. Throws for other types.
    func evaluateDouble(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Double {
        switch code {
        case .double(let f): return try f(context)
        case .int(let f): return Double(try f(context))
        default: throw wrongType("double")
        }
    }

    /// The value of a bool expression (a guard). Throws for any other type (a caller bug).
    func evaluateBool(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Bool {
        guard case .bool(let f) = code else { throw wrongType("bool") }
        return try f(context)
    }

    /// The case index of an enumeration expression. Throws for any other type (a caller bug).
    func evaluateSymbol(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Int {
        guard case .symbol(let f) = code else { throw wrongType("an enumeration") }
        return try f(context)
    }

    /// The value as text, formatted as `SpinValue.formatted(as:)` does.
    func evaluateFormatted(_ context: borrowing EvaluationContext) throws(EvaluationError) -> String {
        try evaluate(context).formatted(as: type)
    }

    private func wrongType(_ wanted: String) -> EvaluationError {
        EvaluationError(
            location: expression.location,
            message: "internal error: '\(expression.text)' has type \(type), not \(wanted)")
    }
}
