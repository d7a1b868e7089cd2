import Foundation
import Testing
@testable import SpinDSL
@testable import SpinDSLChecker
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// `--check --workers N` (docs/checking.md, "The parallel search"): the result — states,
/// transitions, depth, findings, every counterexample — is the one-worker search's, on the
/// examples and on generated specs; a search a limit stops is the one-worker search's too.
@Suite struct WorkersTests {
    /// Random bounded counters with guarded moves, an invariant that may break, and a final
    /// state now and then: data-only specs of a few hundred to a few thousand states, searched
    /// without the machine (reducer-only) or with it (a rule).
    static func counters(seed: UInt64) -> String {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        let fields = 2 + next(3)
        let names = (0..<fields).map { "v\($0)" }
        var text = "spin: Counters\ninitial: idle\nstates: [idle, busy, done]\nfinal: [done]\ndata:\n"
        for name in names { text += "  \(name): { type: int, initial: \(next(3)), range: [0, \(4 + next(5))] }\n" }
        let inputs = (0..<(3 + next(4))).map { "e\($0)" }
        text += "events: [\(inputs.joined(separator: ", ")), settle]\ninputs: [\(inputs.joined(separator: ", "))]\n"
        text += "transitions:\n"
        for input in inputs {
            let field = names[next(names.count)]
            let other = names[next(names.count)]
            let step = 1 + next(2)
            let from = ["idle", "busy", "any"][next(3)]
            let to = ["idle", "busy"][next(2)]
            text += "  - { from: \(from), on: \(input), when: '\(field) + \(step) <= 4 + \(other) % 3', to: \(to), set: { \(field): \(field) + \(step) } }\n"
            if next(2) == 0 {
                text += "  - { from: \(from), on: \(input), when: '\(field) > 0', set: { \(field): \(field) - 1 } }\n"
            }
        }
        text += "  - { from: busy, on: settle, when: '\(names[0]) == 4', to: done }\n"
        if next(3) == 0 { text += "feedbacks:\n  settler: { when: 'state == .busy and \(names[0]) == 4', emit: settle }\n" }
        if next(2) == 0 { text += "invariants:\n  bounded: '\(names.joined(separator: " + ")) < \(6 + next(10))'\n" }
        return text
    }

    /// `--check` of `spec` with `workers`: stdout without the time, the exit status, and the
    /// files `--counterexamples` wrote, by name.
    static func check(_ spec: String, workers: Int, extra: [String] = [], in directory: URL) throws -> (String, Int32, [String: Data]) {
        let findings = directory.appendingPathComponent("w\(workers)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: findings, withIntermediateDirectories: true)
        let output = try SpinrunProcess.run(["--check", "--workers", String(workers), "--counterexamples", findings.path] + extra + [spec])
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: findings.path) {
            files[name] = try Data(contentsOf: findings.appendingPathComponent(name))
        }
        return (PropertyTests.withoutSeconds(output.stdout), output.status, files)
    }

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("workers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func generatedSpecsGiveTheOneWorkerResult() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        var parallel = 0
        var statuses: Set<Int32> = []
        for seed in UInt64(0)..<24 {
            let text = Self.counters(seed: seed)
            let spec = directory.appendingPathComponent("c\(seed).yaml")
            try Data(text.utf8).write(to: spec)
            // The parallel search is taken, not the fallback to one worker.
            if let compiled = SpinSpec.load(text: text, path: "c.yaml").compiled,
               Explorer(compiled, options: CheckOptions(), maxStringBytes: 1 << 20).canSearchInParallel {
                parallel += 1
            }
            let one = try Self.check(spec.path, workers: 1, in: directory)
            let two = try Self.check(spec.path, workers: 2, in: directory)
            let three = try Self.check(spec.path, workers: 3, in: directory)
            #expect(two.0 == one.0, "seed \(seed)\n\(text)")
            #expect(two.1 == one.1 && three.1 == one.1, "seed \(seed)")
            #expect(two.2 == one.2, "seed \(seed)")
            #expect(three.0 == one.0 && three.2 == one.2, "seed \(seed)")
            statuses.insert(one.1)
        }
        #expect(parallel == 24)
        // Specs that hold, break their invariant and end in dead ends all took part.
        #expect(statuses.isSuperset(of: [0, 6]))
    }

    @Test("the examples and generated statecharts: the one-worker result")
    func examplesAndStatecharts() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        var specs = ["counter", "turnstile-checked", "traffic-light", "gate-bug", "vending-deadend", "microwave-checked",
                     "elevator", "peterson"].map { "Specs/\($0).yaml" }
        specs += ["Tests/SpinrunTests/Fixtures/peterson-arrays.yaml", "Tests/SpinrunTests/Fixtures/array-index-overrun.yaml"]
        for seed in UInt64(0)..<8 {
            let spec = directory.appendingPathComponent("g\(seed).yaml")
            try Data(GeneratedStatecharts.text(seed: seed).utf8).write(to: spec)
            specs.append(spec.path)
        }
        for spec in specs {
            let one = try Self.check(spec, workers: 1, in: directory)
            let two = try Self.check(spec, workers: 2, in: directory)
            #expect(two.0 == one.0, "\(spec)")
            #expect(two.1 == one.1, "\(spec)")
            #expect(two.2 == one.2, "\(spec)")
        }
    }

    @Test("a limit that stops the search inside a level: the one-worker result")
    func limits() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("c.yaml")
        try Data(Self.counters(seed: 3).utf8).write(to: spec)
        for extra in [["--max-states", "17"], ["--max-depth", "3"], ["--max-depth", "0"]] {
            let one = try Self.check(spec.path, workers: 1, extra: extra, in: directory)
            let two = try Self.check(spec.path, workers: 2, extra: extra, in: directory)
            #expect(two.0 == one.0, "\(extra)")
            #expect(two.1 == one.1, "\(extra)")
        }
    }

    @Test func workersOutsideTheirRangeAreRefused() throws {
        let output = try SpinrunProcess.run(["--check", "--workers", "0", "Specs/turnstile-checked.yaml"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--workers"))
        #expect(output.stderr.contains("from 1 to 64"))
    }
}
