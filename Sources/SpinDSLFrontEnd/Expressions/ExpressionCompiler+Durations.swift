/// Code for durations: whole milliseconds in an `Int64`, checked like ints, with their own error
/// when a result is no duration (`DurationOutOfRange`).
extension ExpressionCompiler {
    /// Code for a duration-typed expression, producing milliseconds.
    static func duration(_ e: TypedExpression) -> DurationCode {
        switch e.kind {
        case .constant(.duration(let milliseconds)):
            return { (_: EvaluationView) throws(EvaluationError) -> Int64 in milliseconds }
        case .dataField(let slot, _):
            return read(DurationField.self, e, slot: slot, event: false)
        case .eventField(let slot, _):
            return read(DurationField.self, e, slot: slot, event: true)
        case .unary(.negate, let operand):
            return negated(duration(operand), overflow: outOfRange(e))
        case .binary(let op, let left, let right):
            return durationArithmetic(op, left, right, e)
        case .conditional(let condition, let then, let otherwise):
            return choice(bool(condition), duration(then), duration(otherwise))
        case .call(let function, let arguments):
            return durationCall(function, arguments, e)
        default:
            return notDuration(e)
        }
    }

    /// `left / right` on two durations: their ratio.
    static func durationRatio(_ left: TypedExpression, _ right: TypedExpression) -> DoubleCode {
        let l = duration(left), r = duration(right)
        return { (c: EvaluationView) throws(EvaluationError) -> Double in Double(try l(c)) / Double(try r(c)) }
    }

    private static func outOfRange(_ e: TypedExpression) -> EvaluationError {
        failure(e, .durationOutOfRange(expression: e.text))
    }

    private static func notDuration(_ e: TypedExpression) -> DurationCode {
        let wrong = mismatch(e, "duration")
        return { (_: EvaluationView) throws(EvaluationError) -> Int64 in throw wrong }
    }

    /// A duration field: its value is whole milliseconds.
    enum DurationField: FieldType {
        static var name: String { "a duration" }
        @inline(__always) static func value(_ value: SpinValue) -> Int64? { if case .duration(let v) = value { v } else { nil } }
    }

    /// Milliseconds scaled by a double, rounded to the nearest (halves away from zero); nil when
    /// the result is NaN or out of range.
    private static func scaled(_ milliseconds: Int64, by factor: Double) -> Int64? {
        let value = (Double(milliseconds) * factor).rounded()
        // 2^63 is exactly representable; every double below it and at or above -2^63 converts.
        guard value < 9_223_372_036_854_775_808.0, value >= -9_223_372_036_854_775_808.0 else { return nil }
        return Int64(value)
    }

    private static func durationArithmetic(_ op: BinaryOperator, _ left: TypedExpression, _ right: TypedExpression, _ e: TypedExpression) -> DurationCode {
        let error = outOfRange(e)
        switch (op, left.type, right.type) {
        case (.add, .duration, .duration):
            return sum(duration(left), duration(right), overflow: error)
        case (.subtract, .duration, .duration):
            return difference(duration(left), duration(right), overflow: error)
        case (.remainder, .duration, .duration):
            let l = duration(left), r = duration(right)
            let zero = failure(e, .moduloByZero(expression: e.text))
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                let a = try l(c), b = try r(c)
                if b == 0 { throw zero }
                // Int64.min % -1 reports overflow but its true value, 0, is representable.
                let (v, o) = a.remainderReportingOverflow(dividingBy: b)
                return o ? 0 : v
            }
        case (.multiply, .duration, .int), (.multiply, .int, .duration):
            // Operands are evaluated left to right, whichever is the duration.
            let durationFirst = left.type == .duration
            let l = durationFirst ? duration(left) : int(left), r = durationFirst ? int(right) : duration(right)
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                let (v, o) = try l(c).multipliedReportingOverflow(by: try r(c))
                if o { throw error }
                return v
            }
        case (.multiply, .duration, .double):
            let l = duration(left), r = double(right)
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                let milliseconds = try l(c)
                guard let v = scaled(milliseconds, by: try r(c)) else { throw error }
                return v
            }
        case (.multiply, .double, .duration):
            let l = double(left), r = duration(right)
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                let factor = try l(c)
                guard let v = scaled(try r(c), by: factor) else { throw error }
                return v
            }
        case (.divide, .duration, .int):
            let l = duration(left), r = int(right)
            let zero = failure(e, .divisionByZero(expression: e.text))
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                let a = try l(c), b = try r(c)
                if b == 0 { throw zero }
                // Only Int64.min / -1 overflows; the quotient truncates toward zero, as for ints.
                let (v, o) = a.dividedReportingOverflow(by: b)
                if o { throw error }
                return v
            }
        case (.divide, .duration, .double):
            let l = duration(left), r = double(right)
            let zero = failure(e, .divisionByZero(expression: e.text))
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                let a = try l(c), b = try r(c)
                if b == 0 { throw zero }
                guard let v = scaled(a, by: 1 / b) else { throw error }
                return v
            }
        default:
            return notDuration(e)
        }
    }

    private static func durationCall(_ function: ExpressionFunction, _ arguments: [TypedExpression], _ e: TypedExpression) -> DurationCode {
        switch function {
        case .min, .max:
            guard let code = extreme(arguments.map(duration), minimum: function == .min) else { break }
            return code
        case .abs:
            guard let argument = arguments.first else { break }
            return magnitude(duration(argument), overflow: outOfRange(e))
        case .clamp:
            guard arguments.count == 3 else { break }
            return clamped(duration(arguments[0]), duration(arguments[1]), duration(arguments[2]))
        default:
            break
        }
        return notDuration(e)
    }
}
