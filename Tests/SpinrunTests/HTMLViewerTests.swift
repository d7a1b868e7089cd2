import Foundation
import Testing

/// `spinrun --html`'s page in a real browser (headless Chromium): at every step of every example
/// spec (and of a counterexample) the page's `data-active` is the configuration the JSON Lines
/// trace of the same run gives; keys, the slider and the event list move the step; a screenshot
/// shows the lit state in its colour. Skipped only when Chromium is missing (CI installs it).
@Suite(
    "spinrun --html in headless Chromium",
    .enabled(if: Chromium.installed, "chromium is not installed (apt-get install chromium): the viewer is tested in a headless browser"),
    .serialized)
struct HTMLViewerTests {
    /// The example specs, `Specs/*.yaml`.
    static let specs: [String] = {
        let directory = SpinrunProcess.packageRoot.appendingPathComponent("Specs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "Specs/" + $0 }
    }()

    /// The configuration before step 1 and after each step of a JSON Lines trace: every spin's
    /// active states as `Spin.state`, sorted, comma-joined. A spin's start is its first step's
    /// `from` (its summary's state when it never steps).
    static func configurations(_ jsonl: String) throws -> [String] {
        var steps: [[String: Any]] = []
        var summarySpins: [String: Any] = [:]
        for line in jsonl.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let summary = object["summary"] as? [String: Any] {
                summarySpins = summary["spins"] as? [String: Any] ?? [:]
            } else if object["step"] != nil {
                steps.append(object)
            }
        }
        func leaves(_ control: Any?) -> [String] {
            if let name = control as? String { return [name] }
            return control as? [String] ?? []
        }
        var current: [String: [String]] = [:]
        for (spin, value) in summarySpins {
            let first = steps.first { $0["spin"] as? String == spin }
            current[spin] = leaves(first.map { $0["from"] } ?? (value as? [String: Any])?["state"])
        }
        func joined() -> String {
            current.flatMap { spin, names in names.map { spin + "." + $0 } }.sorted().joined(separator: ",")
        }
        var configurations = [joined()]
        for step in steps {
            if let spin = step["spin"] as? String { current[spin] = leaves(step["to"]) }
            configurations.append(joined())
        }
        return configurations
    }

