/// Whether a level-triggered rule (`when`, `in`, or every state, with an optional `if`) holds in
/// a state.
///
/// A value the rule's feedback calls directly rather than a closure: a closure with a typed
/// `throws` costs a chain of reabstraction thunks per call, and this test runs on every state.
struct LevelTest: Sendable {
    /// For `in:` rules, whether each control state (by index) is one of the rule's states.
    let states: [Bool]?
    /// The `when` expression, then the `if` condition; nil where the rule has none.
    let first: BoolCode?
    let second: BoolCode?

    /// A test that never holds (a trigger that is not level-triggered).
    static let never = LevelTest(states: [], first: nil, second: nil)

    func holds(_ state: SpecState) throws(EvaluationError) -> Bool {
        if let states {
            guard state.control >= 0, state.control < states.count, states[state.control] else { return false }
        }
        guard first != nil || second != nil else { return true }
        // A view of the state's data, not a copy of the array: no retain per test.
        return try state.data.withUnsafeBufferPointer { (data: UnsafeBufferPointer<SpinValue>) throws(EvaluationError) -> Bool in
            let view = EvaluationView(data: data, event: EvaluationView.noFields, state: state.control)
            if let first = self.first, try !first(view) { return false }
            if let second = self.second, try !second(view) { return false }
            return true
        }
    }
}
