import Foundation
import Testing

/// `properties` and `fairness` in `spinrun --check` (docs/checking.md, "Properties"): verdicts,
/// lasso counterexamples and their replay, SPIN's verdicts on the same model, and the semantics
/// of each operator on small specs.
@Suite("spinrun --check: temporal properties under fairness")
struct PropertyTests {
    static let unfair = "Tests/SpinrunTests/Fixtures/peterson-unfair.yaml"

    /// The check's stdout without its last line's time.
    static func withoutSeconds(_ text: String) -> String {
        text.replacingOccurrences(of: #", \d+\.\d\ds\n"#, with: "\n", options: .regularExpression)
    }

    @Test("Peterson with weak fairness of p0 and p1: mutual exclusion and both progress properties hold")
    func petersonFair() throws {
        let output = try SpinrunProcess.run(["--check", "Specs/peterson.yaml"])
        #expect(Self.withoutSeconds(output.stdout) == "ok: 34 states, 63 transitions, depth 9\n")
        #expect(output.stderr == "")
        #expect(output.status == 0)
    }

    @Test("Peterson without fairness: each progress property fails with a lasso in which the other process runs round")
    func petersonUnfair() throws {
        let output = try SpinrunProcess.run(["--check", Self.unfair])
        #expect(output.status == 6)
        let lines = Self.withoutSeconds(output.stdout).split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(10)) == [
            "\(Self.unfair):34:3: error: property 'progress0' of spin 'Peterson' does not hold: active(.want0) leadsTo active(.cs0) [#PropertyViolated]",
            "  counterexample: 7 moves after the start, 7 steps",
            "  [   0ms] #1   Peterson  p0  (input)  [idle0, idle1] → [want0, idle1]  flag0=false flag1=false turn=0",
            "  [   0ms] #2   Peterson  p1  (input)  [want0, idle1] → [want0, want1]  flag0=false flag1=false turn=0",
            "  cycle, repeated for ever:",
            "  [   0ms] #3   Peterson  p1  (input)  [want0, want1] → [want0, raised1]  flag0=false flag1=true turn=0",
            "  [   0ms] #4   Peterson  p1  (input)  [want0, raised1] → [want0, wait1]  flag0=false flag1=true turn=0",
            "  [   0ms] #5   Peterson  p1  (input)  [want0, wait1] → [want0, cs1]  flag0=false flag1=true turn=0",
            "  [   0ms] #6   Peterson  p1  (input)  [want0, cs1] → [want0, idle1]  flag0=false flag1=false turn=0",
            "  [   0ms] #7   Peterson  p1  (input)  [want0, idle1] → [want0, want1]  flag0=false flag1=false turn=0",
        ])
        #expect(output.stdout.contains("property 'progress1' of spin 'Peterson' does not hold"))
        #expect(!output.stdout.contains("mutualExclusion"))
        #expect(lines.last == "violated: 34 states, 63 transitions, depth 9")
    }

    @Test("a lasso is written with its cycle's first step in the header, replays, and a cycle that does not close is a difference")
    func lassoReplays() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("lasso.jsonl")
        #expect(try SpinrunProcess.run(["--check", "--counterexample", trace.path, Self.unfair]).status == 6)
        let text = String(decoding: try Data(contentsOf: trace), as: UTF8.self)
        #expect(text.hasPrefix("{\"run\":{\"seed\":1,\"inputs\":\"events\",\"cycle\":3}}\n"))
        let replay = try SpinrunProcess.run(["--replay", trace.path, Self.unfair])
        #expect(replay.stdout == "replay: identical to the recorded trace (7 steps, status idle), its cycle from step 3 closes\n")
        #expect(replay.status == 0)
        // The same steps, with the cycle said to begin one step early: it does not close.
        let moved = directory.appendingPathComponent("moved.jsonl")
        try Data(text.replacingOccurrences(of: "\"cycle\":3", with: "\"cycle\":2").utf8).write(to: moved)
        let wrong = try SpinrunProcess.run(["--replay", moved.path, Self.unfair])
        #expect(wrong.stdout == "step 7: spin 'Peterson' ends the cycle (steps 2 to 7) elsewhere than it began it: the cycle does not close [#ReplayDiverged]\n")
        #expect(wrong.status == 5)
    }

    @Test("--counterexamples DIR: each violated property has its own lasso file")
    func everyLasso() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let directory = scratch.appendingPathComponent("lassos")
        #expect(try SpinrunProcess.run(["--check", "--counterexamples", directory.path, Self.unfair]).status == 6)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == ["1-property-Peterson.progress0.jsonl", "2-property-Peterson.progress1.jsonl"])
        for file in files {
            let replay = try SpinrunProcess.run(["--replay", directory.appendingPathComponent(file).path, Self.unfair])
            #expect(replay.status == 0, "\(file): \(replay.stdout)")
        }
    }

    /// Runs SPIN on the hand-written Promela of Peterson: whether `pan -a` (with `-f`: weak
    /// fairness) finds an acceptance cycle of the never claim of property `name`.
    static func spinFindsError(_ name: String, fair: Bool, in directory: URL) throws -> Bool {
        let output = try PromelaTests.shell("./pan -a \(fair ? "-f " : "")-N \(name)", in: directory)
        guard let errors = output.range(of: "errors: ") else { return true }
        return !output[errors.upperBound...].hasPrefix("0")
    }

    /// A fresh directory, removed by the caller.
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("property-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("SPIN gives the same verdicts on the hand-written Promela, with and without weak fairness", .enabled(if: SpinTools.installed))
    func sameVerdictsAsSPIN() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = SpinrunProcess.packageRoot.appendingPathComponent("Tests/SpinrunTests/Fixtures/peterson.pml")
        try FileManager.default.copyItem(at: model, to: directory.appendingPathComponent("peterson.pml"))
        _ = try PromelaTests.shell("spin -a peterson.pml > /dev/null && gcc -O2 -DNOREDUCE -o pan pan.c", in: directory)
        #expect(FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("pan").path))
        let fair = try SpinrunProcess.run(["--check", "Specs/peterson.yaml"]).stdout
        let unfair = try SpinrunProcess.run(["--check", Self.unfair]).stdout
        for name in ["mutualExclusion", "progress0", "progress1"] {
            let ours = (unfair: unfair.contains("property '\(name)'"), fair: fair.contains("property '\(name)'"))
            #expect(try Self.spinFindsError(name, fair: false, in: directory) == ours.unfair, "\(name) without fairness")
            #expect(try Self.spinFindsError(name, fair: true, in: directory) == ours.fair, "\(name) with weak fairness")
        }
        #expect(unfair.contains("property 'progress0'") && unfair.contains("property 'progress1'"))
    }

    /// A spin that goes a → b, then on to c (final: the run stays there) or back to a, for ever.
    static func steps(property: String, fairness: String?) -> String {
        """
        spin: Steps
        states: [a, b, c]
        initial: a
        final: c
        events: [go, back, finish]
        inputs: [go, back, finish]
        transitions:
          - { from: a, on: go, to: b }
          - { from: b, on: back, to: a }
          - { from: b, on: finish, to: c }
        properties:
          p: "\(property)"
        \(fairness.map { "fairness: \($0)" } ?? "")
        """
    }

    /// Each operator on `steps`: the formula, the fairness, and whether it holds.
    static let semantics: [(formula: String, fairness: String?, holds: Bool)] = [
        ("eventually active(.b)", nil, true),
        ("eventually active(.c)", nil, false),
        ("always eventually active(.a)", nil, false),
        ("eventually always active(.c)", nil, false),
        ("always eventually (active(.a) or active(.c))", nil, true),
        ("active(.a) until active(.b)", nil, true),
        ("active(.a) until active(.c)", nil, false),
        ("always (active(.c) implies always active(.c))", nil, true),
        ("not eventually active(.c)", nil, false),
        ("active(.b) leadsTo active(.c)", nil, false),
        ("active(.b) leadsTo (active(.a) or active(.c))", nil, true),
        ("always not active(.c) or eventually active(.c)", nil, true),
        // finish is enabled only in b: a cycle a, b, a, … passes a, where it is disabled (weakly
        // fair), but is enabled again and again (not strongly fair).
        ("eventually active(.c)", "{ weak: [finish] }", false),
        ("eventually active(.c)", "{ strong: [finish] }", true),
        ("eventually always active(.c)", "{ strong: [finish] }", true),
        // go is always enabled in a: weak fairness of go leaves a.
        ("always eventually active(.b) or eventually active(.c)", "{ weak: [go] }", true),
    ]

    @Test("each operator, and weak against strong fairness, on a three-state spin", arguments: semantics.indices)
    func operatorSemantics(case index: Int) throws {
        let (formula, fairness, holds) = Self.semantics[index]
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("steps.yaml")
        try Data(Self.steps(property: formula, fairness: fairness).utf8).write(to: spec)
        let output = try SpinrunProcess.run(["--check", "--quiet", spec.path])
        #expect(output.status == (holds ? 0 : 6), "\(formula) \(fairness ?? ""): \(output.stdout)\(output.stderr)")
        // Every counterexample replays, its cycle closing.
        if !holds {
            let trace = directory.appendingPathComponent("lasso.jsonl")
            _ = try SpinrunProcess.run(["--check", "--quiet", "--counterexample", trace.path, spec.path])
            let replay = try SpinrunProcess.run(["--replay", trace.path, spec.path])
            #expect(replay.status == 0, "\(formula): \(replay.stdout)")
        }
    }

    @Test("a formula that cannot be read, and fairness naming what is not an input, are located errors")
    func refusals() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("steps.yaml")
        try Data(Self.steps(property: "always", fairness: nil).utf8).write(to: spec)
        let syntax = try SpinrunProcess.run(["--validate", spec.path])
        #expect(syntax.stderr.hasPrefix("\(spec.path):12:13: error: expected a state expression, found the end of the formula [#PropertySyntax]\n"))
        #expect(syntax.status == 1)
        try Data(Self.steps(property: "eventually (x > 1 eventually)", fairness: nil).utf8).write(to: spec)
        let inside = try SpinrunProcess.run(["--validate", spec.path])
        #expect(inside.stderr.hasPrefix("\(spec.path):12:25: error: 'eventually' inside a state expression: put the temporal part in parentheses of its own [#PropertySyntax]\n"))
        try Data(Self.steps(property: "eventually active(.c)", fairness: "{ weak: [fnish] }").utf8).write(to: spec)
        let unknown = try SpinrunProcess.run(["--validate", spec.path])
        #expect(unknown.stderr.hasPrefix("\(spec.path):13:20: error: unknown event 'fnish' [#UnknownEvent]\n"))
    }

    @Test("a 65th fair input is refused where it is named, not ignored")
    func tooManyFairInputs() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("many.yaml")
        func write(_ fair: Int) throws {
            let inputs = (0..<65).map { "i\($0)" }.joined(separator: ", ")
            let rows = (0..<65).map { "  - { on: i\($0), when: count < 1, set: { count: count + 1 } }" }.joined(separator: "\n")
            try Data("""
                spin: Many
                data:
                  count: { type: int, initial: 0, range: [0, 1] }
                events: [\(inputs)]
                inputs: [\(inputs)]
                properties:
                  moves: always eventually count > 0
                fairness: { weak: [i0], strong: [\((0..<fair).map { "i\($0)" }.joined(separator: ", "))] }
                transitions:
                \(rows)

                """.utf8).write(to: spec)
        }
        // i0 is weak and strong: one input.
        try write(64)
        #expect(try SpinrunProcess.run(["--validate", spec.path]).status == 0)
        try write(65)
        let refused = try SpinrunProcess.run(["--validate", spec.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix(
            "\(spec.path):8:344: error: 'fairness' names 'i64', one input more than the 64 a spec may schedule fairly [#TooManyFairInputs]\n"))
        #expect(refused.stderr.contains("hint: name at most 64 inputs in 'fairness', all spins together: the inputs a property needs to be taken at last\n"))
    }

    /// Formulas over the generated statecharts' data (`m` in 0…5, `n` in -4…8) and their state
    /// `s0`.
    static let generatedFormulas = [
        "eventually m == 3",
        "always eventually n > 0",
        "m > 0 leadsTo n == 0",
        "eventually always m == 5",
        "m == 0 until n > 2",
        "always m <= 4",
        "active(.s0) leadsTo not active(.s0)",
        "always eventually active(.s0)",
        "eventually always not active(.s0)",
        "(always eventually m > 2) implies (always eventually n < 0)",
    ]

    /// One comparison of `generatedAgreeWithSPIN`: the seed, the property, the formula and the
    /// two verdicts (true: violated).
    struct Verdict: Sendable {
        let seed: UInt64
        let property: Int
        let formula: String
        let ours: Bool
        let spin: Bool
    }

    /// The verdicts of spinrun and of SPIN on the generated statecharts of `seeds` where nothing
    /// but properties is found; blocking (it runs processes), so run off the cooperative pool.
    static func generatedVerdicts(_ seeds: Range<UInt64>, in directory: URL) throws -> [Verdict] {
        var verdicts: [Verdict] = []
        for seed in seeds {
            let chosen = (0..<3).map { Self.generatedFormulas[(Int(seed) * 3 + $0 * 7) % Self.generatedFormulas.count] }
            let properties = chosen.enumerated().map { "  p\($0.offset): \"\($0.element)\"\n" }.joined()
            let spec = directory.appendingPathComponent("g\(seed).yaml")
            try Data((GeneratedStatecharts.text(seed: seed) + "properties:\n" + properties).utf8).write(to: spec)
            let check = try SpinrunProcess.run(["--check", "--quiet", spec.path])
            // Only where nothing else is found: an assertion stops SPIN's search as a finding
            // cuts the checker's paths, but not at the same place for a never claim.
            guard check.stdout.components(separatedBy: "error: ").count == check.stdout.components(separatedBy: "[#PropertyViolated]").count
            else { continue }
            let model = directory.appendingPathComponent("g\(seed).pml")
            let export = try SpinrunProcess.run(["--promela", spec.path])
            guard export.status == 0 else { continue }
            try Data(export.stdout.utf8).write(to: model)
            let seedDirectory = directory.appendingPathComponent("s\(seed)")
            try FileManager.default.createDirectory(at: seedDirectory, withIntermediateDirectories: true)
            _ = try PromelaTests.shell("spin -a \(model.path) > /dev/null && gcc -O0 -DNOREDUCE -o pan pan.c", in: seedDirectory)
            for index in chosen.indices {
                let output = try PromelaTests.shell("./pan -a -E -N p\(index)", in: seedDirectory)
                verdicts.append(Verdict(
                    seed: seed, property: index, formula: chosen[index], ours: check.stdout.contains("property 'p\(index)'"),
                    spin: output.range(of: "errors: 0") == nil))
            }
        }
        return verdicts
    }

    @Test("liveness verdicts agree with SPIN's (pan -a on the --promela export's ltl blocks) on generated statecharts", .enabled(if: SpinTools.installed))
    func generatedAgreeWithSPIN() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let verdicts = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[Verdict], any Error>) in
            DispatchQueue.global().async { continuation.resume(with: Result { try Self.generatedVerdicts(0..<32, in: directory) }) }
        }
        for verdict in verdicts {
            #expect(verdict.ours == verdict.spin, "seed \(verdict.seed) p\(verdict.property) \(verdict.formula): spinrun \(verdict.ours ? "violated" : "holds"), SPIN \(verdict.spin ? "violated" : "holds")")
        }
        #expect(verdicts.count >= 45, "\(verdicts.count) verdicts compared")
        #expect(verdicts.filter(\.ours).count > 5 && verdicts.filter { !$0.ours }.count > 5)
    }
}
