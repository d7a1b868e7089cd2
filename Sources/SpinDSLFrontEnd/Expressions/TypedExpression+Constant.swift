extension TypedExpression {
    /// The value of a duration expression that reads nothing of a state or an event
    /// (`isConstant`): folded once, when the spec is resolved, by the code a run would evaluate it
    /// with, so that folding and running cannot disagree. Throws what evaluating it throws
    /// (`1s / 0`).
    func constantDuration() throws(EvaluationError) -> Int64 {
        try CompiledExpression(self).evaluateDuration(EvaluationContext())
    }

    /// The value of a bool expression that reads nothing of a state or an event (`isConstant`),
    /// evaluated as `constantDuration()` is.
    func constantBool() throws(EvaluationError) -> Bool {
        try CompiledExpression(self).evaluateBool(EvaluationContext())
    }
}
