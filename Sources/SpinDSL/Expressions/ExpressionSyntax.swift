/// A unary operator of the expression language.
enum UnaryOperator: String, Hashable, Sendable {
    /// Arithmetic negation, `-x`.
    case negate = "-"
    /// Logical negation, `!x` or `not x`.
    case not = "!"
}

/// A binary operator of the expression language. The raw value is the canonical spelling.
enum BinaryOperator: String, Hashable, Sendable {
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

    /// Whether the operator is one of `+ - * / %`.
    var isArithmetic: Bool {
        switch self {
        case .add, .subtract, .multiply, .divide, .remainder: return true
        default: return false
        }
    }

    /// Binding strength; higher binds tighter. All levels are left-associative.
    var precedence: Int {
        switch self {
        case .or: return 1
        case .and: return 2
        case .equal, .notEqual: return 3
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return 4
        case .add, .subtract: return 5
        case .multiply, .divide, .remainder: return 6
        }
    }
}

/// An expression as written, before names are resolved and types are checked.
///
/// Equality and hashing look only at the structure (`kind`), never at locations, source text or
/// spelling (`and` equals `&&`), so two guards written identically in different places compare equal.
/// Redundant parentheses do not appear in the tree, so `(a) + b` equals `a + b`.
struct ExpressionSyntax: Hashable, Sendable {
    /// What the expression is.
    indirect enum Kind: Hashable, Sendable {
        /// An integer literal; a minus sign directly before the digits is folded into it.
        case integer(Int64)
        /// A floating-point literal (always finite).
        case double(Double)
        /// `true` or `false`.
        case bool(Bool)
        /// A string literal, escapes already resolved.
        case string(String)
        /// A plain or dotted name: a data field, `state`, or (an error) something unknown like `a.b`.
        case name(String)
        /// `event.<field>`.
        case eventField(String)
        /// `.<case>`, an enumeration case whose enumeration comes from context.
        case enumCase(String)
        /// `-x`, `!x`.
        case unary(UnaryOperator, ExpressionSyntax)
        /// `a op b`.
        case binary(BinaryOperator, ExpressionSyntax, ExpressionSyntax)
        /// `condition ? then : else`.
        case conditional(ExpressionSyntax, ExpressionSyntax, ExpressionSyntax)
        /// `name(arguments…)`.
        case call(String, [ExpressionSyntax])
    }

    /// The structure of the expression.
    var kind: Kind
    /// Where the expression's text begins (an opening parenthesis, if it was parenthesised).
    var location: SourceLocation
    /// Where its operator is (`+`, `?`, the function name); equal to `location` for literals and names.
    var operatorLocation: SourceLocation
    /// The operator as the user spelled it (`and`, `not`, `&&`), for messages; empty for leaves.
    var operatorSpelling: String
    /// The source text of the expression (without enclosing parentheses), quoted in run-time errors.
    var text: String
    /// Height of the tree; bounded by the parser so that later recursive passes cannot overflow the stack.
    var height: Int
    /// Scalar offsets of the expression, enclosing parentheses included, within the parsed string;
    /// used while parsing to slice parent texts.
    var range: Range<Int>

    static func == (lhs: ExpressionSyntax, rhs: ExpressionSyntax) -> Bool {
        lhs.kind == rhs.kind
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }
}
