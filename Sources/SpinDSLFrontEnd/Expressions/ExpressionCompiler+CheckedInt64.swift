/// Checked 64-bit integer code, shared by ints and durations (whole milliseconds): the same
/// closures for both, each given the error it throws (an int's `IntegerOverflow`, a duration's
/// `DurationOutOfRange`).
extension ExpressionCompiler {
    /// `-f`.
    static func negated(_ f: @escaping IntCode, overflow error: EvaluationError) -> IntCode {
        { (c: EvaluationView) throws(EvaluationError) -> Int64 in
            let (r, o) = Int64(0).subtractingReportingOverflow(try f(c))
            if o { throw error }
            return r
        }
    }

    /// `l + r`.
    static func sum(_ l: @escaping IntCode, _ r: @escaping IntCode, overflow error: EvaluationError) -> IntCode {
        { (c: EvaluationView) throws(EvaluationError) -> Int64 in
            let (v, o) = try l(c).addingReportingOverflow(try r(c))
            if o { throw error }
            return v
        }
    }

    /// `l - r`.
    static func difference(_ l: @escaping IntCode, _ r: @escaping IntCode, overflow error: EvaluationError) -> IntCode {
        { (c: EvaluationView) throws(EvaluationError) -> Int64 in
            let (v, o) = try l(c).subtractingReportingOverflow(try r(c))
            if o { throw error }
            return v
        }
    }

    /// `abs(f)`.
    static func magnitude(_ f: @escaping IntCode, overflow error: EvaluationError) -> IntCode {
        { (c: EvaluationView) throws(EvaluationError) -> Int64 in
            let v = try f(c)
            if v >= 0 { return v }
            let (r, o) = Int64(0).subtractingReportingOverflow(v)
            if o { throw error }
            return r
        }
    }

    /// `clamp(x, lo, hi)`, which is `min(max(x, lo), hi)`.
    static func clamped(_ x: @escaping IntCode, _ lo: @escaping IntCode, _ hi: @escaping IntCode) -> IntCode {
        { (c: EvaluationView) throws(EvaluationError) -> Int64 in
            Swift.min(Swift.max(try x(c), try lo(c)), try hi(c))
        }
    }

    /// `min(…)` or `max(…)` of `codes` (see `extremum`). Nil without arguments.
    static func extreme(_ codes: [IntCode], minimum: Bool) -> IntCode? {
        let pick: @Sendable (Int64, Int64) -> Int64
        if minimum { pick = { a, b in Swift.min(a, b) } } else { pick = { a, b in Swift.max(a, b) } }
        return extremum(codes, pick)
    }

    /// `condition ? then : otherwise`.
    static func choice(_ condition: @escaping BoolCode, _ then: @escaping IntCode, _ otherwise: @escaping IntCode) -> IntCode {
        { (c: EvaluationView) throws(EvaluationError) -> Int64 in
            try condition(c) ? try then(c) : try otherwise(c)
        }
    }
}
