import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// A row on several events, `on: [coinA, coinB]`: the same row for each event, in its place
/// (docs/spec-format.md, "Transitions"), run. How each event is checked is the front end's
/// (`SpinDSLFrontEndTests/EventListTests`).
@Suite struct EventListTests {
    static let coins = """
        spin: Box
        states: [empty, full]
        data:
          total: 0
        events:
          coinA: { amount: int }
          coinB: { amount: int, note: string }
          take: {}
        inputs: [coinA, coinB, take]
        transitions:
          - { from: empty, on: [coinA, coinB], when: event.amount > 0, to: full, set: { total: total + event.amount } }
          - { from: full, on: take, to: empty }
        script:
          - { at: 0s, emit: coinB, with: { amount: 5, note: '"b"' } }
          - { at: 1s, emit: take }
          - { at: 2s, emit: coinA, with: { amount: 7 } }
          - { at: 3s, emit: coinA, with: { amount: 0 } }
        """

    @Test func aRowOnSeveralEventsFiresOnEach() async throws {
        let spec = TestSpec.load(text: Self.coins, path: "box.yaml")
        #expect(spec.renderedDiagnostics == "")
        let model = try #require(spec.model)
        let rows = try #require(model.spins.first?.transitions)
        #expect(rows.map { "\($0.declaration.location.line) \(model.spins[0].events[$0.event].name.text)" } == ["11 coinA", "11 coinB", "12 take"])
        let result = try #require(await runSpec(spec))
        #expect(result.trace.map { "\(field("event", of: $0)) \(field("to", of: $0))" } == [
            "coinB full", "take empty", "coinA full", "coinA full",
        ])
        #expect(result.summary.json.contains(#""Box":{"state":"full","data":{"total":12}}"#))
        // Drawn once per event.
        let dot = DiagramExporter.dot(model, labels: .full)
        #expect(dot.contains(#"coinA [event.amount > 0]\n/ total := total + event.amount"#))
        #expect(dot.contains(#"coinB [event.amount > 0]\n/ total := total + event.amount"#))
    }
}
