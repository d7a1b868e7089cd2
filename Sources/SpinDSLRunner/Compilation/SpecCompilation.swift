import Spin
import SpinDSLFrontEnd

/// A model's compiled form, made on first use and then kept: the `compiled` of a `SpinSpec` and
/// of its copies, which share one. Checking a spec (`spinrun --validate`, the diagrams) never
/// compiles it.
package final class SpecCompilation: Sendable {
    private let model: SpecModel?
    /// Nil until compiled; then the compiled spec (nil for a spec without a model).
    private let result = Locked<CompiledSpec??>(nil)

    /// The compilation of `model`, not made yet.
    package init(_ model: SpecModel?) {
        self.model = model
    }

    /// The compiled model, compiled at the first call.
    package var compiled: CompiledSpec? {
        result.withLock { result in
            if let done = result { return done }
            // Compiled under the lock: a second caller waits for this compilation rather than making its own.
            let compiled = model.map(CompiledSpec.init)
            result = .some(compiled)
            return compiled
        }
    }
}
