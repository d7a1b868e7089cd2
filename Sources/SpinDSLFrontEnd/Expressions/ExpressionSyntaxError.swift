/// A parse or lex failure; the parser reports only the first one, since later ones would be noise.
package struct ExpressionSyntaxError: Error, Sendable {
    var diagnostic: Diagnostic
}
