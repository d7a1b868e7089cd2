/// A checked expression compiled once into specialised closures, ready to evaluate many times.
///
/// Evaluation reads values by slot from an `EvaluationView` of the context: no name or dictionary
/// lookups, and no heap allocation for int, double, bool and enumeration expressions (strings
/// necessarily allocate). It never traps; failures are thrown as `EvaluationError`.
package struct CompiledExpression: Sendable {
    /// The checked expression this was compiled from (for static analysis and messages).
    package let expression: TypedExpression

    // One entry point per result type, all non-optional: the ones that do not fit the expression's
    // type throw. Calling a stored closure needs no retain, whereas switching over an enum of closures
    // copied (and so retained and released) the closure on every evaluation. The throwing ones capture
    // nothing, so they cost no allocation (most expressions leave four of the five unused); they
    // throw `EvaluationError.misusedEntryPoint`, which the `evaluate…` methods turn into an error
    // located at this expression. There is no stored entry point for the value as a `SpinValue`:
    // `evaluate` wraps the typed result itself, and a closure doing the wrapping, which tables want,
    // is made by `valueClosure(as:)` only for the expressions that need one (a closure per
    // expression was one more allocation for each of a large table's rows).
    private let intCode: IntCode
    private let doubleCode: DoubleCode
    private let boolCode: BoolCode
    private let symbolCode: SymbolCode
    private let stringCode: StringCode

    /// The static type of the result.
    package var type: ValueType { expression.type }

    /// Compiles a checked expression.
    package init(_ expression: TypedExpression) {
        self.expression = expression
        var intCode: IntCode = { (_: EvaluationView) throws(EvaluationError) -> Int64 in
            throw EvaluationError.misusedEntryPoint
        }
        var doubleCode: DoubleCode = { (_: EvaluationView) throws(EvaluationError) -> Double in
            throw EvaluationError.misusedEntryPoint
        }
        var boolCode: BoolCode = { (_: EvaluationView) throws(EvaluationError) -> Bool in
            throw EvaluationError.misusedEntryPoint
        }
        var symbolCode: SymbolCode = { (_: EvaluationView) throws(EvaluationError) -> Int in
            throw EvaluationError.misusedEntryPoint
        }
        var stringCode: StringCode = { (_: EvaluationView) throws(EvaluationError) -> String in
            throw EvaluationError.misusedEntryPoint
        }
        switch expression.type {
        case .int:
            // evaluateDouble accepts int expressions, converting: it calls intCode itself rather than
            // through a closure of its own, which would be one more allocation per expression.
            intCode = ExpressionCompiler.int(expression)
        case .duration:
            // A duration is milliseconds in an Int64: the int entry point holds its code, and only
            // the duration accessors (which check the type) call it.
            intCode = ExpressionCompiler.duration(expression)
        case .double:
            doubleCode = ExpressionCompiler.double(expression)
        case .bool:
            boolCode = ExpressionCompiler.bool(expression)
        case .string:
            stringCode = ExpressionCompiler.string(expression)
        case .enumeration:
            symbolCode = ExpressionCompiler.symbol(expression)
        }
        self.intCode = intCode
        self.doubleCode = doubleCode
        self.boolCode = boolCode
        self.symbolCode = symbolCode
        self.stringCode = stringCode
    }

    /// Parses, checks and compiles `text`, whose first character is at `location`.
    package static func compile(
        _ text: String, at location: SourceLocation, layout: SourceLayout? = nil, in scope: ExpressionScope,
        expecting expected: ValueType? = nil
    ) -> (expression: CompiledExpression?, diagnostics: [Diagnostic]) {
        let (typed, diagnostics) = ExpressionChecker.check(text, at: location, layout: layout, in: scope, expecting: expected)
        return (typed.map(CompiledExpression.init), diagnostics)
    }

    /// The value of the expression, of type `type`.
    package func evaluate(_ context: borrowing EvaluationContext) throws(EvaluationError) -> SpinValue {
        try context.withView { (view: EvaluationView) throws(EvaluationError) -> SpinValue in try evaluate(view) }
    }

    /// The value of the expression on a view (no copy of the arrays it views).
    package func evaluate(_ view: EvaluationView) throws(EvaluationError) -> SpinValue {
        switch expression.type {
        case .int: return .int(try intCode(view))
        case .double: return .double(try doubleCode(view))
        case .bool: return .bool(try boolCode(view))
        case .string: return .string(try stringCode(view))
        case .enumeration: return .symbol(try symbolCode(view))
        case .duration: return .duration(try intCode(view))
        }
    }

    /// The value of an int expression. Throws for any other type (a caller bug).
    package func evaluateInt(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Int64 {
        guard case .int = expression.type else { throw located(.misusedEntryPoint, wanted: "int") }
        return try context.withView { (view: EvaluationView) throws(EvaluationError) -> Int64 in
            do throws(EvaluationError) { return try intCode(view) } catch { throw located(error, wanted: "int") }
        }
    }

    /// The value of a duration expression, in milliseconds. Throws for any other type (a caller bug).
    package func evaluateDuration(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Int64 {
        guard case .duration = expression.type else { throw located(.misusedEntryPoint, wanted: "duration") }
        return try context.withView { (view: EvaluationView) throws(EvaluationError) -> Int64 in try intCode(view) }
    }

    /// The value of a double expression; an int expression is converted. Throws for other types.
    package func evaluateDouble(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Double {
        try context.withView { (view: EvaluationView) throws(EvaluationError) -> Double in
            if case .int = expression.type { return Double(try intCode(view)) }
            do throws(EvaluationError) { return try doubleCode(view) } catch { throw located(error, wanted: "double") }
        }
    }

    /// The value of a bool expression (a guard). Throws for any other type (a caller bug).
    package func evaluateBool(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Bool {
        try context.withView { (view: EvaluationView) throws(EvaluationError) -> Bool in try evaluateBool(view) }
    }

    /// The value of a bool expression on a view (no copy of the arrays it views).
    package func evaluateBool(_ view: EvaluationView) throws(EvaluationError) -> Bool {
        do throws(EvaluationError) { return try boolCode(view) } catch { throw located(error, wanted: "bool") }
    }

    /// The case index of an enumeration expression. Throws for any other type (a caller bug).
    package func evaluateSymbol(_ context: borrowing EvaluationContext) throws(EvaluationError) -> Int {
        try context.withView { (view: EvaluationView) throws(EvaluationError) -> Int in
            do throws(EvaluationError) { return try symbolCode(view) } catch { throw located(error, wanted: "an enumeration") }
        }
    }

    /// `error`, or for an entry point that does not fit the expression's type, the error saying so.
    private func located(_ error: EvaluationError, wanted: String) -> EvaluationError {
        guard case .misusedEntryPoint = error.reason else { return error }
        return EvaluationError(
            location: expression.location,
            reason: .wrongEntryPoint(expression: expression.text, type: expression.type, wanted: wanted))
    }

    /// The code of a guard, for tables that call it directly (no copy of this value per call).
    /// Throws for an expression of any other type (a caller bug), as `evaluateBool` does.
    package var boolClosure: BoolCode {
        if case .bool = expression.type { return boolCode }
        let error = located(.misusedEntryPoint, wanted: "bool")
        return { (_: EvaluationView) throws(EvaluationError) -> Bool in throw error }
    }

    /// The code of an int expression, for tables that call it directly. Throws for an expression
    /// of any other type (a caller bug), as `evaluateInt` does.
    package var intClosure: IntCode {
        if case .int = expression.type { return intCode }
        let error = located(.misusedEntryPoint, wanted: "int")
        return { (_: EvaluationView) throws(EvaluationError) -> Int64 in throw error }
    }

    /// The code of the value converted to `type` (an int promoted for a double field), for tables
    /// that call it directly.
    package func valueClosure(as type: ValueType) -> ValueCode {
        switch expression.type {
        case .int:
            let f = intCode
            if case .double = type {
                return { (c: EvaluationView) throws(EvaluationError) -> SpinValue in .double(Double(try f(c))) }
            }
            return { (c: EvaluationView) throws(EvaluationError) -> SpinValue in .int(try f(c)) }
        case .double:
            let f = doubleCode
            return { (c: EvaluationView) throws(EvaluationError) -> SpinValue in .double(try f(c)) }
        case .bool:
            let f = boolCode
            return { (c: EvaluationView) throws(EvaluationError) -> SpinValue in .bool(try f(c)) }
        case .string:
            let f = stringCode
            return { (c: EvaluationView) throws(EvaluationError) -> SpinValue in .string(try f(c)) }
        case .enumeration:
            let f = symbolCode
            return { (c: EvaluationView) throws(EvaluationError) -> SpinValue in .symbol(try f(c)) }
        case .duration:
            let f = intCode
            return { (c: EvaluationView) throws(EvaluationError) -> SpinValue in .duration(try f(c)) }
        }
    }

    /// The value as text, formatted as `SpinValue.formatted(as:)` does.
    package func evaluateFormatted(_ context: borrowing EvaluationContext) throws(EvaluationError) -> String {
        try evaluate(context).formatted(as: type)
    }

    /// The value as text on a view.
    package func evaluateFormatted(_ view: EvaluationView) throws(EvaluationError) -> String {
        try evaluate(view).formatted(as: type)
    }
}
