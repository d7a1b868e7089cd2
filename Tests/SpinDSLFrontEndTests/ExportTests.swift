import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// The base names of the example specs (`Specs/*.yaml`), sorted.
private let exportSpecNames = GoldenFiles.specNames(in: "Specs")

/// Graphviz's `dot`, when installed.
private let exportDotPath = "/usr/bin/dot"

/// Loads `Specs/<name>.yaml`; nil when it does not validate (printed, so the skip is visible).
private func exportModel(_ name: String) -> SpecModel? {
    let path = "\(packageRoot)/Specs/\(name).yaml"
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let spec = TestSpec.load(text: text, path: "Specs/\(name).yaml")
    if spec.model == nil {
        print("ExportTests: skipping Specs/\(name).yaml, it does not validate:\n\(spec.renderedDiagnostics)")
    }
    return spec.model
}

/// Runs `dot -Tsvg` on `text`; returns the exit status and what dot wrote on stderr.
private func runDot(_ text: String) throws -> (status: Int32, errors: String) {
    let directory = FileManager.default.temporaryDirectory
    let input = directory.appendingPathComponent("spin-export-\(UUID().uuidString).dot")
    let errors = directory.appendingPathComponent("spin-export-\(UUID().uuidString).err")
    try text.write(to: input, atomically: true, encoding: .utf8)
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: input)
        try? FileManager.default.removeItem(at: errors)
    }
    let errorHandle = try FileHandle(forWritingTo: errors)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: exportDotPath)
    process.arguments = ["-Tsvg", input.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errorHandle
    try process.run()
    process.waitUntilExit()
    try errorHandle.close()
    let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    return (process.terminationStatus, message)
}

private let dotIsInstalled = FileManager.default.isExecutableFile(atPath: exportDotPath)

@Suite struct ExportTests {
    @Test func examplesAreFound() {
        #expect(exportSpecNames.count >= 7, "Specs/*.yaml not found under \(packageRoot)")
    }

    @Test(arguments: exportSpecNames)
    func dotMatchesGolden(_ name: String) throws {
        guard let model = exportModel(name) else { return }
        // The golden files `spinrun --dot` is compared with too (`GoldenFiles`).
        try GoldenFiles.check(DiagramExporter.dot(model), against: name + ".dot")
    }

    @Test(arguments: exportSpecNames)
    func mermaidMatchesGolden(_ name: String) throws {
        guard let model = exportModel(name) else { return }
        try GoldenFiles.check(DiagramExporter.mermaid(model), against: name + ".mmd")
    }

    @Test(arguments: exportSpecNames)
    func exportIsDeterministic(_ name: String) {
        guard let model = exportModel(name) else { return }
        #expect(DiagramExporter.dot(model) == DiagramExporter.dot(model))
        #expect(DiagramExporter.mermaid(model) == DiagramExporter.mermaid(model))
    }

    @Test(.enabled(if: dotIsInstalled, "Graphviz dot is not installed at /usr/bin/dot"), arguments: exportSpecNames)
    func dotRendersWithGraphviz(_ name: String) throws {
        guard let model = exportModel(name) else { return }
        let result = try runDot(DiagramExporter.dot(model))
        #expect(result.status == 0, "dot -Tsvg failed for \(name): \(result.errors)")
        #expect(result.errors.isEmpty, "dot -Tsvg warned for \(name): \(result.errors)")
    }

