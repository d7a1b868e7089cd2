/// The arithmetic of the spec language, for generated code: 64-bit ints whose overflow, division
/// by zero and conversions out of range are failures (`GeneratedFailure`, at the site the
/// generated code numbers) rather than traps, and NaN-propagating `min` and `max` on doubles.
/// Each function is what the interpreter computes for the same operator, so a generated machine
/// and an interpreted one agree on every value and fault.
public enum GeneratedArithmetic {
    /// `a + b`.
    @inlinable @inline(__always)
    public static func add(_ a: Int64, _ b: Int64, site: Int) throws(GeneratedFailure) -> Int64 {
        let (result, overflow) = a.addingReportingOverflow(b)
        if overflow { throw GeneratedFailure(site: site) }
        return result
    }

    /// `a - b`.
    @inlinable @inline(__always)
    public static func subtract(_ a: Int64, _ b: Int64, site: Int) throws(GeneratedFailure) -> Int64 {
        let (result, overflow) = a.subtractingReportingOverflow(b)
        if overflow { throw GeneratedFailure(site: site) }
        return result
    }

    /// `a * b`.
    @inlinable @inline(__always)
    public static func multiply(_ a: Int64, _ b: Int64, site: Int) throws(GeneratedFailure) -> Int64 {
        let (result, overflow) = a.multipliedReportingOverflow(by: b)
        if overflow { throw GeneratedFailure(site: site) }
        return result
    }

    /// `a / b`, truncating: site `zero` when `b` is 0, `overflow` for `Int64.min / -1`.
    @inlinable @inline(__always)
    public static func divide(_ a: Int64, _ b: Int64, zero: Int, overflow: Int) throws(GeneratedFailure) -> Int64 {
        if b == 0 { throw GeneratedFailure(site: zero) }
        let (result, overflowed) = a.dividedReportingOverflow(by: b)
        if overflowed { throw GeneratedFailure(site: overflow) }
        return result
    }

    /// `a % b`, with the sign of `a`: site `zero` when `b` is 0. `Int64.min % -1` is 0, its true value.
    @inlinable @inline(__always)
    public static func remainder(_ a: Int64, _ b: Int64, zero: Int) throws(GeneratedFailure) -> Int64 {
        if b == 0 { throw GeneratedFailure(site: zero) }
        let (result, overflow) = a.remainderReportingOverflow(dividingBy: b)
        return overflow ? 0 : result
    }

    /// `-a`.
    @inlinable @inline(__always)
    public static func negate(_ a: Int64, site: Int) throws(GeneratedFailure) -> Int64 {
        let (result, overflow) = Int64(0).subtractingReportingOverflow(a)
        if overflow { throw GeneratedFailure(site: site) }
        return result
    }

    /// `abs(a)`.
    @inlinable @inline(__always)
    public static func magnitude(_ a: Int64, site: Int) throws(GeneratedFailure) -> Int64 {
        if a >= 0 { return a }
        return try negate(a, site: site)
    }

    /// `int(x)` of a double: truncated toward zero; site `nan` for NaN, `doesNotFit` (with the
    /// value as the interpreter writes it) outside the 64-bit range.
    @inlinable @inline(__always)
    public static func int(_ x: Double, nan: Int, doesNotFit: Int) throws(GeneratedFailure) -> Int64 {
        if x.isNaN { throw GeneratedFailure(site: nan) }
        // 2^63 is exactly representable; every double below it and at or above -2^63 truncates
        // to a valid Int64.
        guard x < 9_223_372_036_854_775_808.0, x >= -9_223_372_036_854_775_808.0 else {
            throw GeneratedFailure(site: doesNotFit, value: GeneratedStrings.text(x))
        }
        return Int64(x)
    }

    /// `value`, when it lies in `range`; otherwise a failure at `site` with the value's text.
    @inlinable @inline(__always)
    public static func checked(_ value: Int64, in range: ClosedRange<Int64>, site: Int) throws(GeneratedFailure) -> Int64 {
        guard range.contains(value) else { throw GeneratedFailure(site: site, value: String(value)) }
        return value
    }

    /// `value`, when it lies in `range`; otherwise a failure at `site` with the value's text.
    @inlinable @inline(__always)
    public static func checked(_ value: Double, in range: ClosedRange<Double>, site: Int) throws(GeneratedFailure) -> Double {
        guard range.contains(value) else { throw GeneratedFailure(site: site, value: GeneratedStrings.text(value)) }
        return value
    }

    /// `min(a, b)` on doubles: NaN when either is (Swift's `min` would depend on the order).
    @inlinable @inline(__always)
    public static func minimum(_ a: Double, _ b: Double) -> Double {
        a.isNaN || b.isNaN ? .nan : (b < a ? b : a)
    }

    /// `max(a, b)` on doubles: NaN when either is.
    @inlinable @inline(__always)
    public static func maximum(_ a: Double, _ b: Double) -> Double {
        a.isNaN || b.isNaN ? .nan : (b > a ? b : a)
    }
}
