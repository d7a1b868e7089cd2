import Foundation
import Testing

/// `spinrun --html`'s command line and file, without a browser: what the page holds and names,
/// and the errors (no Graphviz, a path that cannot be written, options it does not go with).
@Suite struct HTMLViewerCommandTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Every `http://…` and `https://…` in `page`: the addresses it names.
    static func addresses(_ page: String) -> [String] {
        var found: [String] = []
        var rest = Substring(page)
        while let range = rest.range(of: "http") {
            guard rest[range.upperBound...].hasPrefix("://") || rest[range.upperBound...].hasPrefix("s://") else {
                rest = rest[range.upperBound...]
                continue
            }
            let word = rest[range.lowerBound...].prefix { !"\"' <>)".contains($0) }
            found.append(String(word))
            rest = rest[range.upperBound...]
        }
        return found
    }

    @Test("the page is self-contained: a CSP of default-src 'none', no src or href, no address but the SVG namespace", arguments: ["Specs/stopwatch.yaml", "Specs/gear.yaml", "Specs/http-retry.yaml", "Specs/levels.yaml"])
    func selfContained(spec: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page.html")
        let output = try SpinrunProcess.run(["--html", page.path, "--quiet", spec])
        #expect(output.status == 0)
        let text = String(decoding: try Data(contentsOf: page), as: UTF8.self)
        #expect(text.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"))
        #expect(!text.contains(" src="))
        #expect(!text.contains(" href="))
        #expect(!text.contains("xlink"))
        // The one address is the SVG namespace (other `http`s: the CSP's `http-equiv`, and names
        // such as Specs/http-retry.yaml's).
        #expect(Set(Self.addresses(text)) == ["http://www.w3.org/2000/svg"])
        // The data: one script block of JSON, every `<` inside it escaped.
        let data = try #require(text.range(of: "<script type=\"application/json\" id=\"trace\">\n"))
        let end = try #require(text[data.upperBound...].range(of: "\n</script>"))
        let json = text[data.upperBound..<end.lowerBound]
        #expect(!json.contains("<"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["title"] as? String == spec)
    }

    @Test("the page's data: the spins' states and edges by the ids the SVG has, and the run's records as --format jsonl writes them")
    func pageData() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page.html")
        let output = try SpinrunProcess.run(["--html", page.path, "--format", "jsonl", "Specs/turnstile.yaml"])
        #expect(output.status == 0)
        let text = String(decoding: try Data(contentsOf: page), as: UTF8.self)
        let data = try #require(text.range(of: "<script type=\"application/json\" id=\"trace\">\n"))
        let end = try #require(text[data.upperBound...].range(of: "\n</script>"))
        let json = String(text[data.upperBound..<end.lowerBound])
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let header = String(lines[0].dropFirst("{\"run\":".count).dropLast())
        let summary = String(lines[lines.count - 1].dropFirst("{\"summary\":".count).dropLast())
        let spins = """
            [{"name":"Turnstile","states":[{"name":"locked","id":"s0_0","parent":null,"kind":"atomic"},\
            {"name":"unlocked","id":"s0_1","parent":null,"kind":"atomic"},{"name":"closed","id":"s0_2","parent":null,"kind":"atomic"}],\
            "edges":[{"id":"e0_0","from":0,"to":1,"events":["coin"]},{"id":"e0_1","from":1,"to":0,"events":["push"]},\
            {"id":"e0_2","from":1,"to":2,"events":["push"]}],"initial":["locked"],"data":{"credit":0,"passes":0}}]
            """
        #expect(json == "{\"title\":\"Specs/turnstile.yaml\",\"finding\":null,\"status\":null,\"run\":\(header),\"spins\":\(spins),\"summary\":\(summary),\"steps\":[\n"
            + lines.dropFirst().dropLast().joined(separator: ",\n") + "\n]}")
        // Each id is an element of the SVG: a state's node, a transition's edge.
        for id in ["s0_0", "s0_1", "s0_2", "e0_0", "e0_1", "e0_2"] {
            #expect(text.contains("<g id=\"\(id)\" class=\"\(id.hasPrefix("e") ? "edge" : "node")\">"), "\(id)")
        }
    }

    @Test("a statechart's compound and parallel states are clusters with their ids, its leaves nodes")
    func statechartIDs() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page.html")
        #expect(try SpinrunProcess.run(["--html", page.path, "--quiet", "Specs/stopwatch.yaml"]).status == 0)
        let text = String(decoding: try Data(contentsOf: page), as: UTF8.self)
        // active (parallel), timer (a region), running, stopped, display (a region), actual_time, lap_time, off.
        let kinds = ["cluster", "cluster", "node", "node", "cluster", "node", "node", "node"]
        for (state, kind) in kinds.enumerated() {
            #expect(text.contains("<g id=\"s0_\(state)\" class=\"\(kind)\">"), "s0_\(state)")
        }
        for edge in 0..<7 {
            #expect(text.contains("<g id=\"e0_\(edge)\" class=\"edge\">"), "e0_\(edge)")
        }
    }

    @Test("--check --html of a spec with no finding: a page of the start, with the check's summary line as its status")
    func checkWithoutFinding() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page.html")
        let output = try SpinrunProcess.run(["--check", "--html", page.path, "Specs/turnstile-checked.yaml"])
        #expect(output.status == 0)
        let summary = try #require(output.stdout.split(separator: "\n").last.map(String.init))
        #expect(summary.hasPrefix("ok: "))
        let text = String(decoding: try Data(contentsOf: page), as: UTF8.self)
        let escaped = summary.replacingOccurrences(of: "\"", with: "\\\"")
        #expect(text.contains("{\"title\":\"Specs/turnstile-checked.yaml\",\"finding\":null,\"status\":\"\(escaped)\",\"run\":null,"))
        #expect(text.contains(",\"summary\":null,\"steps\":[\n\n]}"))
    }

    @Test("markup in the data cannot end the page's script block: every < of the trace is \\u003c")
    func markupInData() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page.html")
        #expect(try SpinrunProcess.run(["--html", page.path, "--quiet", "Tests/SpinrunTests/Fixtures/markup-in-data.yaml"]).status == 0)
        let text = String(decoding: try Data(contentsOf: page), as: UTF8.self)
        #expect(text.components(separatedBy: "</script>").count == 3, "the data block's and the script's own end tags only")
        #expect(text.contains("\"data\":{\"text\":\"\\u003c/script>\\u003c!--\"}"))
        #expect(text.contains("\"state\":{\"text\":\"\\u003c/script>\\u003c!--\\u003cb>\"}"))
    }

    @Test("--dot is drawn without the viewer's ids")
    func dotHasNoIDs() throws {
        let output = try SpinrunProcess.run(["--dot", "Specs/stopwatch.yaml"])
        #expect(output.status == 0)
        #expect(!output.stdout.contains("id="))
    }

    @Test("no dot on the PATH: one line naming Graphviz and how to install it, exit 1, nothing run or written")
    func graphvizNotFound() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page.html")
        let output = try SpinrunProcess.run(["--html", page.path, "Specs/turnstile.yaml"], environment: ["PATH": directory.path])
        #expect(output.stdout == "")
        #expect(output.stderr == "Error: --html: Graphviz (dot) is not on the PATH: --html draws the spec's diagram with 'dot -Tsvg'; install Graphviz (apt-get install graphviz) or put the directory of dot on the PATH [#GraphvizNotFound]\n")
        #expect(output.status == 1)
        #expect(!FileManager.default.fileExists(atPath: page.path))
        let check = try SpinrunProcess.run(["--check", "--html", page.path, "Specs/gate-bug.yaml"], environment: ["PATH": directory.path])
        #expect(check.stdout == "")
        #expect(check.stderr == output.stderr)
        #expect(check.status == 1)
    }

    @Test("a page that cannot be written: the run's trace, then the error, exit 64")
    func notWritten() throws {
        let output = try SpinrunProcess.run(["--html", "/nonexistent/page.html", "--quiet", "Specs/turnstile.yaml"])
        #expect(output.stdout == "final: 6 steps, 5000ms\n  Turnstile  closed  credit=60 passes=2\n")
        #expect(output.stderr == "Error: --html: cannot write the page to '/nonexistent/page.html'; give a path in a directory that exists and can be written [#HTMLNotWritten]\n")
        #expect(output.status == 64)
    }

    @Test("--html with --dot, --mermaid, --promela or --validate: bad usage")
    func exclusive() throws {
        for mode in ["--dot", "--mermaid", "--promela", "--validate"] {
            let output = try SpinrunProcess.run(["--html", "/tmp/x.html", mode, "Specs/turnstile.yaml"])
            #expect(output.status == 64, "\(mode)")
            #expect(output.stderr.contains("--html and --validate, --dot, --mermaid or --promela"), "\(mode)")
        }
    }

    @Test("a run's exit status is kept: a run-time error (3) and an invariant (6) still write the page")
    func statusKept() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page.html")
        let plain = try SpinrunProcess.run(["--max-steps", "3", "Specs/levels.yaml"])
        let html = try SpinrunProcess.run(["--html", page.path, "--max-steps", "3", "Specs/levels.yaml"])
        #expect(plain.status == 4)
        #expect(html.status == 4)
        #expect(html.stdout == plain.stdout)
        #expect(html.stderr == plain.stderr)
        #expect(FileManager.default.fileExists(atPath: page.path))
    }
}
