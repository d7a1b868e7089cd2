import Foundation
import SpinTestSupport
import Testing

/// `spinrun --promela`: SPIN, run on the exported model of each example it can export, stores
/// exactly the states `spinrun --check` counts and finds the same violations — an assertion at
/// the depth of the checker's shortest counterexample, or as many invalid end states as dead ends.
/// (Needs `spin` and `gcc`, which `.ci/run` installs.)
@Suite("spinrun --promela and SPIN", .enabled(if: SpinTools.installed))
struct PromelaTests {
    /// What the checker found: states, dead ends, and the depth of the first finding.
    struct Checked {
        let states: Int
        let deadEnds: Int
        let firstDepth: Int?
    }

    static func checked(_ spec: String) throws -> Checked {
        let output = try SpinrunProcess.run(["--check", "--format", "jsonl", spec])
        let line = String(output.stdout.split(separator: "\n").last ?? "")
        func number(_ key: String, in text: String) -> Int? {
            guard let range = text.range(of: "\"\(key)\":") else { return nil }
            return Int(text[range.upperBound...].prefix { $0.isNumber })
        }
        let text = try SpinrunProcess.run(["--check", spec]).stdout
        let deadEnds = text.range(of: #", ([0-9]+) dead ends?"#, options: .regularExpression)
            .flatMap { Int(text[$0].filter(\.isNumber)) } ?? 0
        let violations = line.range(of: #""violations":["#).map { String(line[$0.upperBound...]) } ?? ""
        return Checked(states: number("states", in: line) ?? -1, deadEnds: deadEnds, firstDepth: number("depth", in: violations))
    }

    /// Runs `command` in `directory`; returns its output.
    static func shell(_ command: String, in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func figure(_ pattern: String, in text: String) -> Int? {
        guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
        return Int(text[range].filter(\.isNumber))
    }

    @Test("SPIN stores the checker's states and finds its findings",
          arguments: ["counter", "levels", "turnstile-checked", "traffic-light", "gate-bug", "vending-deadend",
                      "microwave-checked", "elevator"])
    func spinAgrees(name: String) throws {
        let agreement = try Self.agreement("Specs/\(name).yaml")
        #expect(agreement.exported)
        #expect(agreement.compared)
    }

    /// A parallel spin, final where every region is (docs/statecharts.md, rule 16), timed rows
    /// (rule 17), whose timers are checked state, a history's default and both kinds of history on
    /// one state (rule 11), initial transitions with deep targets and actions (rule 18), and
    /// deferred events with a timer (rule 19): SPIN stores the checker's states.
    @Test("SPIN stores the checker's states of a parallel spin, of timed rows and of a history's default",
          arguments: [
            "Tests/SpinrunTests/Fixtures/parallel-spin.yaml", "Tests/Differential/cases/timed-rows/spec.yaml",
            "Tests/SpinrunTests/Fixtures/history-default.yaml", "Tests/SpinrunTests/Fixtures/history-kinds.yaml",
            "Tests/SpinrunTests/Fixtures/initial-targets.yaml", "Tests/SpinrunTests/Fixtures/deferred-timer.yaml",
          ])
    func spinAgreesOnStatechartsRoundTwo(path: String) throws {
        let agreement = try Self.agreement(path)
        #expect(agreement.exported)
        #expect(agreement.compared)
        #expect(agreement.outcome == "ok")
    }

    /// A queue of deferred events that grows past its limit (rule 19): SPIN's assertion fails at
    /// the checker's depth, breadth-first.
    @Test func spinFindsTheDeferredEventLimitWhereTheCheckerDoes() throws {
        let agreement = try Self.agreement("Tests/SpinrunTests/Fixtures/deferred-limit.yaml")
        #expect(agreement.exported)
        #expect(agreement.outcome == "violation")
    }

    /// Generated statecharts (history, parallel regions, entry and exit actions that raise,
    /// eventless and internal rows, completion events, rules, invariants): SPIN counts the
    /// checker's states and dead ends, and finds the first violation at the same depth.
    @Test("SPIN agrees with the checker on generated statecharts")
    func generatedStatecharts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-generated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var compared = 0
        var outcomes: [String: Int] = [:]
        for seed in UInt64(0)..<24 {
            let spec = directory.appendingPathComponent("g\(seed).yaml")
            try Data(GeneratedStatecharts.text(seed: seed).utf8).write(to: spec)
            let agreement = try Self.agreement(spec.path, optimization: "-O0", seed: seed)
            #expect(agreement.exported, "seed \(seed)")
            if agreement.compared { compared += 1 }
            outcomes[agreement.outcome, default: 0] += 1
        }
        #expect(compared == 24)
        // The seeds hold each kind of outcome: the comparison of each is exercised.
        #expect(outcomes["ok", default: 0] > 0 && outcomes["violation", default: 0] > 0 && outcomes["dead end", default: 0] > 0, "\(outcomes)")
    }

    /// A statechart whose only move is time: its model takes no input, only time (6 states,
    /// as the checker counts).
    @Test("a statechart whose only move is time")
    func timeOnlyStatechart() throws {
        let spec = "Tests/SpinrunTests/Fixtures/promela/blink.yaml"
        #expect(try Self.checked(spec).states == 6)
        let agreement = try Self.agreement(spec)
        #expect(agreement.compared)
        #expect(agreement.outcome == "ok")
    }

    /// Data fields named as the model's own variables once were (`h0`, `e1`, `rq`, `en0`, `x_s`,
    /// `state_s`, `step`, `run`): each field lives in the namespace `s0_d_`, so SPIN accepts the
    /// model and stores the checker's 2,235 states.
    @Test("data fields named as the model's own variables")
    func nameClashes() throws {
        let spec = "Tests/SpinrunTests/Fixtures/promela/clashes.yaml"
        #expect(try Self.checked(spec).states == 2_235)
        let agreement = try Self.agreement(spec)
        #expect(agreement.compared)
        #expect(agreement.outcome == "ok")
    }

    /// A self-transition that re-enters a state an `enter` rule watches: the entry parity is not
    /// state in the model either (it is back at 0 after every move), so SPIN stores the checker's
    /// 6 states (8 when the model kept the bit).
    @Test("entry parities are not state in the model")
    func entryParitiesAreNotState() throws {
        let spec = "Tests/SpinrunTests/Fixtures/trust/reentry.yaml"
        #expect(try Self.checked(spec).states == 6)
        let agreement = try Self.agreement(spec)
        #expect(agreement.compared)
        #expect(agreement.outcome == "ok")
    }

    /// A spec whose path holds `*/`: the path in the model's opening comment would end it early.
    @Test("a spec path that holds */")
    func pathClosingTheComment() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-path-\(UUID().uuidString)")
        let folder = directory.appendingPathComponent("a*")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = folder.appendingPathComponent("turnstile.yaml")
        try FileManager.default.copyItem(atPath: "Specs/turnstile-checked.yaml", toPath: spec.path)
        let export = try SpinrunProcess.run(["--promela", spec.path])
        #expect(export.stdout.contains(" * Generated by spinrun --promela from \(directory.path)/a*\\/turnstile.yaml. "))
        let agreement = try Self.agreement(spec.path)
        #expect(agreement.compared)
        #expect(agreement.outcome == "ok")
    }

    /// A statechart of `regions` parallel regions of two states each (4^regions configurations
    /// at most), whose rows step on three inputs, one of them guarded by a field.
    static func regionsSpec(_ regions: Int) -> String {
        var text = "spin: P\ninitial: top\ndata:\n  k: { type: int, initial: 0, range: [0, 3] }\n"
        text += "events: [a, b, c]\ninputs: [a, b, c]\nstates:\n  top:\n    parallel:\n"
        for region in 0..<regions { text += "      r\(region): { states: [x\(region)_0, x\(region)_1] }\n" }
        text += "transitions:\n"
        let events = ["a", "b", "c"]
        for region in 0..<regions {
            for state in 0..<2 {
                text += "  - { from: x\(region)_\(state), on: \(events[(region + state) % 3]), to: x\(region)_\(1 - state), set: { k: 'k < 3 ? k + 1 : 0' } }\n"
                text += "  - { from: x\(region)_\(state), on: \(events[(region + state + 1) % 3]), when: k == \(region % 4), to: x\(region)_\(1 - state) }\n"
            }
        }
        return text
    }

    /// Parallel regions, written region by region (`RegionStep`): from two to six regions (4 to 64
    /// configurations) the model is exported, SPIN accepts it and stores the checker's states.
    /// Before, the step was every combination of the regions' choices written out, and from four
    /// regions on it was past SPIN's inline limit (refused: `spin -a` stopped with "inline text
    /// too long").
    @Test("parallel regions: exported region by region, SPIN stores the checker's states", arguments: 2...6)
    func regionLimits(regions: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-regions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("regions\(regions).yaml")
        try Data(Self.regionsSpec(regions).utf8).write(to: spec)
        #expect(try Self.checked(spec.path).states == [2: 15, 3: 29, 4: 42, 5: 67, 6: 91][regions])
        let agreement = try Self.agreement(spec.path)
        #expect(agreement.compared)
        #expect(agreement.outcome == "ok")
    }

    /// A statechart of `regions` parallel regions of three states each, the last final in each
    /// region, and a row on the parallel state's completion event `done.top`.
    static func completingRegionsSpec(_ regions: Int) -> String {
        var text = "spin: P\ninitial: top\ndata:\n  k: { type: int, initial: 0, range: [0, 3] }\n"
        text += "events: [a, b, c]\ninputs: [a, b, c]\nstates:\n  top:\n    parallel:\n"
        for region in 0..<regions {
            text += "      r\(region): { states: [x\(region)_0, x\(region)_1, x\(region)_f], final: [x\(region)_f] }\n"
        }
        text += "transitions:\n"
        let events = ["a", "b", "c"]
        for region in 0..<regions {
            for state in 0..<2 {
                text += "  - { from: x\(region)_\(state), on: \(events[(region + state) % 3]), to: x\(region)_\(1 - state), set: { k: 'k < 3 ? k + 1 : 0' } }\n"
                text += "  - { from: x\(region)_\(state), on: \(events[(region + state + 1) % 3]), when: k == \(region % 4), to: x\(region)_\(1 - state) }\n"
            }
            text += "  - { from: x\(region)_1, on: \(events[(region + 2) % 3]), when: k == 3, to: x\(region)_f }\n"
            text += "  - { from: x\(region)_f, on: \(events[region % 3]), to: x\(region)_0 }\n"
        }
        text += "  - { from: top, on: done.top, set: { k: 0 } }\n"
        return text
    }

    /// What still cannot be exported is refused, at the spin, naming the limit: a parallel state
    /// with a completion event (`done.top` is raised when every region is final, so the regions'
    /// steps are not independent) is written configuration by configuration, every combination of
    /// the regions' choices; two regions of three states (9 configurations) are exported and SPIN
    /// stores the checker's 29 states, three (27) are past SPIN's inline limit (79,400 characters).
    @Test("parallel regions with a completion event: past SPIN's inline limit, refused")
    func completingRegionsLimit() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-completing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let two = directory.appendingPathComponent("completing2.yaml")
        try Data(Self.completingRegionsSpec(2).utf8).write(to: two)
        #expect(try Self.checked(two.path).states == 29)
        #expect(try Self.agreement(two.path).compared)
        let three = directory.appendingPathComponent("completing3.yaml")
        try Data(Self.completingRegionsSpec(3).utf8).write(to: three)
        let export = try SpinrunProcess.run(["--promela", three.path])
        #expect(export.status == 1)
        #expect(export.stdout == "")
        #expect(export.stderr.hasPrefix(
            "\(three.path):1:7: error: spin 'P' cannot be exported to Promela: SPIN would refuse its model: inline s0_step is 79400 "
                + "characters, more than the 64512 SPIN reads of an inline (SOMETHINGBIG in SPIN's spin.h: 'inline text too long'); "
                + "a step of fewer rows (in a statechart, of fewer parallel regions and configurations) is shorter [#NotExportable]\n"))
    }

    /// Generated statecharts whose parallel state has 4, 5 or 6 regions (the later ones with
    /// guarded and eventless rows, rows leaving the parallel state from inside a region and to a
    /// region's own history, entry and exit actions that set and raise, some of three states),
    /// besides history, raised and completion events, rules and invariants elsewhere; 19 to 147
    /// configurations. Each model writes the parallel state region by region, SPIN accepts it and
    /// counts the checker's states and dead ends, or finds its first violation at the same depth.
    /// (Seed 17, past these, is a livelock — `[#NeverSettles]`, which the comparison does not
    /// read — with two regions as with six.)
    @Test("SPIN agrees with the checker on generated statecharts of 4 to 6 regions")
    func generatedRegions() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-generated-regions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var outcomes: [String: Int] = [:]
        var states: [Int] = []
        var configurations: [Int] = []
        for seed in UInt64(0)..<16 {
            let spec = directory.appendingPathComponent("g\(seed).yaml")
            try Data(GeneratedStatecharts.text(seed: seed, regions: 4 + Int(seed % 3)).utf8).write(to: spec)
            let model = try SpinrunProcess.run(["--promela", spec.path]).stdout
            #expect(model.contains(" configurations of q, region by region */"), "seed \(seed)")
            configurations.append(model.components(separatedBy: "\n/* configuration ").count - 1)
            let agreement = try Self.agreement(spec.path, optimization: "-O0", seed: seed)
            #expect(agreement.exported, "seed \(seed)")
            #expect(agreement.compared, "seed \(seed)")
            outcomes[agreement.outcome, default: 0] += 1
            states.append(try Self.checked(spec.path).states)
        }
        #expect(configurations == [22, 51, 69, 19, 51, 67, 39, 38, 147, 22, 36, 100, 28, 77, 102, 27])
        // Seeds 3 and 5 have rows from a region to its own history: since issue 25 such a row
        // restores what the step recorded as it left the region (W3C test 580), 629 -> 628 and
        // 928 -> 914 states (SPIN agrees either way).
        #expect(states == [392, 652, 240, 628, 982, 914, 57, 32, 42, 38, 134, 130, 17, 1_039, 4_722, 188])
        #expect(outcomes == ["ok": 10, "violation": 5, "dead end": 1])
    }

    /// A flat spin of 70 states whose step (every row of the event, each with its guard) is one
    /// `d_step` of 2,254 statements (its marker `printf` one of them): refused, where `spin -a` stopped with "d_step sequence too
    /// long"; at 60 states (1,934) it is exported and SPIN stores the checker's 240 states. (Each
    /// assignment is 5 statements: before an assignment's change was an `if`, 9, and 60 states
    /// were 2,413 statements, refused.)
    @Test("a d_step longer than SPIN takes is refused when exported")
    func dStepLimit() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-dstep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func spec(_ states: Int) throws -> String {
            var text = "spin: F\ninitial: s0\ndata:\n  k: { type: int, initial: 0, range: [0, 3] }\nevents: [a]\ninputs: [a]\n"
            text += "states: [" + (0..<states).map { "s\($0)" }.joined(separator: ", ") + "]\ntransitions:\n"
            for state in 0..<states {
                text += "  - { from: s\(state), on: a, when: k == 1, to: s\((state + 1) % states), set: { k: 'k < 3 ? k + 1 : 0' } }\n"
                text += "  - { from: s\(state), on: a, to: s\((state + 2) % states), set: { k: 'k < 3 ? k + 1 : 0' } }\n"
            }
            let file = directory.appendingPathComponent("flat\(states).yaml")
            try Data(text.utf8).write(to: file)
            return file.path
        }
        let long = try spec(70)
        let export = try SpinrunProcess.run(["--promela", long])
        #expect(export.status == 1)
        #expect(export.stdout == "")
        #expect(export.stderr.hasPrefix(
            "\(long):1:7: error: spin 'F' cannot be exported to Promela: SPIN would refuse its model: the d_step of the move 'a' has 2254 "
                + "statements, more than the 2047 SPIN takes in a d_step (MAXDSTEP in SPIN's dstep.c: 'd_step sequence too long'); "
                + "a step of fewer rows (in a statechart, of fewer parallel regions and configurations) is shorter [#NotExportable]\n"))
        let shorter = try spec(60)
        #expect(try Self.checked(shorter).states == 240)
        #expect(try Self.agreement(shorter).compared)
    }

    /// What comparing the checker with SPIN on a spec came to.
    struct Agreement {
        /// Whether `--promela` exported the spec.
        var exported = false
        /// Whether SPIN's figures were compared with the checker's (each mismatch is an issue
        /// recorded by `#expect`).
        var compared = false
        /// What the checker found: "ok", "violation" or "dead end".
        var outcome = ""
    }

    /// Exports `spec`, runs SPIN on the model and checks its figures against `--check`'s: with
    /// no finding, the states stored; with a violation, breadth-first, the depth of the shortest;
    /// with dead ends, the states stored and as many invalid end states, the first at the
    /// checker's depth.
    static func agreement(_ spec: String, optimization: String = "-O2", seed: UInt64? = nil) throws -> Agreement {
        var agreement = Agreement()
        let export = try SpinrunProcess.run(["--promela", spec])
        #expect(export.status == 0, "\(export.stderr)")
        // A generated spec may have rows that never fire: warnings, which an example has none of.
        if seed == nil { #expect(export.stderr == "") }
        guard export.status == 0 else { return agreement }
        agreement.exported = true
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-promela-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(export.stdout.utf8).write(to: directory.appendingPathComponent("model.pml"))
        let checked = try Self.checked(spec)
        let flags = "\(optimization) -w -DSAFETY -DNOREDUCE"
        let built = try Self.shell("spin -a model.pml && gcc \(flags) -o pan pan.c && gcc \(flags) -DBFS -o pan-bfs pan.c", in: directory)
        let context = "\(seed.map { "seed \($0): " } ?? "")\(spec)\n\(built)"
        agreement.outcome = checked.deadEnds > 0 ? "dead end" : checked.firstDepth == nil ? "ok" : "violation"
        if let depth = checked.firstDepth, checked.deadEnds == 0 {
            // A violation: breadth-first, SPIN stops at its shortest, the checker's depth.
            let bfs = try Self.shell("./pan-bfs", in: directory)
            #expect(bfs.contains("assertion violated"), "\(context)\n\(bfs)")
            #expect(Self.figure(#"\(at depth [0-9]+\)"#, in: bfs) == depth - 1, "\(context)\n\(bfs)")
        } else {
            let full = try Self.shell("./pan -c0 -m1000000", in: directory)
            #expect(Self.figure(#"[0-9]+ states, stored"#, in: full) == checked.states, "\(context)\n\(full)")
            #expect(Self.figure(#"errors: [0-9]+"#, in: full) == checked.deadEnds, "\(context)\n\(full)")
            if checked.deadEnds > 0 {
                let bfs = try Self.shell("./pan-bfs", in: directory)
                #expect(bfs.contains("invalid end state"), "\(context)\n\(bfs)")
                #expect(Self.figure(#"\(at depth [0-9]+\)"#, in: bfs) == checked.firstDepth, "\(context)\n\(bfs)")
            }
        }
        // SPIN's last trail, the breadth-first one, read back in the spec's terms replays.
        if checked.firstDepth != nil || checked.deadEnds > 0 {
            let replay = try SpinrunProcess.run(["--replay", directory.appendingPathComponent("model.pml.trail").path, spec])
            #expect(replay.status == 0, "\(context)\n\(replay.stdout)\(replay.stderr)")
            #expect(replay.stdout.hasPrefix("replay: identical to the recorded trace ("), "\(context)\n\(replay.stdout)")
        }
        agreement.compared = true
        return agreement
    }

    @Test("the exported turnstile (golden)")
    func turnstileModel() throws {
        let output = try SpinrunProcess.run(["--promela", "Specs/turnstile-checked.yaml"])
        try GoldenFiles.check(output, against: "promela/turnstile-checked.pml")
    }

    @Test("what cannot be exported is reported, located: exit 1")
    func notExportable() throws {
        let output = try SpinrunProcess.run(["--promela", "Specs/gear.yaml"])
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix("Specs/gear.yaml:15:3: error: gear 'auth' cannot be exported to Promela: the model has no gears yet [#NotExportable]\n"))
    }

    @Test("the exported microwave, a statechart flattened (golden)")
    func microwaveModel() throws {
        let output = try SpinrunProcess.run(["--promela", "Specs/microwave-checked.yaml"])
        try GoldenFiles.check(output, against: "promela/microwave-checked.pml")
    }
}

/// Whether SPIN and a C compiler are installed (`.ci/run` installs them).
enum SpinTools {
    static let installed = ["spin", "gcc"].allSatisfy { tool in
        ["/usr/bin", "/usr/local/bin", "/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }
}
