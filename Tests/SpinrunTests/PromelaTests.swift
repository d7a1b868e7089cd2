import Foundation
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
          arguments: ["counter", "levels", "turnstile-checked", "traffic-light", "gate-bug", "vending-deadend"])
    func spinAgrees(name: String) throws {
        let export = try SpinrunProcess.run(["--promela", "Specs/\(name).yaml"])
        #expect(export.status == 0)
        #expect(export.stderr == "")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-promela-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(export.stdout.utf8).write(to: directory.appendingPathComponent("model.pml"))
        let checked = try Self.checked("Specs/\(name).yaml")
        _ = try Self.shell("spin -a model.pml && gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c && gcc -O2 -DSAFETY -DNOREDUCE -DBFS -o pan-bfs pan.c", in: directory)
        if let depth = checked.firstDepth, checked.deadEnds == 0 {
            // A violation: breadth-first, SPIN stops at its shortest, the checker's depth.
            let bfs = try Self.shell("./pan-bfs", in: directory)
            #expect(bfs.contains("assertion violated"), "\(bfs)")
            #expect(Self.figure(#"\(at depth [0-9]+\)"#, in: bfs) == depth - 1, "\(bfs)")
        } else {
            let full = try Self.shell("./pan -c0 -m1000000", in: directory)
            #expect(Self.figure(#"[0-9]+ states, stored"#, in: full) == checked.states, "\(full)")
            #expect(Self.figure(#"errors: [0-9]+"#, in: full) == checked.deadEnds, "\(full)")
            if checked.deadEnds > 0 {
                let bfs = try Self.shell("./pan-bfs", in: directory)
                #expect(bfs.contains("invalid end state"))
                #expect(Self.figure(#"\(at depth [0-9]+\)"#, in: bfs) == checked.firstDepth)
            }
        }
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

    /// A statechart is refused whole, at its spin's name, until the export flattens it
    /// (docs/checking.md): `--check` explores it instead.
    @Test("a statechart is not exported: exit 1, at the spin's name")
    func statechartNotExportable() throws {
        let output = try SpinrunProcess.run(["--promela", "Specs/microwave-checked.yaml"])
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix(
            "Specs/microwave-checked.yaml:10:7: error: spin 'Microwave' cannot be exported to Promela: its statechart steps (nested states, entry and exit actions, history, eventless rows, raised events) are not exported yet; spinrun --check explores them [#NotExportable]\n"))
    }
}

/// Whether SPIN and a C compiler are installed (`.ci/run` installs them).
enum SpinTools {
    static let installed = ["spin", "gcc"].allSatisfy { tool in
        ["/usr/bin", "/usr/local/bin", "/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }
}
