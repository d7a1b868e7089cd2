/// A built-in function of the expression language.
enum ExpressionFunction: String, Hashable, Sendable, CaseIterable {
    case min, max, abs, clamp, string, int, double
}
