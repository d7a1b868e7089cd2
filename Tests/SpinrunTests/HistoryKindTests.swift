import Foundation
import Testing

/// Both kinds of history on one state (docs/statecharts.md, rule 11): `to: history(S, deep)` and
/// `history(S, shallow)` name a kind; `history(S)` enters the kind S declares. A state records
/// every active state below it when a row enters its deep history, and its shallow history reads
/// the child from that record.
@Suite struct HistoryKindTests {
    static let spec = "Tests/SpinrunTests/Fixtures/history-kinds.yaml"

    @Test func eachRowEntersTheKindItNamesFromTheSameRecord() throws {
        let events = ["power", "source", "next", "power", "resume", "next", "power", "resumeDeep", "power", "resume"]
        let run = try SpinrunProcess.run(events.flatMap { ["--event", $0] } + [Self.spec])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == """
            [       0ms] #1   Player  power       (input)  off → fm
            [       0ms] #2   Player  source      (input)  fm → track1
            [       0ms] #3   Player  next        (input)  track1 → track2
            [       0ms] #4   Player  power       (input)  track2 → off
            [       0ms] #5   Player  resume      (input)  off → track1
            [       0ms] #6   Player  next        (input)  track1 → track2
            [       0ms] #7   Player  power       (input)  track2 → off
            [       0ms] #8   Player  resumeDeep  (input)  off → track2
            [       0ms] #9   Player  power       (input)  track2 → off
            [       0ms] #10  Player  resume      (input)  off → track1
            idle: 10 steps, 0ms
              Player  track1

            """)
        // The deep record is checked state: 25 states (SPIN stores as many, PromelaTests).
        let check = try SpinrunProcess.run(["--check", Self.spec])
        #expect(BitstateTests.withoutSeconds(check.stdout) == "ok: 25 states, 66 transitions, depth 6\n")
    }

    @Test func aKindNamedWithoutADeclarationIsTheStatesOnlyHistory() throws {
        let text = try String(contentsOfFile: Self.spec, encoding: .utf8)
            .replacingOccurrences(of: "    history: shallow\n", with: "")
            .replacingOccurrences(of: "to: history(on) }", with: "to: 'history(cd , shallow)' }")
        let spec = try Self.written(text)
        let run = try SpinrunProcess.run(["--event", "power", "--event", "source", "--event", "next", "--event", "power", "--event", "resume", spec])
        #expect(run.stderr == "")
        #expect(run.stdout.hasSuffix("[       0ms] #5   Player  resume      (input)  off → track2\nidle: 5 steps, 0ms\n  Player  track2\n"))
    }

    @Test func diagramsDrawOneNodePerKind() throws {
        let mermaid = try SpinrunProcess.run(["--mermaid", Self.spec])
        #expect(mermaid.stdout.contains("""
                state on {
                    state "H" as on_H
                    state "H*" as on_H_deep
                    [*] --> radio
            """))
        #expect(mermaid.stdout.hasSuffix("    off --> on_H : resume\n    off --> on_H_deep : resumeDeep\n"))
        let dot = try SpinrunProcess.run(["--dot", Self.spec])
        #expect(dot.stdout.contains(#"            "Player.on/history" [shape=circle, width=0.3, fixedsize=true, label="H"];"#))
        #expect(dot.stdout.contains(#"            "Player.on/history/deep" [shape=circle, width=0.3, fixedsize=true, label="H*"];"#))
        #expect(dot.stdout.contains(#"        "Player.off" -> "Player.on/history/deep" [label="resumeDeep", style=bold];"#))
    }

    @Test("wrong history targets are refused where they are written", arguments: [
        ("history(on, sideways)", """
            SPEC:31:51: error: unknown history 'sideways' [#UnknownHistory]
                  - { from: off, on: resumeDeep, to: 'history(on, sideways)' }
                                                                  ^
            hint: write 'shallow' or 'deep'

            """),
        ("history(fm, deep)", """
            SPEC:31:47: error: 'history' on state 'fm', which has no children [#HistoryOnNonCompound]
                  - { from: off, on: resumeDeep, to: 'history(fm, deep)' }
                                                              ^
            hint: history records which children were active: put it on a state with 'states:' or 'parallel:'

            """),
    ])
    func refused(target: String, expected: String) throws {
        let text = try String(contentsOfFile: Self.spec, encoding: .utf8).replacingOccurrences(of: "history(on, deep)", with: target)
        let spec = try Self.written(text)
        let run = try SpinrunProcess.run(["--validate", spec])
        #expect(run.status == 1)
        #expect(run.stderr == expected.replacingOccurrences(of: "SPEC", with: spec))
    }

    @Test func anUnquotedKindInBracesGetsAHintAboutTheComma() throws {
        let text = try String(contentsOfFile: Self.spec, encoding: .utf8)
            .replacingOccurrences(of: "'history(on, deep)'", with: "history(on, deep)")
        let spec = try Self.written(text)
        let run = try SpinrunProcess.run(["--validate", spec])
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: unknown key 'deep)' in transition [#UnknownKey]"))
        #expect(run.stderr.contains("hint: a comma ends a value inside '{ … }': quote a value that holds one, as in to: 'history(S, deep)'"))
    }

    /// `text` in a file of its own.
    static func written(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("history-kinds-\(UUID().uuidString).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
