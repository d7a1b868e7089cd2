import SpinDSLFrontEnd

extension Unmanaged {
    /// Calls `body` with the instance, which the caller guarantees alive for the call, without
    /// retaining it: how tables call the compiled code they hold (`CompiledCode`, `LevelTest`) on
    /// every step. `_withUnsafeGuaranteedRef` rethrows untyped errors, so an evaluation error is
    /// carried out of it as a value and thrown again, typed.
    @inline(__always)
    func withGuaranteed<Result>(
        _ body: (Instance) throws(EvaluationError) -> Result
    ) throws(EvaluationError) -> Result {
        try _withUnsafeGuaranteedRef { instance in
            Swift.Result { () throws(EvaluationError) -> Result in try body(instance) }
        }.get()
    }
}
