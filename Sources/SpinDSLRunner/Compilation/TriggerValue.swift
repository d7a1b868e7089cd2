import SpinDSLFrontEnd

/// What an edge or periodic trigger (`becomes:`, `enter:`, a rule with `every:`) sees in a state:
/// its condition does not hold, holds (with the state it holds on, for the action), or could not
/// be evaluated (the run-time fault, which the rule's feedback emits, so that a division by zero in
/// a trigger ends the run at its location as it does in a `when:` guard).
///
/// Compared by kind only (and faults by value): the core's change-driven feedbacks act when the
/// kind changes, so a condition that keeps holding does not act again, and a fault after a state
/// where it held still acts.
package enum TriggerValue: Hashable, Sendable {
    case off
    case on(SpecState)
    case fault(SpecFault)

    package static func == (lhs: TriggerValue, rhs: TriggerValue) -> Bool {
        switch (lhs, rhs) {
        case (.off, .off), (.on, .on): return true
        case let (.fault(left), .fault(right)): return left == right
        default: return false
        }
    }

    /// By kind (and a fault by value), as `==` compares.
    package func hash(into hasher: inout Hasher) {
        switch self {
        case .off: hasher.combine(0)
        case .on: hasher.combine(1)
        case .fault(let fault):
            hasher.combine(2)
            hasher.combine(fault)
        }
    }

    /// `.on` when `holds` is true, else `.off`; a thrown error is `.fault`.
    static func of(_ state: SpecState, _ holds: (SpecState) throws(EvaluationError) -> Bool) -> TriggerValue {
        guard !state.hasFault else { return .off }
        do throws(EvaluationError) {
            return try holds(state) ? .on(state) : .off
        } catch {
            return .fault(SpecFault(error))
        }
    }

    /// Whether a rule acting on rising edges acts on this value after `changed` (a change of kind):
    /// when it starts to hold, or on a new fault.
    func rises(changed: Bool) -> Bool {
        guard changed else { return false }
        if case .off = self { return false }
        return true
    }
}
