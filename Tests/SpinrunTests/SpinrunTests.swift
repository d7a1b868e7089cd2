import Foundation
import SpinTestSupport
import Testing

/// End-to-end golden tests: the built `spinrun` on every spec of `Specs/` (runs in both formats,
/// DOT, Mermaid) and on every spec of `Specs/invalid/` (`--validate`). See `GoldenFiles`.
@Suite("spinrun golden files")
struct SpinrunGoldenTests {
    static let specs = GoldenFiles.specNames(in: "Specs")
    static let invalidSpecs = GoldenFiles.specNames(in: "Specs/invalid")

    @Test("the specs are found")
    func specsAreFound() {
        #expect(Self.specs.contains("levels"))
        #expect(Self.invalidSpecs.contains("unknown-event"))
    }

    @Test("jsonl trace", arguments: specs)
    func jsonl(spec: String) throws {
        try GoldenFiles.check(SpinrunProcess.run(["--format", "jsonl", "Specs/\(spec).yaml"]), against: "\(spec).jsonl")
    }

    @Test("text trace", arguments: specs)
    func text(spec: String) throws {
        try GoldenFiles.check(SpinrunProcess.run(["--format", "text", "Specs/\(spec).yaml"]), against: "\(spec).txt")
    }

    @Test("Graphviz DOT", arguments: specs)
    func dot(spec: String) throws {
        try GoldenFiles.check(SpinrunProcess.run(["--dot", "Specs/\(spec).yaml"]), against: "\(spec).dot")
    }

    @Test("Mermaid", arguments: specs)
    func mermaid(spec: String) throws {
        try GoldenFiles.check(SpinrunProcess.run(["--mermaid", "Specs/\(spec).yaml"]), against: "\(spec).mmd")
    }

    @Test("--validate of an invalid spec", arguments: invalidSpecs)
    func validateInvalid(spec: String) throws {
        let output = try SpinrunProcess.run(["--validate", "Specs/invalid/\(spec).yaml"])
        try GoldenFiles.check(output, against: "invalid/\(spec).validate")
        // The diagnostics are exactly the loader's rendering, the one SpinDSL's own tests expect.
        let expected = try String(contentsOf: SpinrunProcess.packageRoot.appendingPathComponent("Specs/invalid/\(spec).expected"), encoding: .utf8)
        #expect(output.stderr == expected)
    }

    @Test("every valid spec validates without a problem")
    func validateAll() throws {
        let output = try SpinrunProcess.run(["--validate"] + Self.specs.map { "Specs/\($0).yaml" })
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == Self.specs.map { "Specs/\($0).yaml: ok\n" }.joined())
    }
}
