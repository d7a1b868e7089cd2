/// The `after` or `every` of a rule, or the latency of a simulated effect: a duration known once
/// the spec is loaded (`after: 2s`), or an expression evaluated on the state when the timer is
/// armed (`after: delay * 2`). Over the type of that expression: a checked tree in the model
/// (`TimerDuration`), code once compiled (`TimerCode`).
package enum Timing<Expression: Sendable>: Sendable {
    /// A constant duration (the expression had no field to read).
    case fixed(Duration)
    /// A duration expression written at `location`, evaluated when the timer is armed.
    case computed(Expression, at: SourceLocation)

    /// The same timing with its expression transformed (compiled).
    package func map<Other>(_ transform: (Expression) -> Other) -> Timing<Other> {
        switch self {
        case .fixed(let duration): .fixed(duration)
        case .computed(let expression, let location): .computed(transform(expression), at: location)
        }
    }

    /// The constant duration, or nil when it is computed.
    var fixed: Duration? {
        if case .fixed(let duration) = self { return duration }
        return nil
    }
}

/// Which key a duration is written under, as messages name it.
package enum TimerKey: String, Sendable {
    case delay = "after"
    case period = "every"
}

/// A rule's `after` or `every`, resolved.
package typealias TimerDuration = Timing<TypedExpression>
