import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// Hostile input through the library's front end: every case ends with an exact diagnostic. Each
/// test has a generous time limit: it catches a hang, it is not a speed target (figures belong in
/// the benchmarks, and the sanitizer runs on a loaded machine are many times slower). The runs of
/// hostile input are in `SpinDSLRunnerTests/HostileInputTests`.
@Suite("hostile input (library)", .timeLimit(.minutes(5)))
struct HostileInputTests {
    /// `file:line:column: severity: message`.
    private static func line(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) \(diagnostic.group.tag)"
    }

    @Test("an integer literal past Int64 in data is an error, not a rounded double")
    func hugeIntegerInData() {
        let spec = TestSpec.load(text: "spin: Big\ndata:\n  n: 9223372036854775808\nevents: [go]\ninputs: [go]\ntransitions:\n  - { on: go }\n", path: "big.yaml")
        #expect(spec.model == nil)
        #expect(spec.diagnostics.map(Self.line) == ["big.yaml:3:6: error: integer literal '9223372036854775808' does not fit in a 64-bit integer [#IntegerLiteralTooLarge]"])
        let smallest = TestSpec.load(text: "spin: Big\ndata:\n  n: -9223372036854775808\nevents: [go]\ninputs: [go]\ntransitions:\n  - { on: go }\n", path: "big.yaml")
        #expect(smallest.diagnostics.isEmpty)
    }

    @Test("the YAML limits apply to text too: alias bomb, depth, size")
    func yamlLimits() async throws {
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<10 {
            bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let text = bomb
        let spec = TestSpec.load(text: text, path: "bomb.yaml")
        #expect(spec.diagnostics.map(Self.line) == ["bomb.yaml:6:45: error: alias expansion exceeds the limit of 1000000 nodes (possible alias bomb) [#AliasExpansionLimit]"])
        let deep = "spin: Deep\ndata: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n"
        let nested = TestSpec.load(text: deep, path: "deep.yaml")
        #expect(nested.diagnostics.map(Self.line) == ["deep.yaml:2:518: error: nesting deeper than 512 levels [#NestingTooDeep]"])
        let small = TestSpec.load(text: "spin: A\n", path: "a.yaml", limits: YAMLLimits(maxBytes: 4))
        #expect(small.diagnostics.map(Self.line) == ["a.yaml:1:1: error: input is 8 bytes, more than the limit of 4 bytes [#SpecTooLarge]"])
    }
}
