import Foundation
import Testing

/// Hostile specs whose diagnostics or diagrams used to cost without bound (issue 14): tens of
/// thousands of diagnostics on one line, names far from every candidate, ids that collide. Each
/// case with its exact output and exit status, within a bound that catches hangs.
@Suite("hostile diagnostics and diagrams (spinrun)")
struct HostileDiagnosticTests {
    /// `[e0, e1, …]` with `count` names, written on one line.
    private static func names(_ prefix: String, _ count: Int) -> String {
        (0..<count).map { "\(prefix)\($0)" }.joined(separator: ", ")
    }

    @Test("20,000 warnings on one line: 100 of them, each quoting a window of the line, then a note; --max-diagnostics 0 prints all")
    func manyWarningsOnOneLine() throws {
        let path = try HostileRun.temporary("warnings.yaml", "spin: W\nevents: [\(Self.names("e", 20_000))]\n")
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--validate", path], within: 10)
        #expect(output.status == 0)
        #expect(output.stdout == "\(path): 20000 warnings\n")
        let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 100 * 4 + 2 + 1)
        #expect(Array(lines.prefix(4)) == [
            "\(path):2:10: warning: event 'e0' of spin 'W' is never emitted: no rule emits it and it is not an input [#NeverEmittedEvent]",
            "    events: [\(Self.names("e", 32)), e…",
            "             ^",
            "hint: add it to 'inputs', or remove it",
        ])
        #expect(Array(lines.suffix(3)) == [
            "\(path):2:500: note: 19900 more diagnostics not shown (19900 warnings), the first of them here [#DiagnosticsNotShown]",
            "hint: raise the limit of 100 to see them: spinrun --max-diagnostics N, 0 for all (DiagnosticRenderer.limit)",
            "",
        ])
        let all = try HostileRun.run(["--validate", "--max-diagnostics", "0", path], within: 20)
        #expect(all.status == 0)
        #expect(all.stderr.split(separator: "\n").count == 20_000 * 4)
        #expect(all.stderr.hasSuffix("hint: add it to 'inputs', or remove it\n"))
        let negative = try HostileRun.run(["--validate", "--max-diagnostics", "-1", path])
        #expect(negative.status == 64)
        #expect(negative.stderr.hasPrefix("Error: --max-diagnostics must be 0 (all) or more [#OptionOutOfRange]\n"))
    }

    @Test("20,000 lone braces in a template: 100 errors, then a note; exit 1")
    func manyErrorsOnOneLine() throws {
        let path = try HostileRun.temporary("braces.yaml", "spin: B\nrender: \"\(Array(repeating: "}", count: 20_000).joined(separator: " "))\"\n")
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--validate", path], within: 10)
        #expect(output.status == 1)
        #expect(output.stdout == "\(path): 20000 errors\n")
        let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 100 * 4 + 2 + 1)
        #expect(lines[8] == "\(path):2:14: error: unmatched '}' in template [#UnmatchedBrace]")
        #expect(lines[9] == "    render: \"" + Array(repeating: "}", count: 76).joined(separator: " ") + "…")
        #expect(lines[10] == "                 ^")
        #expect(lines[lines.count - 3] == "\(path):2:210: note: 19900 more diagnostics not shown (19900 errors), the first of them here [#DiagnosticsNotShown]")
    }

    @Test("a misspelled name of 100,000 characters: no suggestion, found at once")
    func longMisspelledName() throws {
        let states = String(repeating: "a", count: 100_000)
        let initial = String(repeating: "b", count: 100_000)
        let path = try HostileRun.temporary("long.yaml", "spin: L\nstates: [\(states)]\ninitial: \(initial)\n")
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--validate", path], within: 10)
        #expect(output.status == 1)
        #expect(output.stderr == """
            \(path):3:10: error: unknown state '\(initial)' [#UnknownState]
                initial: \(initial.prefix(151))…
                         ^

            """)
        // A long name one edit from its candidate is still suggested.
        let near = try HostileRun.temporary("near.yaml", "spin: L\nstates: [\(states)]\ninitial: \(states.dropLast())\n")
        defer { HostileRun.remove(near) }
        let nearOutput = try HostileRun.run(["--validate", near], within: 10)
        #expect(nearOutput.stderr.hasSuffix("hint: did you mean '\(states)'?\n"))
    }

    @Test("--mermaid of 30,000 states whose names have no ASCII letter: ids _2 … _30000, at once")
    func mermaidIDsOfOneBase() throws {
        let names = (0..<30_000).map { String(UnicodeScalar(0x4E00 + $0 / 200)!) + String(UnicodeScalar(0x4E00 + $0 % 200)!) }
        var text = "spin: C\nstates: [\(names.joined(separator: ", "))]\nfinal: \(names[names.count - 1])\nevents: [go]\ninputs: [go]\ntransitions:\n"
        for index in 0..<(names.count - 1) { text += "  - { from: \(names[index]), on: go, to: \(names[index + 1]) }\n" }
        let path = try HostileRun.temporary("cjk.yaml", text)
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--mermaid", path], within: 10)
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines[2] == "    state \"一一\" as __")
        #expect(lines[3] == "    state \"一丁\" as ___2")
        #expect(lines[30_001] == "    state \"\(names[29_999])\" as ___30000")
        #expect(lines.last == "    ___30000 --> [*]")
    }

    @Test("DOT ids: the gear 'x' and the state 'x' of a spin named 'gear' are two nodes")
    func dotIDsAreInjective() throws {
        let path = "\(HostileRun.fixtures)/gear-named-gear.yaml"
        let output = try HostileRun.run(["--dot", path])
        #expect(output.status == 0)
        #expect(output.stdout == """
            digraph "gear" {
                // edges: event [guard] (--labels full adds the assignments); edges between the same states are one edge, its labels one under the other
                // under a state's name: the rules it triggers (enter, in); under a spin's name: its other rules
                // bold edges: input events; plain: events fed back by rules
                // dashed edges: gear traffic (a rule propagates into a gear, or catches a gear event)
                // a row `from: any` is drawn as one edge from every state; a row without `to` as a self-loop
                rankdir=LR;
                compound=true;
                nodesep=0.5;
                ranksep=0.8;
                fontname="Helvetica";
                node [fontname="Helvetica", fontsize=11];
                edge [fontname="Helvetica", fontsize=9];
                subgraph "cluster_gear" {
                    label="gear";
                    "gear/initial" [shape=point, width=0.15, label=""];
                    "gear.x" [label="x"];
                    "gear.y" [label="y"];
                    "gear/initial" -> "gear.x";
                    "gear.x" -> "gear.y" [label="go", style=bold];
                    "gear.y" -> "gear.x" [label="ping"];
                }
                "gear:x" [shape=hexagon, label="x"];
                "gear.y" -> "gear:x" [label="ping", style=dashed];
                "gear:x" -> "gear.x" [label="ping → ping", style=dashed, lhead="cluster_gear"];
            }

            """)
    }
}
