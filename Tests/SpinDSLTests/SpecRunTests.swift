@testable import Spin
import Foundation
import Testing
@testable import SpinDSL

/// The package root, found from this file's path.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Loads `Specs/<name>` relative to the package root, with the path shown as `Specs/<name>`.
func loadSpec(_ name: String) -> SpinSpec {
    let path = "\(packageRoot)/Specs/\(name)"
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return SpinSpec.load(text: text, path: "Specs/\(name)")
}

/// Runs a spec and returns its trace lines (JSON Lines) and summary.
func runSpec(_ spec: SpinSpec, seed: UInt64 = 1, limits: RunLimits = RunLimits()) async -> (trace: [String], summary: RunSummary)? {
    guard let compiled = spec.compiled else { return nil }
    let lines = Locked<[String]>([])
    let run = SpecRun(compiled, options: SpecRunOptions(seed: seed), limits: limits) { record in
        lines.withLock { $0.append(record.json) }
    }
    let summary = await run.run()
    return (lines.withLock { $0 }, summary)
}

@Suite struct SpecRunTests {
    @Test func levelsConverge() async throws {
        let spec = loadSpec("levels.yaml")
        #expect(spec.renderedDiagnostics == "")
        let result = try #require(await runSpec(spec))
        #expect(result.summary.json == #"{"summary":{"status":"idle","steps":20,"time":0,"spins":{"Levels":{"state":null,"data":{"left":15,"right":15}}}}}"#)
        #expect(result.trace.first == #"{"step":1,"time":0,"spin":"Levels","event":{"name":"increaseLeft","payload":{}},"source":"leftEffect","from":null,"to":null,"state":{"left":11,"right":20}}"#)
    }
}