    /// Loads `page#step=N` for every step N of the trace (each load a browser of its own, as a
    /// reader opening a shared link would) and returns the steps whose `data-step` or
    /// `data-active` is not the expected one, as `N: got … expected …`.
    static func mismatches(page: URL, expected: [String]) async throws -> [String] {
        let steps = Array(expected.indices)
        let dumps = try await Chromium.dumpDOMOffThePool(steps.map { page.absoluteString + "#step=\($0)" })
        var wrong: [String] = []
        for (step, dom) in zip(steps, dumps) {
            let shownStep = Chromium.bodyAttribute("data-step", in: dom)
            let active = Chromium.bodyAttribute("data-active", in: dom)
            if shownStep != String(step) || active != expected[step] {
                wrong.append("\(step): got step \(shownStep ?? "none") active \(active ?? "none"), expected \(expected[step])")
            }
        }
        return wrong
    }

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("every spec: the run is --format jsonl's, and at every step the page's data-active is the trace's configuration", arguments: specs)
    func everyStepOfEverySpec(spec: String) async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("run.html")
        let jsonl = try SpinrunProcess.run(["--format", "jsonl", spec])
        let html = try SpinrunProcess.run(["--html", page.path, "--format", "jsonl", spec])
        #expect(html.stdout == jsonl.stdout)
        #expect(html.stderr == jsonl.stderr)
        #expect(html.status == jsonl.status)
        let expected = try Self.configurations(jsonl.stdout)
        #expect(expected.count > 1, "\(spec) takes no step")
        #expect(try await Self.mismatches(page: page, expected: expected) == [])
    }

    @Test("--check --html: the first finding's counterexample, step by step as --counterexample writes it")
    func counterexample() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("check.html")
        let trace = directory.appendingPathComponent("check.jsonl")
        let output = try SpinrunProcess.run(["--check", "--html", page.path, "--counterexample", trace.path, "Specs/gate-bug.yaml"])
        #expect(output.status == 6)
        let expected = try Self.configurations(String(decoding: try Data(contentsOf: trace), as: UTF8.self))
        #expect(try await Self.mismatches(page: page, expected: expected) == [])
        // The finding is the page's status, as --check prints it.
        let finding = try #require(output.stdout.split(separator: "\n").first.map(String.init))
        let dom = try #require(try await Chromium.dumpDOMOffThePool([page.absoluteString]).first)
        #expect(dom.contains("<pre id=\"finding\">" + finding.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")))
    }

    @Test("--check --html of a violated property: the lasso step by step, its cycle marked in the event list and the status")
    func lasso() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("lasso.html")
        let trace = directory.appendingPathComponent("lasso.jsonl")
        let spec = "Tests/SpinrunTests/Fixtures/peterson-unfair.yaml"
        #expect(try SpinrunProcess.run(["--check", "--html", page.path, "--counterexample", trace.path, spec]).status == 6)
        let expected = try Self.configurations(String(decoding: try Data(contentsOf: trace), as: UTF8.self))
        #expect(expected.count == 8)
        #expect(try await Self.mismatches(page: page, expected: expected) == [])
        let dom = try #require(try await Chromium.dumpDOMOffThePool([page.absoluteString + "#step=4"]).first)
        #expect(dom.contains("lasso: steps 3 to 7 are a cycle, repeated for ever"))
        #expect(dom.contains("<tr class=\"more cycle-start\"><td colspan=\"5\">\u{2026} \u{21bb} cycle, repeated for ever: steps 3 to 7</td></tr><tr data-step=\"3\" class=\"cycle\">"))
        #expect(dom.contains("<tr data-step=\"4\" class=\"cycle selected\">"))
        #expect(dom.contains("<tr data-step=\"2\">"))
    }

    @Test("markup in the data is shown as text, and marked as changed by the step")
    func markupInData() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("markup.html")
        #expect(try SpinrunProcess.run(["--html", page.path, "--quiet", "Tests/SpinrunTests/Fixtures/markup-in-data.yaml"]).status == 0)
        let dumps = try Chromium.dumpDOM([page.absoluteString + "#step=0", page.absoluteString + "#step=1"])
        #expect(dumps.first?.contains("<td class=\"value\">\"&lt;/script&gt;&lt;!--\"</td>") == true)
        #expect(dumps.last?.contains("<td class=\"value changed\">\"&lt;/script&gt;&lt;!--&lt;b&gt;\"</td>") == true)
    }

    @Test("--replay TRACE --html: the recorded trace's page, and the replay's own status")
    func replay() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("turnstile.jsonl")
        let page = directory.appendingPathComponent("replay.html")
        let recorded = try SpinrunProcess.run(["--format", "jsonl", "--event", "coin={\"amount\":25}", "--event", "push", "Specs/turnstile.yaml"])
        try Data(recorded.stdout.utf8).write(to: trace)
        let output = try SpinrunProcess.run(["--replay", trace.path, "--html", page.path, "Specs/turnstile.yaml"])
        #expect(output.stdout == "replay: identical to the recorded trace (2 steps, status idle)\n")
        #expect(output.status == 0)
        #expect(try await Self.mismatches(page: page, expected: try Self.configurations(recorded.stdout)) == [])
    }

    @Test(
        "the keyboard, a click on the slider and a click in the event list move data-step (DevTools protocol)",
        .enabled(if: Chromium.driverIsReady, "python3 has no websocket-client (pip install websocket-client): the interaction test drives Chromium with it"))
    func interaction() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("turnstile.html")
        let run = try SpinrunProcess.run(["--html", page.path, "Specs/turnstile.yaml"])
        #expect(run.status == 0)
        let chromium = try #require(Chromium.executable)
        let driven = try Chromium.python(["Tests/Viewer/driver.py", "interact", chromium.path, page.path])
        #expect(driven.status == 0)
        #expect(driven.output == """
            loaded: 0
            End: 6
            ArrowLeft: 5
            Home: 0
            ArrowRight: 1
            slider click moved: True
            slider ArrowRight: 1
            event row 3: 3
            hash: #step=3

            """)
    }

    /// Stopwatch at step 20 (a refresh at 3200 ms that shows 3 s: the timer's `running` and the
    /// display's `actual_time` are active, the field `display` changed): `running`'s node is
    /// filled with the lit colour, `stopped`'s is not. README's screenshot is this command's
    /// (`docs/images/viewer.png`).
    @Test(
        "a screenshot of Specs/stopwatch.yaml: its size, and the lit state's colour where the state is drawn",
        .enabled(if: Chromium.driverIsReady, "python3 has no websocket-client (pip install websocket-client): the lit node is located with it"))
    func screenshot() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("stopwatch.html")
        let png = directory.appendingPathComponent("stopwatch.png")
        #expect(try SpinrunProcess.run(["--html", page.path, "Specs/stopwatch.yaml"]).status == 0)
        let url = page.absoluteString + "#step=20"
        #expect(try Chromium.screenshot(url, to: png, width: 1280, height: 800) == 0)
        let chromium = try #require(Chromium.executable)
        func colour(of element: String) throws -> String {
            let located = try Chromium.python(["Tests/Viewer/driver.py", "locate", chromium.path, page.path, "20", element, "1280", "800"])
            let box = located.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            try #require(box.count == 4, "\(element): \(located.output)")
            // A point inside the shape, above its label.
            let x = Int(box[0] + box[2] / 2), y = Int(box[1] + box[3] * 0.2)
            let pixel = try Chromium.python(["Tests/Viewer/driver.py", "pixel", png.path, String(x), String(y)])
            return pixel.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // States 2 and 3 of Stopwatch (active, timer, running, stopped, …): running and stopped.
        #expect(try colour(of: "s0_2") == "1280x800 255,210,77")
        #expect(try colour(of: "s0_3") == "1280x800 255,255,255")
    }
}
