import SpinDSLFrontEnd

/// Whether a level-triggered rule (`when`, `in`, or every state, with an optional `if`) holds in
/// a state.
///
/// An object the rule's feedback calls directly rather than a closure: a closure with a typed
/// `throws` costs a chain of reabstraction thunks per call, and this test runs on every state.
/// A final class, so that its expression code is called as is: a closure read out of a value
/// that is itself read from memory is retained and released around the call.
package final class LevelTest: Sendable {
    /// For `in:` rules (`restricted`), the rule's control states, sorted, without repeats: as long
    /// as the rule's list, not as the spin's states (a flag per state for each of 20,000 `in:`
    /// cases over 20,000 states was 400 MB). Not an optional, for the same reason as the closures
    /// below.
    let restricted: Bool
    let states: [Int]
    /// The `when` expression, then the `if` condition, each called only when its flag is set: not
    /// optionals, because binding an optional closure copies (retains) it.
    let hasFirst: Bool
    let first: BoolCode
    let hasSecond: Bool
    let second: BoolCode
    /// Their shapes, evaluated inline when they are simple ones.
    let firstShape: SlotShape
    let secondShape: SlotShape

    /// A test that never holds (a trigger that is not level-triggered).
    static let never = LevelTest(states: [], first: nil, second: nil, maxStringBytes: 0)
    /// The run's limit on strings (`SpecRunOptions.maxStringBytes`).
    let maxStringBytes: Int

    init(states: [Int]?, first: CompiledExpression?, second: CompiledExpression?, maxStringBytes: Int) {
        self.maxStringBytes = maxStringBytes
        restricted = states != nil
        self.states = Array(Set(states ?? [])).sorted()
        hasFirst = first != nil
        self.first = first?.boolClosure ?? Self.absent
        firstShape = first.map { SlotShape($0.expression) } ?? .general
        hasSecond = second != nil
        self.second = second?.boolClosure ?? Self.absent
        secondShape = second.map { SlotShape($0.expression) } ?? .general
    }

    /// The code standing for an absent expression (never called).
    private static let absent: BoolCode = { (_: EvaluationView) throws(EvaluationError) -> Bool in true }

    package func holds(_ state: SpecState) throws(EvaluationError) -> Bool {
        if restricted {
            guard isOneOfItsStates(state.control) else { return false }
        }
        guard hasFirst || hasSecond else { return true }
        // A view of the state's data, not a copy of the array: no retain per test.
        return try state.data.withUnsafeBufferPointer { (data: UnsafeBufferPointer<SpinValue>) throws(EvaluationError) -> Bool in
            let view = EvaluationView(data: data, event: EvaluationView.noFields, state: state.control, maxStringBytes: maxStringBytes)
            if hasFirst {
                let holds = if let inline = firstShape.bool(data) { inline } else { try first(view) }
                if !holds { return false }
            }
            if hasSecond {
                let holds = if let inline = secondShape.bool(data) { inline } else { try second(view) }
                if !holds { return false }
            }
            return true
        }
    }

    /// Whether `control` is one of an `in:` rule's states: a look at each for a short list (most
    /// name one or two), a binary search for a long one.
    func isOneOfItsStates(_ control: Int) -> Bool {
        if states.count <= 8 {
            for state in states where state == control { return true }
            return false
        }
        var low = 0
        var high = states.count
        while low < high {
            let middle = low &+ (high &- low) / 2
            if states[middle] < control { low = middle &+ 1 } else { high = middle }
        }
        return low < states.count && states[low] == control
    }
}
