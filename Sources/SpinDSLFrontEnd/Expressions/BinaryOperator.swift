/// A binary operator of the expression language. The raw value is the canonical spelling.
package enum BinaryOperator: String, Hashable, Sendable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case equal = "=="
    case notEqual = "!="
    case and = "&&"
    case or = "||"
    /// `P => Q` (also written `P implies Q`): `!P || Q`, evaluated as `P ? Q : true`.
    case implies = "=>"

    /// The result of this comparison on two ints, or nil when the operator is not a comparison
    /// (the compiled comparisons and `SlotShape` both use it).
    @inline(__always)
    func compare(_ a: Int64, _ b: Int64) -> Bool? {
        switch self {
        case .equal: return a == b
        case .notEqual: return a != b
        case .less: return a < b
        case .lessOrEqual: return a <= b
        case .greater: return a > b
        case .greaterOrEqual: return a >= b
        default: return nil
        }
    }

    /// Whether `a op b op c` is `a op (b op c)`: only `=>` (`a => b => c` is `a => (b => c)`,
    /// as in logic).
    var isRightAssociative: Bool { self == .implies }

    /// Whether the operator is one of `+ - * / %`.
    var isArithmetic: Bool {
        switch self {
        case .add, .subtract, .multiply, .divide, .remainder: return true
        default: return false
        }
    }

    /// Binding strength; higher binds tighter. All levels are left-associative but `=>`'s.
    var precedence: Int {
        switch self {
        case .implies: return 0
        case .or: return 1
        case .and: return 2
        case .equal, .notEqual: return 3
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return 4
        case .add, .subtract: return 5
        case .multiply, .divide, .remainder: return 6
        }
    }
}
