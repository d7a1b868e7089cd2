import Spin
import SpinDSLFrontEnd

/// Remembers the value a trigger saw in the previous state, for rules that act on a change
/// (`changes:`) or an edge (`becomes:`, `enter:`) but run under `strategy: continue`, where the
/// core's change-driven feedbacks, which cancel, do not fit.
final class ChangeMemory<Value: Equatable & Sendable>: Sendable {
    private let previous = Locked<Value?>(nil)

    /// Whether `value` differs from the previous state's (the first state always does).
    func changes(to value: Value) -> Bool {
        previous.withLock { previous in
            defer { previous = value }
            return previous != value
        }
    }
}
