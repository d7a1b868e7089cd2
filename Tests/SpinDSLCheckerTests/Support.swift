import SpinTestSupport
@testable import SpinDSLRunner

// The helpers the tests of this target share (what every language test target shares is in
// SpinTestSupport: the package root, the golden files, `TestSpec`, `loadSpec`, the generated specs).

extension TestSpec {
    /// The spec compiled for the core, when it has no error: what `SpinSpec.compiled` gives
    /// (compiled here at each use; the runner's tests have the same line).
    var compiled: CompiledSpec? { model.map(CompiledSpec.init) }
}
