import SpinDSLFrontEnd

extension CompiledExpression {
    /// The value converted to `type`: an int expression assigned to a double field is promoted.
    func evaluate(as type: ValueType, _ context: borrowing EvaluationContext) throws(EvaluationError) -> SpinValue {
        if case .double = type {
            return .double(try evaluateDouble(context))
        }
        return try evaluate(context)
    }
}
