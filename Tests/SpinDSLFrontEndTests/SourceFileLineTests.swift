import Testing
@testable import SpinDSLFrontEnd

/// `SourceFile.line(_:)` splits lines where `Character.isNewline` does ("\r\n" once), whatever the
/// bytes around the breaks.
@Suite struct SourceFileLineTests {
    private static func expectLinesAsCharactersSplit(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let source = SourceFile(path: "lines.yaml", text: text)
        let expected = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        for (index, line) in expected.enumerated() {
            #expect(source.line(index + 1).map(String.init) == line, "line \(index + 1)", sourceLocation: sourceLocation)
        }
        #expect(source.line(expected.count + 1) == nil, sourceLocation: sourceLocation)
        #expect(source.line(0) == nil, sourceLocation: sourceLocation)
    }

    @Test("every kind of break, and bytes that only look like one")
    func breaks() {
        let texts = [
            "",
            "a",
            "a\n",
            "a\nb\r\nc\rd\u{0B}e\u{0C}f\u{85}g\u{2028}h\u{2029}i",
            "\r\n\r\n\n\r",
            "\u{85}\u{85}\u{2028}",
            // U+00A8, U+00A9, U+0085's neighbours and U+2026 end in the bytes of a break but are not.
            "¨©è…\u{84}\u{86}x\u{2027}\u{202A}\ny",
            "spin: S\r\nstates: [a, b] # é\r\n  - { from: a }\n",
        ]
        for text in texts {
            Self.expectLinesAsCharactersSplit(text)
        }
    }
}
