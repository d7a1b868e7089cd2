import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// `range`, `values` and `invariants` (issue 18): payload values are read into the model for
/// `spinrun --check`. Ranges and invariants in runs are in `SpinDSLRunnerTests/InvariantAndRangeTests`.
@Suite struct InvariantAndRangeTests {
    /// `values` of payload fields are read into the model, one list per field.
    @Test func payloadValuesAreResolved() throws {
        let spec = TestSpec.load(text: """
            spin: Vending
            data:
              credit: 0
            events:
              coin: { amount: { type: int, values: [10, 25] }, note: { type: string, values: [a, "b c"] }, fast: bool }
              pick: { item: { type: enum, values: [cola, water] } }
            inputs: [coin, pick]
            transitions:
              - { on: coin, set: { credit: credit + event.amount } }
              - { on: pick, set: { credit: 0 } }
            """, path: "vending.yaml")
        let model = try #require(spec.model)
        #expect(model.spins[0].events[0].payloadValues == [[.int(10), .int(25)], [.string("a"), .string("b c")], nil])
        #expect(model.spins[0].events[1].payloadValues == [nil])
    }
}
