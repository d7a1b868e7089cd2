/// Turns a row's guard into the conjunctions of atoms it is the disjunction of (its disjunctive
/// normal form), for the shadowing analysis: `n < 5 || done` is `[n ∈ min...4] ∨ [done ∈ {true}]`.
///
/// Atoms are what the analysis can reason about: an int or duration field compared with a
/// constant (a set of integers), an enum field or the control state compared with a case (a set
/// of cases), a bool field. Constant sub-expressions are evaluated. Anything else is an opaque
/// condition: a bool variable of its own, equal only to the same expression (so `label == "a"`
/// on two rows is the same condition, and `!(label == "a")` its negation). The control state is a
/// variable too, unless the state is known (a row listing its `from` states is normalized in each
/// of them), when `state == .idle` is simply true or false there.
struct GuardNormalizer {
    /// More conjunctions than this and the node is kept whole, as an opaque condition: the normal
    /// form of `(a || b) && (c || d) && …` doubles with each factor.
    static let maximumConjunctions = 32

    private var variables = GuardVariables()
    /// The condition of a row without a guard, made once.
    private static let always = [GuardConjunction.always]
    /// How many control states the spin has (the cases of the control-state variable).
    let controlCount: Int

    init(controlCount: Int) {
        self.controlCount = controlCount
    }

    /// The conjunctions whose disjunction is the guard (nil: no guard) in control state `state`
    /// (nil: unknown). Empty when the guard can never hold; `[.always]` when it always does.
    mutating func condition(of guardExpression: TypedExpression?, inState state: Int?) -> [GuardConjunction] {
        guard let guardExpression else { return Self.always }
        return normalized(guardExpression, holds: true, inState: state)
    }

    /// The normal form of `e` (of `!e` when `holds` is false), or `e` whole as an opaque
    /// condition when its normal form is too large.
    private mutating func normalized(_ e: TypedExpression, holds: Bool, inState state: Int?) -> [GuardConjunction] {
        if let form = normalForm(e, holds: holds, inState: state) { return form }
        return atom(.condition(e), .flags(FlagSet(holds)))
    }

    private mutating func atom(_ variable: GuardVariables.Variable, _ values: GuardValues) -> [GuardConjunction] {
        GuardConjunction(variables.number(variable), values).map { [$0] } ?? []
    }

    /// Nil when the form has more than `maximumConjunctions` conjunctions. The parser bounds the
    /// tree's height, so the recursion is shallow.
    private mutating func normalForm(_ e: TypedExpression, holds: Bool, inState state: Int?) -> [GuardConjunction]? {
        if case .constant(.bool(let value)) = e.kind {
            return value == holds ? [.always] : []
        }
        if e.type == .bool, e.isConstant, let value = try? e.constantBool() {
            return value == holds ? [.always] : []
        }
        switch e.kind {
        case .dataField(let slot, _) where e.type == .bool:
            return atom(.data(slot), .flags(FlagSet(holds)))
        case .eventField(let slot, _) where e.type == .bool:
            return atom(.event(slot), .flags(FlagSet(holds)))
        case .unary(.not, let operand):
            return normalized(operand, holds: !holds, inState: state)
        case .binary(.and, let left, let right):
            let l = normalized(left, holds: holds, inState: state), r = normalized(right, holds: holds, inState: state)
            return holds ? Self.product(l, r) : Self.sum(l, r)
        case .binary(.or, let left, let right):
            let l = normalized(left, holds: holds, inState: state), r = normalized(right, holds: holds, inState: state)
            return holds ? Self.sum(l, r) : Self.product(l, r)
        case .binary(.implies, let left, let right):
            // `P => Q` is `!P || Q`.
            let l = normalized(left, holds: !holds, inState: state), r = normalized(right, holds: holds, inState: state)
            return holds ? Self.sum(l, r) : Self.product(l, r)
        case .binary(let op, let left, let right):
            return comparison(op, left, right, e, holds: holds, inState: state)
        case .conditional(let condition, let then, let otherwise):
            // `c ? a : b` holds when `c && a` or `!c && b` does.
            let yes = Self.product(normalized(condition, holds: true, inState: state), normalized(then, holds: holds, inState: state))
            let no = Self.product(normalized(condition, holds: false, inState: state), normalized(otherwise, holds: holds, inState: state))
            guard let yes, let no else { return nil }
            return Self.sum(yes, no)
        default:
            return atom(.condition(e), .flags(FlagSet(holds)))
        }
    }

