import Foundation
import Testing

/// `spinrun --check --hash-compact` (docs/checking.md, "Hash compaction"): the states reached as
/// 64-bit signatures, the search otherwise the full one, with the chance that a state was missed.
@Suite("spinrun --check --hash-compact")
struct HashCompactionTests {
    @Test("the full search's verdict and counts, with the chance of a miss in the line and in JSON")
    func sameVerdict() throws {
        let output = try SpinrunProcess.run(["--check", "--hash-compact", "Specs/turnstile-checked.yaml"])
        #expect(BitstateTests.withoutSeconds(output.stdout) == "ok: 57 states, 114 transitions, depth 10, hash compaction: 64-bit signatures, chance that a state was missed under 8.7e-17\n")
        #expect(output.stderr == "")
        #expect(output.status == 0)
        let json = try SpinrunProcess.run(["--check", "--hash-compact", "--format", "jsonl", "Specs/turnstile-checked.yaml"])
        #expect(json.stdout.hasSuffix(",\"violations\":[],\"compaction\":{\"signatureBits\":64,\"missChance\":8.7e-17}}}\n"))
        // 1,030,301 states: n(n-1)/2 / 2^64.
        let counters = try SpinrunProcess.run(["--check", "--hash-compact", "Benchmarks/Specs/counters.yaml"])
        #expect(BitstateTests.withoutSeconds(counters.stdout) == "ok: 1030301 states, 4080401 transitions, depth 300, hash compaction: 64-bit signatures, chance that a state was missed under 2.9e-08\n")
    }

    @Test("a violation has the full search's shortest counterexample, which replays")
    func findsTheViolation() throws {
        try BitstateTests.findsTheViolation(with: ["--hash-compact"])
    }

    @Test("properties are not checked (no graph): incomplete, and the line says so")
    func propertiesNotChecked() throws {
        let output = try SpinrunProcess.run(["--check", "--hash-compact", "Tests/SpinrunTests/Fixtures/peterson-unfair.yaml"])
        #expect(BitstateTests.withoutSeconds(output.stdout) == "incomplete: 34 states, 63 transitions, depth 9, hash compaction: 64-bit signatures, chance that a state was missed under 3.0e-17, properties not checked (a compacted search keeps no graph)\n")
        #expect(output.status == 4)
    }

    @Test("with --bitstate it is bad usage")
    func notWithBitstate() throws {
        let output = try SpinrunProcess.run(["--check", "--hash-compact", "--bitstate", "20", "Specs/gate-bug.yaml"])
        #expect(output.stderr.hasPrefix("Error: --hash-compact and --bitstate exclude each other [#ExclusiveOptions]\n"))
        #expect(output.status == 64)
    }

    @Test("every quick example spec: the full search's output, but for the line's figures", arguments: BitstateTests.specs)
    func sameAsFullSearch(spec: String) throws {
        let (full, compact) = try BitstateTests.againstFullSearch(spec, with: ["--hash-compact"])
        #expect(compact.summary.contains("hash compaction: 64-bit signatures"))
        // The status may differ (properties are not checked): the counts after it may not.
        let hasProperties = spec.hasSuffix("peterson.yaml")
        #expect(compact.status == (hasProperties && full.status == 0 ? 4 : full.status))
    }
}
