@testable import Spin
import SpinTestSupport
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

// The helpers the tests of this target share (what every language test target shares is in
// SpinTestSupport: the package root, the golden files, `TestSpec`, `loadSpec`, the generated specs).

extension TestSpec {
    /// The spec compiled for the core, when it has no error: what `SpinSpec.compiled` gives
    /// (compiled here at each use).
    var compiled: CompiledSpec? { model.map(CompiledSpec.init) }
}

/// Runs a spec and returns its trace lines (JSON Lines) and summary.
func runSpec(_ spec: TestSpec, seed: UInt64 = 1, limits: RunLimits = RunLimits()) async -> (trace: [String], summary: RunSummary)? {
    guard let compiled = spec.compiled else { return nil }
    let lines = Locked<[String]>([])
    // As spinrun runs a spec without inputs: with its script.
    let encoder = TraceEncoder(compiled.model)
    let run = SpecRun(compiled, options: SpecRunOptions(seed: seed, runsScript: true), limits: limits, observer: StepObserver { step in
        lines.withLock { $0.append(encoder.line(step)) }
    })
    let summary = await run.run()
    return (lines.withLock { $0 }, summary)
}

/// The value of a top-level string field (or null) in a JSON trace line, for compact assertions.
func field(_ key: String, of line: String) -> String {
    guard let range = line.range(of: "\"\(key)\":") else { return "?" }
    let rest = line[range.upperBound...]
    if rest.hasPrefix("null") { return "null" }
    if rest.hasPrefix("{\"name\":\"") {
        let name = rest.dropFirst(9)
        return String(name.prefix { $0 != "\"" })
    }
    guard rest.hasPrefix("\"") else { return "?" }
    return String(rest.dropFirst().prefix { $0 != "\"" })
}
