import SpinTestSupport
import Testing
@testable import SpinDSL

/// `--validate`'s verdict, as `SpinSpec` gives it.
@Suite struct SpinSpecVerdictTests {
    /// `Specs/<name>`, loaded as a host loads it.
    private func spec(_ name: String) -> SpinSpec {
        SpinSpec.load(contentsOf: "\(packageRoot)/Specs/\(name)")
    }

    @Test("--validate's verdict on a spec, and whether it fails, strictly or not")
    func validateVerdicts() {
        let valid = spec("counter.yaml")
        #expect(valid.verdict == "ok")
        #expect(!valid.fails(strict: true))
        let warned = spec("invalid/never-emitted-event.yaml")
        #expect(warned.verdict == "1 warning")
        #expect(!warned.fails(strict: false))
        #expect(warned.fails(strict: true))
        let wrong = spec("invalid/array-declarations.yaml")
        #expect(wrong.verdict == "5 errors")
        #expect(wrong.fails(strict: false))
    }
}
