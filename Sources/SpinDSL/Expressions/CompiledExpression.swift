/// A checked expression compiled once into specialised closures, ready to evaluate many times.
///
/// Evaluation reads values by slot from a borrowed `EvaluationContext`: no name or dictionary
/// lookups, and no heap allocation for int, double, bool and enumeration expressions (strings
/// necessarily allocate). It never traps; failures are thrown as `EvaluationError`.
struct CompiledExpression: Sendable {
    /// The checked expression this was compiled from (for static analysis and messages).
    let expression: TypedExpression

    // One entry point per result type, all non-optional: the ones that do not fit the expression's
    // type throw. Calling a stored closure needs no retain, whereas switching over an enum of closures
    // copied (and so retained and released) the closure on every evaluation.
    private let valueCode: ValueCode
    private let intCode: IntCode
    private let doubleCode: DoubleCode
    private let boolCode: BoolCode
    private let symbolCode: SymbolCode

    /// The static type of the result.
    var type: ValueType { expression.type }

    /// Compiles a checked expression.
    init(_ expression: TypedExpression) {
        self.expression = expression
        let wrong = { (wanted: String) in
            EvaluationError(
                location: expression.location,
                reason: .wrongEntryPoint(expression: expression.text, type: expression.type, wanted: wanted))
        }
        let notInt = wrong("int"), notDouble = wrong("double"), notBool = wrong("bool"), notSymbol = wrong("an enumeration")
        var intCode: IntCode = { (_: borrowing EvaluationContext) throws(EvaluationError) -> Int64 in throw notInt }
        var doubleCode: DoubleCode = { (_: borrowing EvaluationContext) throws(EvaluationError) -> Double in throw notDouble }
        var boolCode: BoolCode = { (_: borrowing EvaluationContext) throws(EvaluationError) -> Bool in throw notBool }
        var symbolCode: SymbolCode = { (_: borrowing EvaluationContext) throws(EvaluationError) -> Int in throw notSymbol }
        switch expression.type {
        case .int:
            let f = ExpressionCompiler.int(expression)
            intCode = f
            // evaluateDouble accepts int expressions, converting.
            doubleCode = { (c: borrowing EvaluationContext) throws(EvaluationError) -> Double in Double(try f(c)) }
            valueCode = { (c: borrowing EvaluationContext) throws(EvaluationError) -> SpinValue in .int(try f(c)) }
        case .double:
            let f = ExpressionCompiler.double(expression)
            doubleCode = f
            valueCode = { (c: borrowing EvaluationContext) throws(EvaluationError) -> SpinValue in .double(try f(c)) }
        case .bool:
            let f = ExpressionCompiler.bool(expression)
            boolCode = f
            valueCode = { (c: borrowing EvaluationContext) throws(EvaluationError) -> SpinValue in .bool(try f(c)) }
        case .string:
            let f = ExpressionCompiler.string(expression)
            valueCode = { (c: borrowing EvaluationContext) throws(EvaluationError) -> SpinValue in .string(try f(c)) }
        case .enumeration:
            let f = ExpressionCompiler.symbol(expression)
            symbolCode = f
            valueCode = { (c: borrowing EvaluationContext) throws(EvaluationError) -> SpinValue in .symbol(try f(c)) }
        }
        self.intCode = intCode
        self.doubleCode = doubleCode
        self.boolCode = boolCode
        self.symbolCode = symbolCode
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
        try valueCode(context)
    }

    /// The value of an int expression. Throws for any other type (a caller bug).
    func evaluateInt(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Int64 {
        try intCode(context)
    }

    /// The value of a double expression; an int expression is converted. Throws for other types.
    func evaluateDouble(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Double {
        try doubleCode(context)
    }

    /// The value of a bool expression (a guard). Throws for any other type (a caller bug).
    func evaluateBool(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Bool {
        try boolCode(context)
    }

    /// The case index of an enumeration expression. Throws for any other type (a caller bug).
    func evaluateSymbol(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Int {
        try symbolCode(context)
    }

    /// The code of a guard, for tables that call it directly (no copy of this value per call).
    var boolClosure: BoolCode { boolCode }

    /// The code of the value converted to `type` (an int promoted for a double field), for tables
    /// that call it directly.
    func valueClosure(as type: ValueType) -> ValueCode {
        if case .double = type, case .int = expression.type {
            let doubleCode = self.doubleCode
            return { (c: borrowing EvaluationContext) throws(EvaluationError) -> SpinValue in .double(try doubleCode(c)) }
        }
        return valueCode
    }

    /// The value as text, formatted as `SpinValue.formatted(as:)` does.
    func evaluateFormatted(_ context: borrowing EvaluationContext) throws(EvaluationError) -> String {
        try evaluate(context).formatted(as: type)
    }
}
