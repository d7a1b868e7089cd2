/// A transition row's guard or assigned value: a shared checked expression, and where this row
/// wrote its text.
///
/// The shared expression's nodes are located at the first row that wrote the text. Its texts are
/// on one line (`CheckedExpressionCache` shares no other), so each node of this row's copy would
/// be on this row's line, at the same distance from the text's start: `relocated(_:)` and
/// `expression` apply that shift where a location is reported, and only there, so evaluating
/// costs the same as with a copy of its own.
package struct RowExpression: Sendable {
    /// The checked expression, shared with the other rows writing the same text.
    package let shared: SharedExpression
    /// Where this row's text starts.
    package let location: SourceLocation

    /// The static type of the value.
    var type: ValueType { shared.expression.type }

    /// The source text.
    var text: String { shared.expression.text }

    /// The checked tree located at this row's text, as checking it here would give. A copy of the
    /// shared tree for every row but the first: for messages and tests, not for evaluation.
    package var expression: TypedExpression {
        let tree = shared.expression
        if location == shared.base { return tree }
        return tree.moved(to: location, columnShift: location.column &- shared.base.column)
    }

    /// `error`, thrown by the shared code, located in this row's text: an error on the line of the
    /// shared text's start (every node of a shared text is) is moved to this row's line, as far
    /// from this text's start as it was from the shared one's. Errors located elsewhere (texts on
    /// several lines are never shared, so their base is this row's location) are kept.
    package func relocated(_ error: EvaluationError) -> EvaluationError {
        let base = shared.base
        guard location != base, error.location.isOnLine(of: base) else { return error }
        var moved = error
        moved.location = location.moved(
            toLine: location.line, column: error.location.column &+ (location.column &- base.column))
        return moved
    }
}
