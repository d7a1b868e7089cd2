import Foundation
import SpinTestSupport
import Testing

/// Readable diagrams through the built `spinrun`: `--labels`, rules drawn on their states, the
/// graph named after the spin, long labels wrapped and parallel edges drawn as one.
@Suite("spinrun diagrams")
struct DiagramOptionTests {
    private static let longLabels = "Tests/SpinrunTests/Fixtures/long-labels.yaml"

    /// The lines of `text` that contain `part`.
    private static func lines(_ text: String, containing part: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.contains(part) }
    }

    @Test("--labels full|guards|events: assignments only with full, guards unless events")
    func labels() throws {
        let edge = #""Turnstile.locked" -> "Turnstile.unlocked""#
        let expected = [
            "full": #"[label="coin [event.amount >= 25]\n/ credit := credit + event.amount", style=bold];"#,
            "guards": #"[label="coin [event.amount >= 25]", style=bold];"#,
            "events": #"[label="coin", style=bold];"#,
        ]
        for (labels, attributes) in expected {
            let output = try SpinrunProcess.run(["--dot", "--labels", labels, "Specs/turnstile.yaml"])
            #expect(output.status == 0)
            #expect(Self.lines(output.stdout, containing: edge) == ["        \(edge) \(attributes)"], "--labels \(labels)")
        }
        let byDefault = try SpinrunProcess.run(["--dot", "Specs/turnstile.yaml"])
        #expect(Self.lines(byDefault.stdout, containing: edge) == ["        \(edge) \(expected["guards"] ?? "")"])
        let mermaid = try SpinrunProcess.run(["--mermaid", "--labels", "full", "Specs/turnstile.yaml"])
        #expect(mermaid.stdout.contains("    locked --> unlocked : coin [event.amount #gt;= 25] / credit #58;= credit + event.amount\n"))
        #expect(try SpinrunProcess.run(["--dot", "--labels", "some", "Specs/turnstile.yaml"]).status == 64)
    }

    @Test("timers, effects and rules are drawn on their states; the spin's other rules under its name")
    func rulesOnStates() throws {
        let dot = try SpinrunProcess.run(["--dot", "Specs/traffic-light.yaml"]).stdout
        // `{ from: green, on: tick }` (targetless) comes first, then the rules.
        #expect(dot.contains(#"        "TrafficLight.green" [label="green\non tick\nafter 30s / timer\nevery 1s / tick"];"#))
        #expect(dot.contains(#"        label="TrafficLight\nchanges [state] / render";"#))
        let movies = try SpinrunProcess.run(["--dot", "Specs/movies.yaml"]).stdout
        #expect(movies.contains(#"        "Movies.paging" [label="paging\nenter / effect fetchPage"];"#))
        let full = try SpinrunProcess.run(["--dot", "--labels", "full", "Specs/movies.yaml"]).stdout
        #expect(full.contains(#"        "Movies.paging" [label="paging\nenter\n/ effect fetchPage (simulated: after\n200ms → pageLoaded(count := 20) |\npageFailed)"];"#))
        let mermaid = try SpinrunProcess.run(["--mermaid", "Specs/traffic-light.yaml"]).stdout
        #expect(mermaid.contains("    green : on tick\n    green : after 30s / timer\n    green : every 1s / tick\n"))
    }

    @Test("the graph is named after the spin (after the file for several spins)")
    func graphName() throws {
        #expect(try SpinrunProcess.run(["--dot", "Specs/turnstile.yaml"]).stdout.hasPrefix("digraph \"Turnstile\" {\n"))
        #expect(try SpinrunProcess.run(["--dot", "Specs/gear.yaml"]).stdout.hasPrefix("digraph \"gear\" {\n"))
        #expect(try SpinrunProcess.run(["--mermaid", "Specs/turnstile.yaml"]).stdout.hasPrefix("---\ntitle: \"Turnstile\"\n---\nstateDiagram-v2\n"))
    }

    /// The conventions of `Fixtures/diagram-conventions.yaml`, whole (`Golden/diagrams/`): a
    /// targetless row is a line `on event` in its state (a compound state's under its name, not a
    /// loop on its initial point), an external self-transition a loop, a fallback row `[else]`;
    /// a compound state inside a region is solid; an edge clipped at a cluster has an `xlabel`;
    /// invariants are a note.
    @Test("targetless rows, self-transitions, [else], regions, clipped edges and invariants", arguments: ["dot", "mermaid"])
    func conventions(format: String) throws {
        let output = try SpinrunProcess.run(["--\(format)", "Tests/SpinrunTests/Fixtures/diagram-conventions.yaml"])
        try GoldenFiles.check(output, against: "diagrams/conventions." + (format == "dot" ? "dot" : "mmd"))
    }

    @Test("the conventions in the example diagrams")
    func conventionsInExamples() throws {
        let stopwatch = try SpinrunProcess.run(["--dot", "Specs/stopwatch.yaml"]).stdout
        // `{ from: timer, on: reset }`: under the region's name, no loop on its point.
        #expect(stopwatch.contains("                label=\"timer\\non reset\";\n"))
        #expect(!stopwatch.contains(#""Stopwatch.timer/initial" -> "Stopwatch.timer/initial""#))
        // `{ from: running, on: tick, to: running }`: a loop.
        #expect(stopwatch.contains(#"        "Stopwatch.running" -> "Stopwatch.running" [label="tick"];"#))
        #expect(stopwatch.contains(#"        "Stopwatch.active/initial" -> "Stopwatch.off" [xlabel="quit", style=bold, ltail="cluster_Stopwatch.active"];"#))
        let elevator = try SpinrunProcess.run(["--dot", "Specs/elevator.yaml"]).stdout
        #expect(elevator.contains("                    label=\"moving\";\n                    style=solid;\n"))
        let vending = try SpinrunProcess.run(["--dot", "Specs/vending.yaml"]).stdout
        #expect(vending.contains(#"on insert [event.coin == .dime]\non insert [event.coin == .quarter]\non insert [else]"#))
        let events = try SpinrunProcess.run(["--dot", "--labels", "events", "Specs/vending.yaml"]).stdout
        #expect(Self.lines(events, containing: "[else]").allSatisfy { $0.hasPrefix("    //") })
        let gate = try SpinrunProcess.run(["--mermaid", "Specs/gate-bug.yaml"]).stdout
        #expect(gate.contains("    note left of closed\n        invariants\n        onePassPerTicket#58; passes #lt;= 1\n    end note\n"))
    }

    @Test("long labels are wrapped; rows between the same states are one edge")
    func wrappedAndMerged() throws {
        let dot = try SpinrunProcess.run(["--dot", Self.longLabels]).stdout
        #expect(Self.lines(dot, containing: #""Vending.paying" -> "#) == [
            #"        "Vending.paying" -> "Vending.paying" [label="coin [credit + event.amount < price\nand event.amount > 0]\ncancel", style=bold];"#,
            #"        "Vending.paying" -> "Vending.idle" [label="coin [credit + event.amount >=\nprice]", style=bold];"#,
        ])
        // No line of a label in the example diagrams is longer than 36 characters, but for a
        // single word.
        for spec in SpinrunGoldenTests.specs {
            let output = try SpinrunProcess.run(["--dot", "--labels", "full", "Specs/\(spec).yaml"]).stdout
            for line in output.split(separator: "\n") where !line.contains("\\l") {
                guard let start = line.range(of: "label=\"")?.upperBound else { continue }
                // The label ends at the first quote that is not escaped.
                var end = start
                while end < line.endIndex, line[end] != "\"" {
                    end = line[end] == "\\" && line.index(after: end) < line.endIndex ? line.index(end, offsetBy: 2) : line.index(after: end)
                }
                for part in line[start..<end].components(separatedBy: "\\n") {
                    #expect(part.count <= 36 || !part.contains(" "), "Specs/\(spec).yaml: \(part)")
                }
            }
        }
    }
}
