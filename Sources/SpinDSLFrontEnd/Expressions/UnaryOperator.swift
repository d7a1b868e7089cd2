/// A unary operator of the expression language.
package enum UnaryOperator: String, Hashable, Sendable {
    /// Arithmetic negation, `-x`.
    case negate = "-"
    /// Logical negation, `!x` or `not x`.
    case not = "!"
}
