/// Code for durations: whole milliseconds in an `Int64`, checked like ints, with their own error
/// when a result is no duration (`DurationOutOfRange`).
extension ExpressionCompiler {
    /// Code for a duration-typed expression, producing milliseconds.
    static func duration(_ e: TypedExpression) -> DurationCode {
        switch e.kind {
        case .constant(.duration(let milliseconds)):
            return { (_: EvaluationView) throws(EvaluationError) -> Int64 in milliseconds }
        case .dataField(let slot, _):
            return readDuration(e, slot: slot, event: false)
        case .eventField(let slot, _):
            return readDuration(e, slot: slot, event: true)
        case .unary(.negate, let operand):
            let f = duration(operand)
            let error = outOfRange(e)
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                let (r, o) = Int64(0).subtractingReportingOverflow(try f(c))
                if o { throw error }
                return r
            }
        case .binary(let op, let left, let right):
            return durationArithmetic(op, left, right, e)
        case .conditional(let condition, let then, let otherwise):
            let c0 = bool(condition), t = duration(then), o = duration(otherwise)
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                try c0(c) ? try t(c) : try o(c)
            }
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

    private static func readDuration(_ e: TypedExpression, slot: Int, event: Bool) -> DurationCode {
        let error = fieldError(e, "a duration")
        if event {
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                guard slot < c.event.count, case .duration(let v) = c.event[slot] else { throw error }
                return v
            }
        }
        return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
            guard slot < c.data.count, case .duration(let v) = c.data[slot] else { throw error }
            return v
        }
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
            let l = duration(left), r = duration(right)
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                let (v, o) = try l(c).addingReportingOverflow(try r(c))
                if o { throw error }
                return v
            }
        case (.subtract, .duration, .duration):
            let l = duration(left), r = duration(right)
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                let (v, o) = try l(c).subtractingReportingOverflow(try r(c))
                if o { throw error }
                return v
            }
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
            // A loop over the arguments' code: however many arguments, evaluation takes one frame.
            let codes = arguments.map(duration)
            guard let first = codes.first else { break }
            let rest = Array(codes.dropFirst())
            let takesMinimum = function == .min
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                var result = try first(c)
                for code in rest {
                    let next = try code(c)
                    result = takesMinimum ? Swift.min(result, next) : Swift.max(result, next)
                }
                return result
            }
        case .abs:
            guard let argument = arguments.first else { break }
            let f = duration(argument)
            let error = outOfRange(e)
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                let v = try f(c)
                if v >= 0 { return v }
                let (r, o) = Int64(0).subtractingReportingOverflow(v)
                if o { throw error }
                return r
            }
        case .clamp:
            guard arguments.count == 3 else { break }
            let x = duration(arguments[0]), lo = duration(arguments[1]), hi = duration(arguments[2])
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                Swift.min(Swift.max(try x(c), try lo(c)), try hi(c))
            }
        default:
            break
        }
        return notDuration(e)
    }
}
