/// An expression as written, before names are resolved and types are checked.
///
/// Equality and hashing look only at the structure (`kind`), never at locations, source text or
/// spelling (`and` equals `&&`), so two guards written identically in different places compare equal.
/// Redundant parentheses do not appear in the tree, so `(a) + b` equals `a + b`.
struct ExpressionSyntax: Hashable, Sendable {
    /// What the expression is.
    package indirect enum Kind: Hashable, Sendable {
        /// An integer literal; a minus sign directly before the digits is folded into it.
        case integer(Int64)
        /// A floating-point literal (always finite).
        case double(Double)
        /// A duration literal, in whole milliseconds.
        case duration(Int64)
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
        /// `name[index]`: an element of an array data field.
        case index(String, ExpressionSyntax)
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
