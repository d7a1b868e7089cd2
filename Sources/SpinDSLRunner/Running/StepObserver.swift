import SpinDSLFrontEnd

/// Receives each step of a run (from the loop's drainer, one at a time).
///
/// A wrapper rather than a bare closure, so that `SpecRun`'s initializer taking it cannot be
/// confused with the one taking a `TraceRecord` closure.
public struct StepObserver: Sendable {
    let observe: @Sendable (TraceStep) -> Void

    /// Wraps `observe`.
    public init(_ observe: @escaping @Sendable (TraceStep) -> Void) {
        self.observe = observe
    }
}
