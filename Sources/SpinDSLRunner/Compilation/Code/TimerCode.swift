import SpinDSLFrontEnd

/// An `after` or `every` of a rule, or the latency of a simulated effect, ready to arm: a
/// constant duration, or its expression compiled.
package typealias TimerCode = Timing<CompiledExpression>

extension Timing where Expression == CompiledExpression {
    /// How long the timer armed on `state` sleeps: the constant, or the expression's value on
    /// that state. A computed delay below 0ms, or a computed period below 1ms, is a fault (a
    /// constant one is refused when the spec is loaded).
    package func armed(
        on state: SpecState, as key: TimerKey, maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes
    ) throws(SpecFault) -> Duration {
        switch self {
        case .fixed(let duration):
            return duration
        case .computed(let expression, let location):
            let milliseconds: Int64
            do throws(EvaluationError) {
                milliseconds = try expression.evaluateDuration(state.context(maxStringBytes))
            } catch {
                throw SpecFault(error)
            }
            if milliseconds < 0 || (key == .period && milliseconds == 0) {
                throw SpecFault(.invalidTimerDuration, at: location, [
                    "key": key.rawValue, "value": SpinValue.format(milliseconds: milliseconds),
                    "expression": expression.expression.text,
                    "requirement": key == .delay ? "a delay cannot be negative" : "a period must be longer than 0ms",
                ])
            }
            return .milliseconds(milliseconds)
        }
    }
}
