import Foundation
import SpinDSL
import Testing

/// The catalog entries of spinrun's command line: each wrong command line, run through the built
/// `spinrun`, prints its group's tag; each right one exits 0 and prints no diagnostic.
@Suite struct CatalogCommandTests {
    /// `spinrun a 'b c' d` as its arguments after `spinrun` (single quotes only, as the catalog writes them).
    static func arguments(_ commandLine: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var inWord = false
        for character in commandLine {
            if character == "'" {
                quoted.toggle()
                inWord = true
            } else if character == " ", !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words.first == "spinrun" ? Array(words.dropFirst()) : words
    }

    /// Runs a catalog example: `spinrun …`, or `printf 'TEXT' | spinrun …` with TEXT (its `\n`
    /// made newlines) on stdin.
    static func run(_ example: String) throws -> SpinrunProcess.Output {
        let pipe = example.range(of: " | ")
        let command = pipe.map { String(example[$0.upperBound...]) } ?? example
        var stdin = ""
        if let pipe {
            let printf = arguments(String(example[..<pipe.lowerBound]))
            stdin = (printf.dropFirst().first ?? "").replacingOccurrences(of: "\\n", with: "\n")
        }
        return try SpinrunProcess.run(arguments(command), stdin: stdin)
    }

    @Test func commandLinesAreSplitLikeAShell() {
        #expect(Self.arguments(#"spinrun --event 'coin={"amount":25}' Specs/turnstile.yaml"#)
            == ["--event", #"coin={"amount":25}"#, "Specs/turnstile.yaml"])
        #expect(Self.arguments("spinrun --event '25 coins' x.yaml") == ["--event", "25 coins", "x.yaml"])
    }

    @Test("--explain NAME prints the group's explanation, the name in any letter case; exit 0")
    func explainPrintsTheExplanation() throws {
        let output = try SpinrunProcess.run(["--explain", "UnknownEvent"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == DiagnosticGroup.unknownEvent.explanation)
        #expect(output.stdout.hasPrefix("UnknownEvent (error): unknown event '{event}'\n\nA transition's 'on'"))
        #expect(try SpinrunProcess.run(["--explain", "unknownevent"]).stdout == output.stdout)
    }

    @Test("--explain with an unknown name: bad usage (exit 64) with the nearest name")
    func explainUnknownName() throws {
        let output = try SpinrunProcess.run(["--explain", "UnknwnEvent"])
        #expect(output.status == 64)
        #expect(output.stdout == "")
        #expect(output.stderr == "Error: --explain: unknown diagnostic group 'UnknwnEvent'; did you mean 'UnknownEvent'? [#UnknownDiagnosticGroup]\n")
        let far = try SpinrunProcess.run(["--explain", "Zzzzzzzz"])
        #expect(far.status == 64)
        #expect(far.stderr == "Error: --explain: unknown diagnostic group 'Zzzzzzzz'; spinrun --explain list prints every group [#UnknownDiagnosticGroup]\n")
    }

    @Test("--explain list lists every group, one per line; --explain takes no spec file")
    func explainList() throws {
        let output = try SpinrunProcess.run(["--explain", "list"])
        #expect(output.status == 0)
        #expect(output.stdout == DiagnosticGroup.list)
        #expect(output.stdout.split(separator: "\n").count == DiagnosticGroup.allCases.count)
        let withSpec = try SpinrunProcess.run(["--explain", "UnknownEvent", "Specs/turnstile.yaml"])
        #expect(withSpec.status == 64)
        #expect(withSpec.stderr.hasPrefix("Error: --explain and spec files exclude each other [#ExclusiveOptions]\n"))
    }

    @Test(arguments: DiagnosticGroup.allCases.filter { $0.entry.origin == .command })
    func wrongCommandPrintsItsGroup(_ group: DiagnosticGroup) throws {
        let wrong = try Self.run(group.entry.wrong)
        #expect((wrong.stdout + wrong.stderr).contains(group.tag), "\(group.name): \(group.entry.wrong)\n\(wrong.stdout)\(wrong.stderr)")
        let right = try Self.run(group.entry.right)
        #expect(right.status == 0, "\(group.name): \(group.entry.right) exited \(right.status)\n\(right.stderr)")
        #expect(!(right.stdout + right.stderr).contains("[#"), "\(group.name): \(group.entry.right)\n\(right.stdout)\(right.stderr)")
    }
}
