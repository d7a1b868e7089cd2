import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// What a file declares for all its spins: shared enumerations (`types:`) and `constants:`
/// (docs/spec-format.md, "Types and constants"), in a run and in `--until`. How they and the
/// declared names are checked is the front end's (`SpinDSLFrontEndTests/FileScopeTests`).
@Suite struct FileScopeTests {
    static let vending = """
        types:
          Item: [cola, water, chips]
        constants:
          price: 25
          slow: 1.5s
          greeting: "hello"
          favourite: { type: Item, value: water }
          ratio: { value: 0.5 }
        spin: Vending
        states: [idle, paid]
        data:
          chosen: { type: Item }
          credit: 0
          label: ""
        events:
          select: { item: Item }
          coin: { amount: int }
        inputs: [select, coin]
        transitions:
          - { from: idle, on: coin, when: credit + event.amount >= price, to: paid, set: { credit: credit + event.amount } }
          - { from: idle, on: coin, set: { credit: credit + event.amount } }
          - { from: paid, on: select, when: event.item != .chips, to: idle, set: { chosen: event.item, credit: credit - price, label: greeting } }
        feedbacks:
          nudge: { enter: paid, after: slow * 2, render: "pick one, {favourite} is {price}" }
        script:
          - { at: 0s, emit: coin, with: { amount: 10 } }
          - { at: 1s, emit: coin, with: { amount: price } }
          - { at: 2s, emit: select, with: { item: .water } }
        """

    /// A shared enumeration types data and payload fields alike, so a payload's value assigns to
    /// the field; a field of it without `initial` starts as its first case. Constants read as
    /// literals everywhere, `after` included.
    @Test func sharedTypesAndConstants() async throws {
        let spec = TestSpec.load(text: Self.vending, path: "vending.yaml")
        #expect(spec.renderedDiagnostics == "")
        let model = try #require(spec.model)
        #expect(model.types.map { "\($0.name): \($0.cases)" } == [#"Item: ["cola", "water", "chips"]"#])
        #expect(model.constants.map { "\($0.name.text): \($0.type) = \($0.value.formatted(as: $0.type))" } == [
            "price: int = 25", "slow: duration = 1.5s", "greeting: string = hello", "favourite: Item = water", "ratio: double = 0.5",
        ])
        let spin = try #require(model.spins.first)
        #expect(spin.fields.map { "\($0.name.text): \($0.type) = \($0.initial.formatted(as: $0.type))" } == [
            "chosen: Item = cola", "credit: int = 0", "label: string = ",
        ])
        let result = try #require(await runSpec(spec))
        #expect(result.summary.json
            == #"{"summary":{"status":"idle","steps":3,"time":2000,"spins":{"Vending":{"state":"idle","data":{"chosen":"water","credit":10,"label":"hello"}}}}}"#)
        let until = UntilCondition.compile("credit >= price && chosen == favourite", spin: nil, in: model)
        #expect(until.diagnostics.isEmpty)
        #expect(until.condition != nil)
    }
}
