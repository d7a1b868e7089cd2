/// Code for bool-typed expressions: the logical operators, and the comparisons, written out per
/// operand type.
extension ExpressionCompiler {
    /// Code for a bool-typed expression.
    package static func bool(_ e: TypedExpression) -> BoolCode {
        switch e.kind {
        case .constant(.bool(let value)):
            return { (_: EvaluationView) throws(EvaluationError) -> Bool in value }
        case .dataField(let slot, _):
            return read(BoolField.self, e, slot: slot, event: false)
        case .eventField(let slot, _):
            return read(BoolField.self, e, slot: slot, event: true)
        case .activeState(let membership, _):
            let state = membership.state
            return { (c: EvaluationView) throws(EvaluationError) -> Bool in
                // In an action block, the configuration of its moment of the microstep.
                if c.moment.isEmpty { return membership.contains(c.state) }
                return state >= 0 && state < c.moment.count && c.moment[state]
            }
        case .unary(.not, let operand):
            let f = bool(operand)
            return { (c: EvaluationView) throws(EvaluationError) -> Bool in !(try f(c)) }
        case .binary(.and, let left, let right):
            let l = bool(left), r = bool(right)
            return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) ? try r(c) : false }
        case .binary(.or, let left, let right):
            let l = bool(left), r = bool(right)
            return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) ? true : try r(c) }
        case .binary(.implies, let left, let right):
            let l = bool(left), r = bool(right)
            return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) ? try r(c) : true }
        case .binary(let op, let left, let right):
            return comparison(op, left, right, e)
        case .call(let function, let arguments) where function.takesStrings:
            return stringPredicate(function, arguments, e)
        case .conditional(let condition, let then, let otherwise):
            let c0 = bool(condition), t = bool(then), o = bool(otherwise)
            return { (c: EvaluationView) throws(EvaluationError) -> Bool in
                try c0(c) ? try t(c) : try o(c)
            }
        default:
            let wrong = mismatch(e, "bool")
            return { (_: EvaluationView) throws(EvaluationError) -> Bool in throw wrong }
        }
    }

    // The comparisons below are written out per operand type, not as one generic function: a generic
    // version makes every closure call go through a reabstraction thunk and a Comparable witness.
    // (Field reads can be generic, `read(_:_:slot:event:)`: they call no closure and are specialised.)

    private static func compareInts(_ op: BinaryOperator, _ l: @escaping IntCode, _ r: @escaping IntCode, _ wrong: EvaluationError) -> BoolCode {
        switch op {
        case .equal: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) == r(c) }
        case .notEqual: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) != r(c) }
        case .less: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) < r(c) }
        case .lessOrEqual: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) <= r(c) }
        case .greater: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) > r(c) }
        case .greaterOrEqual: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) >= r(c) }
        default: return { (_: EvaluationView) throws(EvaluationError) -> Bool in throw wrong }
        }
    }

    /// IEEE comparison: every comparison with NaN is false, except `!=`.
    private static func compareDoubles(_ op: BinaryOperator, _ l: @escaping DoubleCode, _ r: @escaping DoubleCode, _ wrong: EvaluationError) -> BoolCode {
        switch op {
        case .equal: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) == r(c) }
        case .notEqual: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) != r(c) }
        case .less: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) < r(c) }
        case .lessOrEqual: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) <= r(c) }
        case .greater: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) > r(c) }
        case .greaterOrEqual: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) >= r(c) }
        default: return { (_: EvaluationView) throws(EvaluationError) -> Bool in throw wrong }
        }
    }

    private static func compareStrings(_ op: BinaryOperator, _ l: @escaping StringCode, _ r: @escaping StringCode, _ wrong: EvaluationError) -> BoolCode {
        switch op {
        case .equal: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) == r(c) }
        case .notEqual: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) != r(c) }
        case .less: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) < r(c) }
        case .lessOrEqual: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) <= r(c) }
        case .greater: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) > r(c) }
        case .greaterOrEqual: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) >= r(c) }
        default: return { (_: EvaluationView) throws(EvaluationError) -> Bool in throw wrong }
        }
    }

    private static func compareSymbols(_ op: BinaryOperator, _ left: TypedExpression, _ right: TypedExpression, _ wrong: EvaluationError) -> BoolCode {
        // `state == .locked` and `mode == .heat` are the common shapes: compare with the constant directly.
        if case .constant(.symbol(let k)) = right.kind, case .controlState = left.kind {
            if op == .equal { return { (c: EvaluationView) throws(EvaluationError) -> Bool in c.state == k } }
            if op == .notEqual { return { (c: EvaluationView) throws(EvaluationError) -> Bool in c.state != k } }
        }
        if case .constant(.symbol(let k)) = right.kind {
            let l = symbol(left)
            if op == .equal { return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) == k } }
            if op == .notEqual { return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) != k } }
        }
        let l = symbol(left), r = symbol(right)
        switch op {
        case .equal: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) == r(c) }
        case .notEqual: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) != r(c) }
        default: return { (_: EvaluationView) throws(EvaluationError) -> Bool in throw wrong }
        }
    }

    /// `field op constant` and `field op field` on ints, the most common guard shapes, as one
    /// closure that reads the slots itself (the operator is switched on inside: a predictable
    /// branch costs less than a call per operand). Nil when `op` is not a comparison.
    private static func compareIntFields(
        _ op: BinaryOperator, _ left: TypedExpression, _ right: TypedExpression, _ wrong: EvaluationError
    ) -> BoolCode? {
        guard op.compare(0, 0) != nil, let l = field(left), !l.event else { return nil }
        let slot = l.slot
        let leftError = fieldError(left, "an int")
        if case .constant(.int(let k)) = right.kind {
            return { (c: EvaluationView) throws(EvaluationError) -> Bool in
                guard slot < c.data.count, case .int(let v) = c.data[slot] else { throw leftError }
                guard let result = op.compare(v, k) else { throw wrong }
                return result
            }
        }
        guard let r = field(right), !r.event else { return nil }
        let other = r.slot
        let rightError = fieldError(right, "an int")
        return { (c: EvaluationView) throws(EvaluationError) -> Bool in
            guard slot < c.data.count, case .int(let v) = c.data[slot] else { throw leftError }
            guard other < c.data.count, case .int(let w) = c.data[other] else { throw rightError }
            guard let result = op.compare(v, w) else { throw wrong }
            return result
        }
    }

    private static func comparison(_ op: BinaryOperator, _ left: TypedExpression, _ right: TypedExpression, _ e: TypedExpression) -> BoolCode {
        let wrong = mismatch(e, "bool")
        switch left.type {
        case .int:
            if let code = compareIntFields(op, left, right, wrong) { return code }
            if case .constant(.int(let k)) = right.kind, let chain = linearChain(left),
               let code = linearComparison(op, chain, k, wrong) {
                return code
            }
            return compareInts(op, int(left), int(right), wrong)
        case .double:
            return compareDoubles(op, double(left), double(right), wrong)
        case .duration:
            return compareInts(op, duration(left), duration(right), wrong)
        case .string:
            return compareStrings(op, string(left), string(right), wrong)
        case .bool:
            let l = bool(left), r = bool(right)
            switch op {
            case .equal: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) == r(c) }
            case .notEqual: return { (c: EvaluationView) throws(EvaluationError) -> Bool in try l(c) != r(c) }
            default: return { (_: EvaluationView) throws(EvaluationError) -> Bool in throw wrong }
            }
        case .enumeration:
            // A constant on the left is moved to the right; equality is symmetric.
            if case .constant = left.kind {
                return compareSymbols(op, right, left, wrong)
            }
            return compareSymbols(op, left, right, wrong)
        }
    }
}
