extension ExpressionCompiler {
    /// One term of a left-deep sum: an int data field or an int constant, added or subtracted.
    struct LinearTerm: Sendable {
        /// The data slot read, or -1 for a constant.
        let slot: Int
        /// The constant's value (when `slot` is -1).
        let constant: Int64
        /// Whether the term is subtracted (the first term never is).
        let subtracted: Bool
    }

    /// A left-deep chain `t0 ± t1 ± … ± tn` (n ≥ 2) of int data fields and int constants, the
    /// shape of invariants such as `x + y + z + w <= 196`: its terms, and per term the node whose
    /// errors it throws (the field for a field of the wrong type; the `+`/`-` that adds it, for
    /// an overflow). Nil for any other shape, and for chains of two terms, which have their own
    /// closures already.
    ///
    /// Only left-deep chains: they are evaluated left to right, one partial sum after another,
    /// which is exactly the order and the overflow points of the tree of closures they replace.
    static func linearChain(_ e: TypedExpression) -> (terms: [LinearTerm], fields: [TypedExpression], operators: [TypedExpression])? {
        var terms: [LinearTerm] = [], fields: [TypedExpression] = [], operators: [TypedExpression] = []
        var node = e
        while true {
            switch node.kind {
            case .binary(let op, let left, let right) where op == .add || op == .subtract:
                guard let term = linearTerm(right, subtracted: op == .subtract) else { return nil }
                terms.append(term)
                fields.append(right)
                operators.append(node)
                node = left
                continue
            default:
                guard let term = linearTerm(node, subtracted: false) else { return nil }
                terms.append(term)
                fields.append(node)
                operators.append(node)
            }
            break
        }
        guard terms.count >= 3, node.type == .int else { return nil }
        return (terms.reversed(), fields.reversed(), operators.reversed())
    }

    private static func linearTerm(_ e: TypedExpression, subtracted: Bool) -> LinearTerm? {
        guard e.type == .int else { return nil }
        switch e.kind {
        case .dataField(let slot, _): return LinearTerm(slot: slot, constant: 0, subtracted: subtracted)
        case .constant(.int(let value)): return LinearTerm(slot: -1, constant: value, subtracted: subtracted)
        default: return nil
        }
    }

    /// The value of a linear chain on `c`: the terms' partial sums, left to right, each checked.
    @inline(__always)
    static func linearSum(
        _ terms: [LinearTerm], _ fields: [TypedExpression], _ operators: [TypedExpression], _ c: EvaluationView
    ) throws(EvaluationError) -> Int64 {
        var total: Int64 = 0
        for index in terms.indices {
            let term = terms[index]
            let value: Int64
            if term.slot < 0 {
                value = term.constant
            } else {
                guard term.slot < c.data.count, case .int(let v) = c.data[term.slot] else {
                    throw fieldError(fields[index], "an int")
                }
                value = v
            }
            if index == 0 {
                total = value
                continue
            }
            let (r, o) = term.subtracted ? total.subtractingReportingOverflow(value) : total.addingReportingOverflow(value)
            if o { throw overflow(operators[index]) }
            total = r
        }
        return total
    }

    /// Code for a linear chain (`linearChain`) as one closure with no call per term.
    static func linearSumCode(_ chain: (terms: [LinearTerm], fields: [TypedExpression], operators: [TypedExpression])) -> IntCode {
        let (terms, fields, operators) = chain
        return { (c: EvaluationView) throws(EvaluationError) -> Int64 in
            try linearSum(terms, fields, operators, c)
        }
    }

    /// `chain op k` for a linear chain and an int constant `k`, as one closure.
    static func linearComparison(
        _ op: BinaryOperator, _ chain: (terms: [LinearTerm], fields: [TypedExpression], operators: [TypedExpression]),
        _ k: Int64, _ wrong: EvaluationError
    ) -> BoolCode? {
        guard op.compare(0, 0) != nil else { return nil }
        let (terms, fields, operators) = chain
        return { (c: EvaluationView) throws(EvaluationError) -> Bool in
            guard let result = op.compare(try linearSum(terms, fields, operators, c), k) else { throw wrong }
            return result
        }
    }
}