    /// A comparison as an atom: a field against a constant (either side), the control state against
    /// a case; anything else an opaque condition (`a != b` as the negation of `a == b`).
    private mutating func comparison(
        _ op: BinaryOperator, _ left: TypedExpression, _ right: TypedExpression, _ e: TypedExpression,
        holds: Bool, inState state: Int?
    ) -> [GuardConjunction]? {
        // The field (or control state) on the left, the constant on the right.
        var op = op, left = left, right = right
        if case .constant = left.kind, !(Self.isConstant(right)) {
            swap(&left, &right)
            op = Self.flipped(op)
        }
        if case .constant(let constant) = right.kind, let values = comparedValues(op, left, constant, inState: state) {
            switch values {
            case .known(let value):
                return value == holds ? [.always] : []
            case .atom(let variable, let set):
                return atom(variable, holds ? set : set.complement)
            }
        }
        if op == .notEqual {
            let equality = TypedExpression(kind: .binary(.equal, left, right), type: .bool, location: e.location, text: e.text)
            return atom(.condition(equality), .flags(FlagSet(!holds)))
        }
        return atom(.condition(e), .flags(FlagSet(holds)))
    }

    private enum Compared {
        case known(Bool)
        case atom(GuardVariables.Variable, GuardValues)
    }

    /// What `left op constant` says about `left`'s variable, when `left` is a field or the control
    /// state and the values are of a kind the analysis sets up.
    private func comparedValues(_ op: BinaryOperator, _ left: TypedExpression, _ constant: SpinValue, inState state: Int?) -> Compared? {
        let variable: GuardVariables.Variable
        switch left.kind {
        case .dataField(let slot, _): variable = .data(slot)
        case .eventField(let slot, _): variable = .event(slot)
        case .controlState: variable = .controlState
        default: return nil
        }
        switch (left.type, constant) {
        case (.int, .int(let k)), (.duration, .duration(let k)):
            return IntervalSet(op, k).map { .atom(variable, .integers($0)) }
        case (.enumeration(let type), .symbol(let k)):
            guard op == .equal || op == .notEqual else { return nil }
            if case .controlState = variable, let state {
                return .known((state == k) == (op == .equal))
            }
            let count = variable == .controlState ? controlCount : type.cases.count
            let set = CaseSet(count: count, members: [k])
            return .atom(variable, .cases(op == .equal ? set : set.complement))
        case (.bool, .bool(let k)):
            guard op == .equal || op == .notEqual else { return nil }
            return .atom(variable, .flags(FlagSet(k == (op == .equal))))
        default:
            return nil
        }
    }

    private static func isConstant(_ e: TypedExpression) -> Bool {
        if case .constant = e.kind { return true }
        return false
    }

    /// The operator with its operands swapped: `k < x` is `x > k`.
    private static func flipped(_ op: BinaryOperator) -> BinaryOperator {
        switch op {
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        default: return op
        }
    }

    /// `l || r`; nil when too large.
    private static func sum(_ l: [GuardConjunction]?, _ r: [GuardConjunction]?) -> [GuardConjunction]? {
        guard let l, let r, l.count &+ r.count <= maximumConjunctions else { return nil }
        return l + r
    }

    /// `l && r`: every conjunction of one with every one of the other; nil when too large.
    private static func product(_ l: [GuardConjunction]?, _ r: [GuardConjunction]?) -> [GuardConjunction]? {
        guard let l, let r, l.count &* r.count <= maximumConjunctions else { return nil }
        var result: [GuardConjunction] = []
        for a in l {
            for b in r {
                if let both = a.and(b) { result.append(both) }
            }
        }
        return result
    }
}
