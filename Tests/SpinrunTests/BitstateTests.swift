import Foundation
import Testing

/// `spinrun --check --bitstate BITS` (docs/checking.md, "Bitstate"): the states reached as bits,
/// the result never `ok`, with the hash factor and the estimated coverage.
@Suite("spinrun --check --bitstate")
struct BitstateTests {
    /// The check's stdout without its last line's time.
    static func withoutSeconds(_ text: String) -> String {
        text.replacingOccurrences(of: #", \d+\.\d\ds\n"#, with: "\n", options: .regularExpression)
    }

    @Test("with room to spare it reaches every state the full search stores, and says incomplete (exit 4)")
    func roomToSpare() throws {
        let output = try SpinrunProcess.run(["--check", "--bitstate", "20", "Specs/turnstile-checked.yaml"])
        #expect(Self.withoutSeconds(output.stdout) == "incomplete: 57 states, 114 transitions, depth 10, bitstate 2^20 bits: hash factor 18396.1, estimated coverage 100% of the states met\n")
        #expect(output.stderr == "")
        #expect(output.status == 4)
        let full = try SpinrunProcess.run(["--check", "Specs/turnstile-checked.yaml"])
        #expect(Self.withoutSeconds(full.stdout) == "ok: 57 states, 114 transitions, depth 10\n")
        let json = try SpinrunProcess.run(["--check", "--bitstate", "20", "--format", "jsonl", "Specs/turnstile-checked.yaml"])
        #expect(json.stdout.hasSuffix(",\"violations\":[],\"bitstate\":{\"bits\":20,\"hashFactor\":18396.1,\"coverage\":1}}}\n"))
    }

    @Test("a violation is found with the full search's shortest counterexample, which replays")
    func findsTheViolation() throws {
        try Self.findsTheViolation(with: ["--bitstate", "16"])
    }

    /// `--check OPTIONS` of Specs/gate-bug.yaml: violated (exit 6) with the full search's
    /// findings, and the counterexample written replays.
    static func findsTheViolation(with options: [String]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("gate.jsonl")
        let lossy = try SpinrunProcess.run(["--check"] + options + ["--counterexample", trace.path, "Specs/gate-bug.yaml"])
        let full = try SpinrunProcess.run(["--check", "Specs/gate-bug.yaml"])
        #expect(lossy.status == 6)
        let findings = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("violated:") } }
        #expect(findings(lossy.stdout) == findings(full.stdout))
        #expect(try SpinrunProcess.run(["--replay", trace.path, "Specs/gate-bug.yaml"]).status == 0)
    }

    @Test("too few bits: collisions hide states, and the line says so")
    func tooFewBits() throws {
        let output = try SpinrunProcess.run(["--check", "--bitstate", "8", "Benchmarks/Specs/counters.yaml"])
        #expect(Self.withoutSeconds(output.stdout) == "incomplete: 144 states, 543 transitions, depth 10, bitstate 2^8 bits: hash factor 1.8, estimated coverage 78.67% of the states met (under 100 bits a state, collisions hide many more: raise --bitstate)\n")
        #expect(output.status == 4)
    }

    @Test("a size out of 8...40 is bad usage", arguments: ["7", "41"])
    func outOfRange(bits: String) throws {
        let output = try SpinrunProcess.run(["--check", "--bitstate", bits, "Specs/gate-bug.yaml"])
        #expect(output.stderr.hasPrefix("Error: --bitstate must be from 8 to 40 [#OptionOutOfRange]\n"))
        #expect(output.status == 64)
    }

    @Test("properties are not checked by a bitstate search, and the line says so")
    func propertiesNotChecked() throws {
        let output = try SpinrunProcess.run(["--check", "--bitstate", "20", "Tests/SpinrunTests/Fixtures/peterson-unfair.yaml"])
        #expect(Self.withoutSeconds(output.stdout) == "incomplete: 34 states, 63 transitions, depth 9, bitstate 2^20 bits: hash factor 30840.5, estimated coverage 100% of the states met, properties not checked (a bitstate search keeps no graph)\n")
        #expect(output.status == 4)
    }

    /// The example specs whose full search ends in well under a second (the others have
    /// unbounded data or time: they stop at --max-states, minutes later in a debug build).
    static let specs = [
        "counter", "elevator", "gate-bug", "gear", "http-retry", "levels", "microwave-checked", "peterson", "thermostat",
        "traffic-light", "turnstile-checked", "vending-deadend",
    ].map { "Specs/\($0).yaml" }

    @Test("every example spec: with 2^24 bits the same states, transitions, depth and findings as the full search (counterexamples made again from the start where vectors were released)", arguments: specs)
    func sameAsFullSearch(spec: String) throws {
        let (full, bits) = try Self.againstFullSearch(spec, with: ["--bitstate", "24"])
        #expect(bits.summary.contains("bitstate 2^24 bits"))
        #expect(bits.status == (full.status == 0 ? 4 : full.status))
    }

    /// `--check --quiet` of `spec`, with `options` and without: expects the same lines but the
    /// summary, and the summaries' counts after the status ("ok: 57 states, 114 transitions,
    /// depth 10, 0.00s" against "incomplete: 57 states, …, depth 10, bitstate …"); returns
    /// each run's summary line and exit status.
    static func againstFullSearch(_ spec: String, with options: [String]) throws
        -> (full: (summary: String, status: Int32), other: (summary: String, status: Int32)) {
        let full = try SpinrunProcess.run(["--check", "--quiet", spec])
        let other = try SpinrunProcess.run(["--check", "--quiet"] + options + [spec])
        var fullLines = full.stdout.split(separator: "\n").map(String.init)
        var otherLines = other.stdout.split(separator: "\n").map(String.init)
        let fullSummary = fullLines.popLast() ?? "", otherSummary = otherLines.popLast() ?? ""
        #expect(otherLines == fullLines)
        let counts = { (line: String) in line.split(separator: ":", maxSplits: 1).last.map { $0.split(separator: ",").prefix(3).joined(separator: ",") } }
        #expect(counts(otherSummary) == counts(fullSummary), "\(otherSummary) against \(fullSummary)")
        return ((fullSummary, full.status), (otherSummary, other.status))
    }
}
