/// Compiled code producing an int. All compiled code reads an `EvaluationView` (buffers, no
/// reference to retain) and throws only `EvaluationError`, so evaluation neither copies nor
/// retains the context's arrays, nor boxes errors.
package typealias IntCode = @Sendable (EvaluationView) throws(EvaluationError) -> Int64
/// Compiled code producing a double.
typealias DoubleCode = @Sendable (EvaluationView) throws(EvaluationError) -> Double
/// Compiled code producing a bool.
package typealias BoolCode = @Sendable (EvaluationView) throws(EvaluationError) -> Bool
/// Compiled code producing a string.
typealias StringCode = @Sendable (EvaluationView) throws(EvaluationError) -> String
/// Compiled code producing the case index of an enumeration value.
typealias SymbolCode = @Sendable (EvaluationView) throws(EvaluationError) -> Int
/// Compiled code producing a duration, in milliseconds.
typealias DurationCode = IntCode
/// Compiled code producing any value.
package typealias ValueCode = @Sendable (EvaluationView) throws(EvaluationError) -> SpinValue

/// Turns a `TypedExpression` into a tree of closures, one per node, each specialised for its
/// operator and operand types.
///
/// Why closures rather than bytecode: each node's work (type dispatch, slot numbers, error messages)
/// is decided here once, and evaluation is a chain of direct calls with no interpreter loop, no
/// operand stack and no per-evaluation allocation for int, double, bool and enum expressions. Operands
/// that are constants or plain fields get further specialised closures, which removes the call for
/// the most common guard shapes (`count < 10`, `left + 1`).
///
/// The checker guarantees type consistency; if a node nevertheless has an unexpected type (a checker
/// bug), the compiled code throws an "internal error" `EvaluationError` instead of trapping.
package enum ExpressionCompiler {
    // MARK: Errors

    // Each error keeps the parts of its message and writes it only if thrown (see `EvaluationError`).

    static func failure(_ e: TypedExpression, _ reason: EvaluationError.Reason) -> EvaluationError {
        EvaluationError(location: e.location, reason: reason)
    }

    static func mismatch(_ e: TypedExpression, _ wanted: String) -> EvaluationError {
        failure(e, .compiledAs(expression: e.text, type: e.type, wanted: wanted))
    }

    static func overflow(_ e: TypedExpression) -> EvaluationError {
        failure(e, .overflow(expression: e.text))
    }

    // MARK: Field reads

    static func fieldError(_ e: TypedExpression, _ typeName: String) -> EvaluationError {
        switch e.kind {
        case .eventField(let slot, let name):
            return failure(e, .fieldType(.event(slot: slot, name: name), wanted: typeName))
        case .dataField(let slot, let name):
            return failure(e, .fieldType(.data(slot: slot, name: name), wanted: typeName))
        default:
            return failure(e, .fieldType(.controlState, wanted: typeName))
        }
    }

    /// The `fieldError` of the left operand of binary node `e` (of `e` itself were it not binary).
    private static func leftFieldError(_ e: TypedExpression, _ typeName: String) -> EvaluationError {
        if case .binary(_, let left, _) = e.kind { return fieldError(left, typeName) }
        return fieldError(e, typeName)
    }

    /// The slot of a field node and whether it is an event payload field.
    static func field(_ e: TypedExpression) -> (slot: Int, event: Bool)? {
        switch e.kind {
        case .dataField(let slot, _): return (slot, false)
        case .eventField(let slot, _): return (slot, true)
        default: return nil
        }
    }

    /// Code reading field `slot` (of the event's payload when `event`, else of the data) as a
    /// value of `Field`: one function for every type, specialised for each at compile time, so
    /// reading a field is a bounds check and a case test, with no call to ask the type.
    static func read<Field: FieldType>(
        _: Field.Type, _ e: TypedExpression, slot: Int, event: Bool
    ) -> @Sendable (EvaluationView) throws(EvaluationError) -> Field.Value {
        let error = fieldError(e, Field.name)
        if event {
            return { (c: EvaluationView) throws(EvaluationError) -> Field.Value in
                guard slot < c.event.count, let v = Field.value(c.event[slot]) else { throw error }
                return v
            }
        }
        return { (c: EvaluationView) throws(EvaluationError) -> Field.Value in
            guard slot < c.data.count, let v = Field.value(c.data[slot]) else { throw error }
            return v
        }
    }

    /// A type of field, as compiled code reads it: what the value is in Swift, and how a field of
    /// the wrong type is named. (`DurationField` is with the code for durations.)
    protocol FieldType: SendableMetatype {
        associatedtype Value: Sendable
        /// The type in a field error ("an int").
        static var name: String { get }
        /// The payload of `value`, if it is of this type.
        static func value(_ value: SpinValue) -> Value?
    }

    enum IntField: FieldType {
        static var name: String { "an int" }
        @inline(__always) static func value(_ value: SpinValue) -> Int64? { if case .int(let v) = value { v } else { nil } }
    }

    enum DoubleField: FieldType {
        static var name: String { "a double" }
        @inline(__always) static func value(_ value: SpinValue) -> Double? { if case .double(let v) = value { v } else { nil } }
    }

    enum BoolField: FieldType {
        static var name: String { "a bool" }
        @inline(__always) static func value(_ value: SpinValue) -> Bool? { if case .bool(let v) = value { v } else { nil } }
    }

    enum StringField: FieldType {
        static var name: String { "a string" }
        @inline(__always) static func value(_ value: SpinValue) -> String? { if case .string(let v) = value { v } else { nil } }
    }

    /// An enumeration field: its value is the case index.
    enum SymbolField: FieldType {
        static var name: String { "an enumeration" }
        @inline(__always) static func value(_ value: SpinValue) -> Int? { if case .symbol(let v) = value { v } else { nil } }
    }

    // MARK: Int

    /// Code for an int-typed expression.
    static func int(_ e: TypedExpression) -> IntCode {
        switch e.kind {
        case .constant(.int(let value)):
            return { (_: EvaluationView) throws(EvaluationError) -> Int64 in value }
        case .dataField(let slot, _):
            return read(IntField.self, e, slot: slot, event: false)
        case .eventField(let slot, _):
            return read(IntField.self, e, slot: slot, event: true)
        case .unary(.negate, let operand):
            return negated(int(operand), overflow: overflow(e))
        case .binary(let op, let left, let right):
            return intArithmetic(op, left, right, e)
        case .conditional(let condition, let then, let otherwise):
            return choice(bool(condition), int(then), int(otherwise))
        case .call(let function, let arguments):
            return intCall(function, arguments, e)
        default:
            let wrong = mismatch(e, "int")
            return { (_: EvaluationView) throws(EvaluationError) -> Int64 in throw wrong }
        }
    }

    /// The checked integer operation for `op`, or nil if `op` is not arithmetic.
    /// Returns the result, or nil on overflow or division by zero (the caller picks the message).
    private static func intOperation(_ op: BinaryOperator, _ e: TypedExpression) -> (@Sendable (Int64, Int64) throws(EvaluationError) -> Int64)? {
        let overflowError = overflow(e)
        switch op {
        case .add:
            return { (a: Int64, b: Int64) throws(EvaluationError) -> Int64 in
                let (r, o) = a.addingReportingOverflow(b)
                if o { throw overflowError }
                return r
            }
        case .subtract:
            return { (a: Int64, b: Int64) throws(EvaluationError) -> Int64 in
                let (r, o) = a.subtractingReportingOverflow(b)
                if o { throw overflowError }
                return r
            }
        case .multiply:
            return { (a: Int64, b: Int64) throws(EvaluationError) -> Int64 in
                let (r, o) = a.multipliedReportingOverflow(by: b)
                if o { throw overflowError }
                return r
            }
        case .divide:
            let zero = failure(e, .divisionByZero(expression: e.text))
            return { (a: Int64, b: Int64) throws(EvaluationError) -> Int64 in
                if b == 0 { throw zero }
                // Only Int64.min / -1 overflows.
                let (r, o) = a.dividedReportingOverflow(by: b)
                if o { throw overflowError }
                return r
            }
        case .remainder:
            let zero = failure(e, .moduloByZero(expression: e.text))
            return { (a: Int64, b: Int64) throws(EvaluationError) -> Int64 in
                if b == 0 { throw zero }
                // Int64.min % -1 reports overflow but its true value, 0, is representable.
                let (r, o) = a.remainderReportingOverflow(dividingBy: b)
                return o ? 0 : r
            }
        default:
            return nil
        }
    }

    /// Code for an int node whose shape has no int code (a checker bug): it throws.
    private static func notInt(_ e: TypedExpression) -> IntCode {
        let wrong = mismatch(e, "int")
        return { (_: EvaluationView) throws(EvaluationError) -> Int64 in throw wrong }
    }

    private static func intArithmetic(_ op: BinaryOperator, _ left: TypedExpression, _ right: TypedExpression, _ e: TypedExpression) -> IntCode {
        // Each path builds only the closures it returns: a closure made and dropped still costs an
        // allocation, and a large spec compiles one expression per row.
        guard op.isArithmetic else { return notInt(e) }
        // Three or more fields and constants added and subtracted: one closure for the chain.
        if let chain = linearChain(e) { return linearSumCode(chain) }
        // The common shapes `field op constant` and `field op field` read slots directly.
        if let l = field(left), !l.event, case .constant(.int(let k)) = right.kind {
            if op == .add {
                let slot = l.slot
                // The node is kept and its errors made only when thrown: two errors made ready were
                // most of the closure's size, and a large table compiles this shape once per row.
                return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                    guard slot < c.data.count, case .int(let v) = c.data[slot] else { throw leftFieldError(e, "an int") }
                    let (r, o) = v.addingReportingOverflow(k)
                    if o { throw overflow(e) }
                    return r
                }
            }
            let readLeft = read(IntField.self, left, slot: l.slot, event: false)
            guard let operation = intOperation(op, e) else { return notInt(e) }
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                try operation(try readLeft(c), k)
            }
        }
        let l = int(left), r = int(right)
        switch op {
        case .add:
            return sum(l, r, overflow: overflow(e))
        case .subtract:
            return difference(l, r, overflow: overflow(e))
        default:
            guard let operation = intOperation(op, e) else { return notInt(e) }
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                try operation(try l(c), try r(c))
            }
        }
    }

    private static func intCall(_ function: ExpressionFunction, _ arguments: [TypedExpression], _ e: TypedExpression) -> IntCode {
        switch function {
        case .length:
            guard let argument = arguments.first else { break }
            return length(argument)
        case .min, .max:
            guard let code = extreme(arguments.map(int), minimum: function == .min) else { break }
            return code
        case .abs:
            guard let argument = arguments.first else { break }
            return magnitude(int(argument), overflow: overflow(e))
        case .clamp:
            guard arguments.count == 3 else { break }
            return clamped(int(arguments[0]), int(arguments[1]), int(arguments[2]))
        case .checkedIndex:
            guard arguments.count == 2, case .constant(.int(let count)) = arguments[1].kind else { break }
            let index = int(arguments[0])
            let location = e.location
            let text = e.text
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                let i = try index(c)
                guard i >= 0, i < count else {
                    throw EvaluationError(location: location, reason: .indexOutOfRange(index: i, count: count, expression: text))
                }
                return i
            }
        case .int:
            guard let argument = arguments.first else { break }
            if argument.type == .int { return int(argument) }
            let f = double(argument)
            let nanError = failure(e, .nanToInt(expression: e.text))
            let text = e.text
            let location = e.location
            return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
                let v = try f(c)
                if v.isNaN { throw nanError }
                // 2^63 is exactly representable; every double below it and at or above -2^63
                // truncates to a valid Int64.
                guard v < 9_223_372_036_854_775_808.0, v >= -9_223_372_036_854_775_808.0 else {
                    // The value is only known here; formatted here too, on the failure path.
                    throw EvaluationError(location: location, reason: .doesNotFit(value: SpinValue.format(v), expression: text))
                }
                return Int64(v)
            }
        default:
            break
        }
        let wrong = mismatch(e, "int")
        return { (_: EvaluationView) throws(EvaluationError) -> Int64 in throw wrong }
    }

    // MARK: Double

    /// Code for a double-typed expression (or an int one, converted).
    static func double(_ e: TypedExpression) -> DoubleCode {
        if e.type == .int {
            let f = int(e)
            return { (c: EvaluationView) throws(EvaluationError) -> Double in Double(try f(c)) }
        }
        switch e.kind {
        case .constant(.double(let value)):
            return { (_: EvaluationView) throws(EvaluationError) -> Double in value }
        case .dataField(let slot, _):
            return read(DoubleField.self, e, slot: slot, event: false)
        case .eventField(let slot, _):
            return read(DoubleField.self, e, slot: slot, event: true)
        case .toDouble(let operand):
            return double(operand)
        case .unary(.negate, let operand):
            let f = double(operand)
            return { (c: EvaluationView) throws(EvaluationError) -> Double in -(try f(c)) }
        case .binary(.divide, let left, let right) where left.type == .duration:
            return durationRatio(left, right)
        case .binary(let op, let left, let right):
            let l = double(left), r = double(right)
            switch op {
            case .add: return { (c: EvaluationView) throws(EvaluationError) -> Double in try l(c) + r(c) }
            case .subtract: return { (c: EvaluationView) throws(EvaluationError) -> Double in try l(c) - r(c) }
            case .multiply: return { (c: EvaluationView) throws(EvaluationError) -> Double in try l(c) * r(c) }
            case .divide: return { (c: EvaluationView) throws(EvaluationError) -> Double in try l(c) / r(c) }
            case .remainder:
                return { (c: EvaluationView) throws(EvaluationError) -> Double in
                    try l(c).truncatingRemainder(dividingBy: try r(c))
                }
            default: break
            }
        case .conditional(let condition, let then, let otherwise):
            let c0 = bool(condition), t = double(then), o = double(otherwise)
            return { (c: EvaluationView) throws(EvaluationError) -> Double in
                try c0(c) ? try t(c) : try o(c)
            }
        case .call(let function, let arguments):
            return doubleCall(function, arguments, e)
        default:
            break
        }
        let wrong = mismatch(e, "double")
        return { (_: EvaluationView) throws(EvaluationError) -> Double in throw wrong }
    }

    /// Minimum and maximum that propagate NaN (Swift.min/max would depend on argument order).
    private static func nanMin(_ a: Double, _ b: Double) -> Double {
        a.isNaN || b.isNaN ? .nan : (b < a ? b : a)
    }

    /// `min` or `max` (`pick`) of the arguments' codes. A few arguments are a chain of
    /// two-argument closures (no array to iterate and retain per call); more are a loop over them,
    /// so that however many arguments a call has (`min` of 100,000), evaluating and releasing its
    /// code takes one frame, not one per argument. Nil without arguments.
    static func extremum<Value>(
        _ codes: [@Sendable (EvaluationView) throws(EvaluationError) -> Value], _ pick: @escaping @Sendable (Value, Value) -> Value
    ) -> (@Sendable (EvaluationView) throws(EvaluationError) -> Value)? {
        guard let first = codes.first else { return nil }
        guard codes.count > chainedArguments else {
            var result = first
            for next in codes.dropFirst() {
                let left = result
                result = { (c: EvaluationView) throws(EvaluationError) -> Value in pick(try left(c), try next(c)) }
            }
            return result
        }
        let rest = Array(codes.dropFirst())
        return { (c: EvaluationView) throws(EvaluationError) -> Value in
            var result = try first(c)
            for code in rest { result = pick(result, try code(c)) }
            return result
        }
    }

    /// The most arguments of `min` and `max` chained rather than looped over.
    static let chainedArguments = 4

    private static func nanMax(_ a: Double, _ b: Double) -> Double {
        a.isNaN || b.isNaN ? .nan : (b > a ? b : a)
    }

    private static func doubleCall(_ function: ExpressionFunction, _ arguments: [TypedExpression], _ e: TypedExpression) -> DoubleCode {
        switch function {
        case .min, .max:
            let pick: @Sendable (Double, Double) -> Double
            if function == .min { pick = { a, b in nanMin(a, b) } } else { pick = { a, b in nanMax(a, b) } }
            guard let code = extremum(arguments.map(double), pick) else { break }
            return code
        case .abs:
            guard let argument = arguments.first else { break }
            let f = double(argument)
            return { (c: EvaluationView) throws(EvaluationError) -> Double in Swift.abs(try f(c)) }
        case .clamp:
            guard arguments.count == 3 else { break }
            let x = double(arguments[0]), lo = double(arguments[1]), hi = double(arguments[2])
            return { (c: EvaluationView) throws(EvaluationError) -> Double in
                nanMin(nanMax(try x(c), try lo(c)), try hi(c))
            }
        case .double:
            guard let argument = arguments.first else { break }
            return double(argument)
        default:
            break
        }
        let wrong = mismatch(e, "double")
        return { (_: EvaluationView) throws(EvaluationError) -> Double in throw wrong }
    }

    // MARK: String

    /// Code for a string-typed expression.
    static func string(_ e: TypedExpression) -> StringCode {
        switch e.kind {
        case .constant(.string(let value)):
            return { (_: EvaluationView) throws(EvaluationError) -> String in value }
        case .dataField(let slot, _):
            return read(StringField.self, e, slot: slot, event: false)
        case .eventField(let slot, _):
            return read(StringField.self, e, slot: slot, event: true)
        case .binary(.add, let left, let right):
            let l = string(left), r = string(right)
            return { (c: EvaluationView) throws(EvaluationError) -> String in
                let head = try l(c), tail = try r(c)
                // Checked before the bytes are allocated: a string doubled each step stops here.
                let size = head.utf8.count &+ tail.utf8.count
                guard size <= c.maxStringBytes else {
                    throw failure(e, .stringTooLong(size: size, limit: c.maxStringBytes, expression: e.text))
                }
                return head + tail
            }
        case .conditional(let condition, let then, let otherwise):
            let c0 = bool(condition), t = string(then), o = string(otherwise)
            return { (c: EvaluationView) throws(EvaluationError) -> String in
                try c0(c) ? try t(c) : try o(c)
            }
        case .call(.string, let arguments):
            guard let argument = arguments.first else { break }
            return formatted(argument)
        case .call(let function, let arguments) where function.takesStrings:
            return stringFunction(function, arguments, e)
        default:
            break
        }
        let wrong = mismatch(e, "string")
        return { (_: EvaluationView) throws(EvaluationError) -> String in throw wrong }
    }

    /// Code producing the value of `e` as text, as `SpinValue.formatted(as:)` does.
    static func formatted(_ e: TypedExpression) -> StringCode {
        switch e.type {
        case .int:
            let f = int(e)
            return { (c: EvaluationView) throws(EvaluationError) -> String in String(try f(c)) }
        case .double:
            let f = double(e)
            return { (c: EvaluationView) throws(EvaluationError) -> String in SpinValue.format(try f(c)) }
        case .bool:
            let f = bool(e)
            return { (c: EvaluationView) throws(EvaluationError) -> String in try f(c) ? "true" : "false" }
        case .string:
            return string(e)
        case .duration:
            let f = duration(e)
            return { (c: EvaluationView) throws(EvaluationError) -> String in SpinValue.format(milliseconds: try f(c)) }
        case .enumeration:
            let f = symbol(e)
            let type = e.type
            return { (c: EvaluationView) throws(EvaluationError) -> String in
                SpinValue.symbol(try f(c)).formatted(as: type)
            }
        }
    }

    // MARK: Symbol

    /// Code for an enumeration-typed expression, producing the case index.
    static func symbol(_ e: TypedExpression) -> SymbolCode {
        switch e.kind {
        case .constant(.symbol(let value)):
            return { (_: EvaluationView) throws(EvaluationError) -> Int in value }
        case .dataField(let slot, _):
            return read(SymbolField.self, e, slot: slot, event: false)
        case .eventField(let slot, _):
            return read(SymbolField.self, e, slot: slot, event: true)
        case .controlState:
            return { (c: EvaluationView) throws(EvaluationError) -> Int in c.state }
        case .conditional(let condition, let then, let otherwise):
            let c0 = bool(condition), t = symbol(then), o = symbol(otherwise)
            return { (c: EvaluationView) throws(EvaluationError) -> Int in
                try c0(c) ? try t(c) : try o(c)
            }
        default:
            let wrong = mismatch(e, "enumeration")
            return { (_: EvaluationView) throws(EvaluationError) -> Int in throw wrong }
        }
    }
}
