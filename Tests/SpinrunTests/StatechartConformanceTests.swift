import Foundation
import SpinTestSupport
import Testing

/// Statechart rules that the W3C SCXML conformance tests check (issue 25), through the binary:
/// each fixture of `Fixtures/scxml/` translates one or more W3C tests, its comment says which.
/// Traces and diagnostics are golden files (`Golden/scxml/`); the checked fixtures hold their
/// invariant in `--check` and in SPIN on the Promela export.
@Suite("statecharts as SCXML runs them (W3C conformance fixtures)")
struct StatechartConformanceTests {
    static let fixtures = ["moments", "history-self", "region-rows", "history-parallel", "conditional"]

    static func path(_ name: String) -> String { "Tests/SpinrunTests/Fixtures/scxml/\(name).yaml" }

    @Test("text trace", arguments: fixtures)
    func text(name: String) throws {
        try GoldenFiles.check(SpinrunProcess.run(["--format", "text", Self.path(name)]), against: "scxml/\(name).txt")
    }

    @Test("jsonl trace", arguments: fixtures)
    func jsonl(name: String) throws {
        try GoldenFiles.check(SpinrunProcess.run(["--format", "jsonl", Self.path(name)]), against: "scxml/\(name).jsonl")
    }

    /// W3C tests 409 and 411: every action sees the configuration of its moment, in every state
    /// the checker reaches (the initial entry, `go`, `back`).
    @Test("--check: entry, exit and row actions read the configuration of their moment")
    func momentsChecked() throws {
        let output = try SpinrunProcess.run(["--check", Self.path("moments-checked")])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout.hasPrefix("ok: 2 states, 3 transitions, depth 1, "))
    }

    /// W3C test 580: the row to s1's own history restores s12 and the next eventless row ends
    /// the run, one state in all.
    @Test("--check: a row to its source's own history restores what the step recorded")
    func historySelfChecked() throws {
        let output = try SpinrunProcess.run(["--check", Self.path("history-self")])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("ok: 1 state, 1 transition, depth 0, "))
    }

    /// Conditional actions (SCXML 4.3 to 4.5): the entry's condition keeps n within 1..3 and a
    /// condition reading the configuration sees its moment, in every state the checker reaches.
    @Test("--check: conditional actions")
    func conditionalChecked() throws {
        let output = try SpinrunProcess.run(["--check", Self.path("conditional-checked")])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout.hasPrefix("ok: 12 states, 19 transitions, depth 6, "))
    }

    /// Conditional actions drawn under their state: `if C then { … } else if … else { … }`.
    @Test("diagrams of conditional actions", arguments: ["dot", "mermaid"])
    func conditionalDiagram(format: String) throws {
        let output = try SpinrunProcess.run(["--\(format)", "--labels", "full", Self.path("conditional")])
        try GoldenFiles.check(output, against: "scxml/conditional.\(format == "dot" ? "dot" : "mmd")")
    }

    @Test("SPIN stores the checker's states on the export", .enabled(if: SpinTools.installed),
          arguments: ["moments-checked", "history-self", "history-parallel", "conditional-checked"])
    func spinAgrees(name: String) throws {
        let export = try SpinrunProcess.run(["--promela", Self.path(name)])
        #expect(export.status == 0, "\(export.stderr)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-scxml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(export.stdout.utf8).write(to: directory.appendingPathComponent("model.pml"))
        let checked = try PromelaTests.checked(Self.path(name))
        let built = try PromelaTests.shell("spin -a model.pml && gcc -O0 -w -DSAFETY -DNOREDUCE -o pan pan.c && ./pan -c0 -m1000000", in: directory)
        #expect(PromelaTests.figure(#"[0-9]+ states, stored"#, in: built) == checked.states, "\(built)")
        #expect(PromelaTests.figure(#"errors: [0-9]+"#, in: built) == checked.deadEnds, "\(built)")
    }
}
