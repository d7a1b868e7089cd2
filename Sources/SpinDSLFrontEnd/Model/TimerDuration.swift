/// The `after` or `every` of a rule, or the latency of a simulated effect: a duration known once
/// the spec is loaded (`after: 2s`), or an expression evaluated on the state when the timer is
/// armed (`after: delay * 2`).
package enum TimerDuration: Sendable {
    /// Which key a duration is written under, as messages name it.
    package enum Key: String, Sendable {
        case delay = "after"
        case period = "every"
    }

    /// A constant duration (the expression had no field to read).
    case fixed(Duration)
    /// A duration expression written at `location`, evaluated when the timer is armed.
    case computed(TypedExpression, at: SourceLocation)

    /// The constant duration, or nil when it is computed.
    var fixed: Duration? {
        if case .fixed(let duration) = self { return duration }
        return nil
    }
}