    /// A spec whose guard holds quotes, `<`, `>` and a backslash, and whose assignment holds `:`.
    private static let trickySpec = #"""
    spin: Tricky
    states: [a, b]
    data:
      label: "x"
    events: [go, back]
    inputs: [go]
    transitions:
      - { from: a, on: go, when: 'label == "<q>" || label != "\\"', to: b, set: { label: 'label + "{x}"' } }
      - { from: any, on: back, to: a, set: { label: 'label == "a" ? "b" : "c"' } }
    """#

    private static func trickyModel() throws -> SpecModel {
        let spec = TestSpec.load(text: trickySpec, path: "Tests/tricky.yaml")
        return try #require(spec.model, "\(spec.renderedDiagnostics)")
    }

    @Test func dotEscapesQuotesAndBackslashes() throws {
        let dot = DiagramExporter.dot(try Self.trickyModel(), labels: .full)
        let label = #"label="go [label == \"<q>\" || label != \"\\\\\"]\n/ label := label + \"{x}\"", style=bold"#
        #expect(dot.contains(#""Tricky.a" -> "Tricky.b" ["# + label + "];"))
        #expect(dot.contains(#"digraph "Tricky" {"#))
        // `from: any` without a feedback rule emitting `back`: one plain edge from every state.
        #expect(dot.contains(#""Tricky.a" -> "Tricky.a" [label="back\n/ label := label == \"a\" ? \"b\" : \"c\""];"#))
        #expect(dot.contains(#""Tricky.b" -> "Tricky.a" [label="back\n/ label := label == \"a\" ? \"b\" : \"c\""];"#))
    }

    @Test(.enabled(if: dotIsInstalled, "Graphviz dot is not installed at /usr/bin/dot"))
    func escapedDotRendersWithGraphviz() throws {
        let result = try runDot(DiagramExporter.dot(try Self.trickyModel(), labels: .full))
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty, "\(result.errors)")
    }

    @Test func mermaidEscapesBreakingCharacters() throws {
        let mermaid = DiagramExporter.mermaid(try Self.trickyModel(), labels: .full)
        let expected = ##"a --> b : go [label == #quot;#lt;q#gt;#quot; || label != #quot;\\#quot;] / label #58;= label + #quot;#123;x#125;#quot;"##
        #expect(mermaid.contains(expected))
        #expect(mermaid.contains("b --> a : back / label #58;= label == #quot;a#quot; ? #quot;b#quot; #58; #quot;c#quot;"))
        // Past the arrow, no label keeps a raw character that Mermaid's state grammar stops at.
        for line in mermaid.split(separator: "\n") where line.contains(" --> ") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 {
                let withoutEntities = String(parts[1]).replacingOccurrences(of: "#[A-Za-z0-9]+;", with: "", options: .regularExpression)
                #expect(!withoutEntities.contains(where: { ":;{}\"<>".contains($0) }), "\(line)")
            }
        }
    }

    @Test func dotStringEscaping() {
        #expect(DOTDiagram.quoted(#"a "b" \n c"#) == #""a \"b\" \\n c""#)
        #expect(DOTDiagram.quoted("two\nlines") == #""two\nlines""#)
        #expect(MermaidDiagram.escaped("a: {b}; #c %d\ne") == "a#58; #123;b#125;#59; #35;c #37;d e")
    }

    @Test func mermaidIDsAreSafeAndUnique() {
        var ids = MermaidIDs()
        #expect(ids.make("idle") == "idle")
        #expect(ids.make("idle") == "idle_2")
        #expect(ids.make("end") == "s_end")
        #expect(ids.make("a-b c") == "a_b_c")
        #expect(ids.make("3way") == "s_3way")
    }

    @Test("Mermaid ids: names of one base take _2, _3, … in turn, skipping ids taken by names spelled so")
    func mermaidIDsOfOneBase() {
        var ids = MermaidIDs()
        #expect(ids.make("é") == "_")
        #expect(ids.make("ü") == "__2")
        #expect(ids.make("__3") == "__3")
        #expect(ids.make("ö") == "__4")
        #expect(ids.make("à") == "__5")
        // 30,000 names of one base (the issue's 30,000 states named with two CJK characters, which
        // the name rule now refuses): each takes the next suffix, not a probe from _2 (27.8 s).
        var many = MermaidIDs()
        let made = (0..<30_000).map { _ in many.make("一一") }
        #expect(made.first == "__")
        #expect(made.last == "___30000")
        #expect(Set(made).count == made.count)
    }

    @Test("DOT id components: the separators of ids are escaped, so that no two things share an id")
    func dotIDComponents() {
        #expect(DOTDiagram.component("plain") == "plain")
        #expect(DOTDiagram.component("b.c") == "b%2Ec")
        #expect(DOTDiagram.component("a/b:c#d%e") == "a%2Fb%3Ac%23d%25e")
        // Spin `A` with state `b.c`, and spin `A.b` with state `c`: once `A.b.c` both.
        #expect(DOTDiagram.component("A") + "." + DOTDiagram.component("b.c") != DOTDiagram.component("A.b") + "." + DOTDiagram.component("c"))
    }
}
