import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// Documents of 64 KiB or more are parsed ahead on a second thread (`ReadAheadEvents`), while the
/// reader builds the tree from the events before. The events, and so everything read from them,
/// must be exactly those of parsing on the caller's thread: these tests read each input both ways
/// (`readAheadBytes` 0 forces the thread for any input, `Int.max` keeps it off) and compare the
/// results whole, through the reader and through the loader that streams transition rows.
@Suite struct ReadAheadTests {
    private static let inline = Int.max
    private static let ahead = 0

    private static func expectSame(
        _ bytes: [UInt8], path: String, limits: YAMLLimits = YAMLLimits(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let onCaller = YAMLReader(limits: limits, readAheadBytes: inline).read(bytes: bytes, path: path)
        let onThread = YAMLReader(limits: limits, readAheadBytes: ahead).read(bytes: bytes, path: path)
        #expect(onThread.document == onCaller.document, "\(path)", sourceLocation: sourceLocation)
        #expect(onThread.diagnostics == onCaller.diagnostics, "\(path)", sourceLocation: sourceLocation)
        #expect(onThread.oversizedIntegers == onCaller.oversizedIntegers, "\(path)", sourceLocation: sourceLocation)
        let source = SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self))
        let loadedOnCaller = SpecLoader(limits: limits, readAheadBytes: inline).load(source)
        let loadedOnThread = SpecLoader(limits: limits, readAheadBytes: ahead).load(source)
        #expect(loadedOnThread.document == loadedOnCaller.document, "\(path)", sourceLocation: sourceLocation)
        #expect(loadedOnThread.diagnostics == loadedOnCaller.diagnostics, "\(path)", sourceLocation: sourceLocation)
    }

    /// The rendered diagnostics of reading `text` on the parser's thread.
    private static func renderedAhead(_ text: String, path: String, limits: YAMLLimits = YAMLLimits()) -> [String] {
        YAMLReader(limits: limits, readAheadBytes: ahead).read(bytes: Array(text.utf8), path: path).diagnostics.map { diagnostic in
            "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) \(diagnostic.group.tag)"
        }
    }

    /// `count` rows of a transition table, about 60 bytes each.
    private static func rows(_ count: Int) -> String {
        (0..<count).map { "  - { from: s\($0 % 7), on: e\($0 % 5), to: s\(($0 + 1) % 7), set: { n: n + 1 } }\n" }.joined()
    }

    @Test("the threshold: 64 KiB, and a loader's reader uses the same")
    func threshold() {
        #expect(YAMLReader().readAheadBytes == 65_536)
        #expect(SpecLoader().readAheadBytes == 65_536)
    }

    @Test("every example spec, invalid spec and hostile input reads the same on either thread")
    func fixtures() throws {
        var paths: [String] = []
        for directory in ["Specs", "Specs/invalid", "Tests/SpinrunTests/Fixtures/hostile"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: "\(packageRoot)/\(directory)")
            paths += names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(directory)/\($0)" }
        }
        #expect(paths.count > 90)
        for path in paths {
            // One hostile input is a symbolic link to itself: there is nothing to read.
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: "\(packageRoot)/\(path)")) else { continue }
            let bytes = [UInt8](data)
            Self.expectSame(bytes, path: path)
            // The hostile inputs again under the fuzz limits, which stop reads early.
            if path.hasPrefix("Tests/") {
                Self.expectSame(bytes, path: path, limits: YAMLLimits(maxNodes: 20_000, maxDepth: 64, maxBytes: 64 * 1024))
            }
        }
    }

    @Test("a large table, and its last row's location")
    func largeTable() throws {
        let text = "spin: Big\nstates: [s0, s1, s2, s3, s4, s5, s6]\ninitial: s0\ndata: { n: 0 }\n"
            + "events: [e0, e1, e2, e3, e4]\ntransitions:\n" + Self.rows(6_000)
        #expect(text.utf8.count > 4 * YAMLReader.defaultReadAheadBytes)
        Self.expectSame(Array(text.utf8), path: "big.yaml")
        let loaded = SpecLoader().load(SourceFile(path: "big.yaml", text: text))
        #expect(loaded.diagnostics.isEmpty)
        let rows = try #require(loaded.document?.spins.first?.transitions)
        #expect(rows.count == 6_000)
        #expect(rows.last?.location.description == "big.yaml:6006:5")
    }

    @Test("a read that stops early stops the parser's thread, with the same diagnostics")
    func stopsEarly() {
        let tail = Self.rows(3_000)
        // A second document: the reader stops at it, with thousands of rows still to parse.
        let twoDocuments = "a: 1\n---\nb:\n" + tail
        #expect(Self.renderedAhead(twoDocuments, path: "two.yaml") == [
            "two.yaml:2:1: error: a spec file holds one YAML document [#MultipleDocuments]",
        ])
        Self.expectSame(Array(twoDocuments.utf8), path: "two.yaml")
        // Nesting past the limit stops the read; an alias past the node limit too.
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n"
        Self.expectSame(Array(("x: " + deep + "y:\n" + tail).utf8), path: "deep.yaml", limits: YAMLLimits(maxDepth: 16))
        let aliases = "a: &a [1, 2, 3, 4, 5, 6, 7, 8]\nb: [*a, *a, *a, *a]\nc:\n" + tail
        Self.expectSame(Array(aliases.utf8), path: "alias.yaml", limits: YAMLLimits(maxNodes: 20))
        #expect(Self.renderedAhead(aliases, path: "alias.yaml", limits: YAMLLimits(maxNodes: 20)).count == 1)
    }

    @Test("a syntax error and invalid UTF-8 far into a large document")
    func failsLate() {
        let head = "transitions:\n" + Self.rows(3_000)
        let syntax = head + "  - { from: a, on: b\n"
        #expect(Self.renderedAhead(syntax, path: "late.yaml") == [
            "late.yaml:3003:1: error: YAML syntax error: did not find expected ',' or '}' (while parsing a flow mapping) [#YAMLSyntax]",
        ])
        Self.expectSame(Array(syntax.utf8), path: "late.yaml")
        let utf8 = Array(head.utf8) + Array("  - { from: ".utf8) + [0xC3, 0x28] + Array(" }\n".utf8)
        Self.expectSame(utf8, path: "utf8.yaml")
        #expect(YAMLReader(limits: YAMLLimits(), readAheadBytes: Self.ahead).read(bytes: utf8, path: "utf8.yaml").diagnostics
            .map(\.group) == [.invalidUTF8])
    }
}
