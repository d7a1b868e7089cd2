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

    @Test func commandLinesAreSplitLikeAShell() {
        #expect(Self.arguments(#"spinrun --event 'coin={"amount":25}' Specs/turnstile.yaml"#)
            == ["--event", #"coin={"amount":25}"#, "Specs/turnstile.yaml"])
        #expect(Self.arguments("spinrun --event '25 coins' x.yaml") == ["--event", "25 coins", "x.yaml"])
    }

    @Test(arguments: DiagnosticGroup.allCases.filter { $0.entry.origin == .command })
    func wrongCommandPrintsItsGroup(_ group: DiagnosticGroup) throws {
        let wrong = try SpinrunProcess.run(Self.arguments(group.entry.wrong))
        #expect((wrong.stdout + wrong.stderr).contains(group.tag), "\(group.name): \(group.entry.wrong)\n\(wrong.stdout)\(wrong.stderr)")
        #expect(wrong.status != 0)
        let right = try SpinrunProcess.run(Self.arguments(group.entry.right))
        #expect(right.status == 0, "\(group.name): \(group.entry.right) exited \(right.status)\n\(right.stderr)")
        #expect(!(right.stdout + right.stderr).contains("[#"), "\(group.name): \(group.entry.right)\n\(right.stdout)\(right.stderr)")
    }
}
