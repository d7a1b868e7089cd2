/// What compiled expression code reads while it runs: the data and payload fields as views of
/// arrays someone else owns, and the control state.
///
/// Every closure `ExpressionCompiler` makes takes one. Its buffers are valid only during the call
/// that made the view (`EvaluationContext.withView`, or a table that views a state's storage for
/// one step), so a view is never stored. Made from a borrowed array, it costs no retain, where
/// copying the state's data array into a context would cost an atomic increment and decrement
/// per evaluation.
///
/// Reads check the slot against the buffer's count and throw when it is out of range (the checker
/// guarantees slots, but a bad one must not read outside the buffer).
package struct EvaluationView {
    /// The spin's data fields, by slot.
    package let data: UnsafeBufferPointer<SpinValue>
    /// The current event's payload fields, by slot; empty where there is no event.
    package let event: UnsafeBufferPointer<SpinValue>
    /// The index of the current control state.
    package let state: Int
    /// The longest string concatenation may make, in UTF-8 bytes (`SpecRunOptions.maxStringBytes`).
    package let maxStringBytes: Int
    /// Per state, whether it is active, while an action block that reads the configuration runs
    /// (`ActionMoment`: the configuration of that moment of the microstep); empty elsewhere, where
    /// `state` is the configuration.
    package var moment: UnsafeBufferPointer<Bool> = UnsafeBufferPointer(start: nil, count: 0)

    /// A view of `data` and `event` in control state `state`, outside any microstep moment.
    package init(data: UnsafeBufferPointer<SpinValue>, event: UnsafeBufferPointer<SpinValue>, state: Int, maxStringBytes: Int) {
        self.data = data
        self.event = event
        self.state = state
        self.maxStringBytes = maxStringBytes
    }

    /// An empty field list, for a view without an event.
    package static var noFields: UnsafeBufferPointer<SpinValue> { UnsafeBufferPointer(start: nil, count: 0) }

    /// This view at a moment of a microstep.
    package func at(_ moment: UnsafeBufferPointer<Bool>) -> EvaluationView {
        var view = self
        view.moment = moment
        return view
    }
}

extension EvaluationContext {
    /// Calls `body` with a view of this context's arrays.
    package func withView<Result, Failure: Error>(
        _ body: (EvaluationView) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try data.withUnsafeBufferPointer { (data: UnsafeBufferPointer<SpinValue>) throws(Failure) -> Result in
            try event.withUnsafeBufferPointer { (event: UnsafeBufferPointer<SpinValue>) throws(Failure) -> Result in
                try body(EvaluationView(data: data, event: event, state: state, maxStringBytes: maxStringBytes))
            }
        }
    }
}
