/// The values an expression can read while it is evaluated, owned.
///
/// Compiled code reads an `EvaluationView` of these arrays (`withView`), so evaluation neither
/// copies nor retains them: a read is an index into storage the caller owns. Hot paths that
/// already hold a state's arrays make the view directly, without a context.
package struct EvaluationContext: Sendable {
    /// The spin's data fields, by slot (the index of the field in `ExpressionScope.dataFields`).
    package var data: [SpinValue]
    /// The current event's payload fields, by slot; empty where there is no event.
    package var event: [SpinValue]
    /// The index of the current control state in the control-state enumeration.
    package var state: Int
    /// The longest string concatenation may make, in UTF-8 bytes.
    package var maxStringBytes: Int

    /// The longest string concatenation makes unless a run sets its own: 16 MiB
    /// (`SpecRunOptions.maxStringBytes`, `spinrun --max-string-bytes`).
    package static let defaultMaxStringBytes = 16 * 1024 * 1024

    /// Creates a context.
    package init(data: [SpinValue] = [], event: [SpinValue] = [], state: Int = 0, maxStringBytes: Int = Self.defaultMaxStringBytes) {
        self.data = data
        self.event = event
        self.state = state
        self.maxStringBytes = maxStringBytes
    }
}
