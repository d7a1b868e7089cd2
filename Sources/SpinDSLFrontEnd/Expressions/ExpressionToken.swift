/// One token of an expression.
package struct ExpressionToken: Sendable {
    package enum Kind: Equatable, Sendable {
        /// Decimal digits of an integer literal, kept as text so that the parser can fold a preceding
        /// minus sign in before range-checking (`-9223372036854775808` is valid).
        case integer(String)
        /// A floating-point literal, as written.
        case double(String)
        /// A duration literal, as written: a number and its unit (`250ms`, `1.5s`, `2m`, `1h`).
        case duration(String)
        /// A string literal with escapes resolved.
        case string(String)
        /// A name or keyword (`and`, `or`, `not`, `true`, `false`, `event` are recognised by the parser).
        case identifier(String)
        /// An operator or punctuation mark: `&& || == != <= >= < > + - * / % ! ( ) , ? : . [ ]`
        case symbol(String)
        /// End of the text.
        case end
    }

    package var kind: Kind
    /// Scalar offsets of the token in the expression text.
    package var range: Range<Int>
}
