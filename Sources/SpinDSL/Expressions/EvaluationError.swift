/// A run-time failure of an expression: integer overflow, integer division by zero, an impossible
/// `int(x)` conversion, or a context whose values do not match the scope the expression was checked in.
///
/// Evaluation throws these instead of trapping, so a bad spec stops one transition, not the process.
struct EvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The operator or function name whose evaluation failed.
    var location: SourceLocation
    /// What went wrong, quoting the sub-expression: `integer overflow in 'count + 1'`.
    var message: String

    /// Creates an error.
    init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line:column: error: message`.
    var description: String { "\(location): error: \(message)" }

    /// The error as a diagnostic, for rendering with the spec's source line.
    var diagnostic: Diagnostic { .error(at: location, message) }
}
