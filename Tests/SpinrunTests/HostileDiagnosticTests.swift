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

    /// Names without an ASCII letter all mapped to one Mermaid id base (`__`), which made `--mermaid`
    /// quadratic; the name rule (docs/spec-format.md, "Names") now refuses them, each at its place,
    /// and the diagnostics stay bounded. `ExportTests.mermaidIDsOfOneBase` keeps the ids' suffixes.
    @Test("--mermaid of 30,000 states whose names have no ASCII letter: refused at once by the name rule")
    func mermaidIDsOfOneBase() throws {
        let names = (0..<30_000).map { String(UnicodeScalar(0x4E00 + $0 / 200)!) + String(UnicodeScalar(0x4E00 + $0 % 200)!) }
        var text = "spin: C\nstates: [\(names.joined(separator: ", "))]\nfinal: \(names[names.count - 1])\nevents: [go]\ninputs: [go]\ntransitions:\n"
        for index in 0..<(names.count - 1) { text += "  - { from: \(names[index]), on: go, to: \(names[index + 1]) }\n" }
        let path = try HostileRun.temporary("cjk.yaml", text)
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--mermaid", path], within: 10)
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix("\(path):2:10: error: invalid name '一一' (state) [#InvalidName]\n"))
        #expect(output.stderr.contains("note: 29900 more diagnostics not shown (29900 errors), the first of them here [#DiagnosticsNotShown]\n"))
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
                // a row `from: any` is drawn as one edge from every state; a row `to:` its own source (exited and entered again) as a loop
                // a row without `to` (the state stays: nothing is exited or entered) is a line `on event [guard]` under its state's name
                // [else]: a row without a guard tried after guarded rows on its event (it fires when their guards do not hold)
                // an edge clipped at a box (a compound state's, or a spin's for gear traffic) is labelled with an xlabel, placed beside what is drawn; a note lists a spin's invariants
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
                "gear:x" -> "gear.x" [xlabel="ping → ping", style=dashed, lhead="cluster_gear"];
            }

            """)
    }

    @Test("a key of more than 1024 characters, in a block or a flow mapping: said so at the key, with YAML's limit (it was 'mapping values are not allowed in this context')", arguments: [true, false])
    func keyTooLong(block: Bool) throws {
        let key = String(repeating: "k", count: 1100)
        let text = "spin: K\ndata:\n  " + (block ? key + ": 0\n" : "x: { " + key + ": 0 }\n")
        let path = try HostileRun.temporary("key.yaml", text)
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--validate", path])
        #expect(output.status == 1)
        let quoted = block ? "  " + key.prefix(158) : "  x: { " + key.prefix(153)
        #expect(output.stderr == """
            \(path):3:\(block ? 3 : 8): error: a key of 1100 characters is longer than YAML allows [#KeyTooLong]
                \(quoted)…
                \(String(repeating: " ", count: block ? 2 : 7))^
            hint: YAML limits a key to 1024 characters: a longer one is read as a value, and the ':' after it is a syntax error; shorten the name

            """)
    }

    @Test("YAML tags: the core schema's are honoured (!!int \"5\" is an int, !!str 42 a string, !!float 1 a double); others, and values a tag does not fit, are refused at the tag (they were ignored)")
    func tags() throws {
        let honoured = try HostileRun.run(["--quiet", "--event", "go", "\(HostileRun.fixtures)/tags-honoured.yaml"])
        #expect(honoured.status == 0)
        #expect(honoured.stderr == "")
        #expect(honoured.stdout == "idle: 1 step, 0ms\n  T  a=6 b=42x c=2.5 d=true\n")
        let path = "\(HostileRun.fixtures)/tags-refused.yaml"
        let refused = try HostileRun.run(["--validate", path])
        #expect(refused.status == 1)
        #expect(refused.stdout == "\(path): 6 errors\n")
        let hint = "hint: remove the tag; a spec understands only the core schema's !!str, !!int, !!float, !!bool, !!null, !!seq and !!map"
        #expect(refused.stderr == """
            \(path):4:6: error: unsupported YAML tag '!!binary' [#UnsupportedTag]
                  a: !!binary AAAA
                     ^
            \(hint)
            \(path):5:6: error: unsupported YAML tag '!custom' [#UnsupportedTag]
                  b: !custom 3
                     ^
            \(hint)
            \(path):6:6: error: 'abc' is not a value of tag '!!int' [#TagMismatch]
                  c: !!int abc
                     ^
            hint: drop the tag, or write a value of its type
            \(path):7:6: error: a scalar is not a value of tag '!!seq' [#TagMismatch]
                  d: !!seq x
                     ^
            hint: drop the tag, or write a value of its type
            \(path):8:6: error: a list is not a value of tag '!!map' [#TagMismatch]
                  e: !!map [1]
                     ^
            hint: drop the tag, or write a value of its type
            \(path):9:6: error: unsupported YAML tag '!!timestamp' [#UnsupportedTag]
                  f: !!timestamp 2001-12-14
                     ^
            \(hint)

            """)
    }

    @Test("names inside quoted, folded and block scalars are located where they are written (columns counted the value, not the source)")
    func locationsInsideScalars() throws {
        let path = "\(HostileRun.fixtures)/scalar-locations.yaml"
        let output = try HostileRun.run(["--validate", path])
        #expect(output.status == 1)
        #expect(output.stderr == """
            \(path):9:37: error: unknown name 'zz' [#UnknownName]
                  - { on: a, when: "\\u0020\\u0020n + zz > 0" }
                                                    ^
            \(path):10:42: error: unknown name 'zz' [#UnknownName]
                  - { on: b, when: 's == "it''s" and n + zz > 0' }
                                                         ^
            \(path):14:11: error: unknown name 'zz' [#UnknownName]
                      n + zz > 0
                          ^
            \(path):18:13: error: unknown name 'zz' [#UnknownName]
                        n + zz > 0
                            ^
            \(path):23:11: error: unknown name 'zz' [#UnknownName]
                      n + zz > 0
                          ^
            \(path):25:10: error: unknown name 'zz' [#UnknownName]
                  \\ and {zz}"
                         ^

            """)
        // A run-time fault on the second line of a block scalar, at its operator.
        let fault = "\(HostileRun.fixtures)/block-guard-fault.yaml"
        let run = try HostileRun.run(["--quiet", "--event", "go", fault])
        #expect(run.status == 3)
        #expect(run.stderr == "\(fault):11:12: error: division by zero in '10 / n' [#DivisionByZero]\n")
    }

    @Test("100,000 gears, each caught by a rule: gears and their events are looked up by name, not by a search per rule (30 s)")
    func manyGears() throws {
        var text = "gears:\n"
        for index in 0..<100_000 { text += "  g\(index): { events: [ping] }\n" }
        text += "spins:\n  A:\n    events: [go]\n    inputs: [go]\n    transitions:\n      - { on: go }\n    feedbacks:\n"
        for index in 0..<100_000 { text += "      f\(index): { catch: g\(index).ping, emit: go }\n" }
        let path = try HostileRun.temporary("gears.yaml", text)
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--validate", path], within: 60)
        #expect(output.status == 0)
        #expect(output.stdout == "\(path): 100000 warnings\n")
        #expect(output.stderr.hasPrefix("\(path):100009:11: warning: 'g0.ping' is caught but never propagated [#CaughtNeverPropagated]\n"))
    }
}
