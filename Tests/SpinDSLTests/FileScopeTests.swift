import Foundation
import Testing
@testable import SpinDSL
@testable import SpinDSLChecker
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// What a file declares for all its spins: shared enumerations (`types:`), `constants:`, and the
/// rule for every declared name (docs/spec-format.md, "Types and constants", "Names").
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
        let spec = SpinSpec.load(text: Self.vending, path: "vending.yaml")
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

    /// Constants are shared by every spin of a multi-spin file, as types are.
    @Test func constantsAndTypesServeEverySpin() throws {
        let spec = SpinSpec.load(text: """
            types:
              Level: [low, high]
            constants:
              limit: 3
            gears:
              bus:
                events:
                  alarm: { level: Level }
            spins:
              Sensor:
                data:
                  readings: 0
                events: [read]
                inputs: [read]
                transitions:
                  - { on: read, when: readings < limit, set: { readings: readings + 1 } }
                feedbacks:
                  warn: { when: readings == limit, propagate: bus.alarm, with: { level: .high } }
              Panel:
                data:
                  shown: { type: Level }
                  count: 0
                events:
                  show: { level: Level }
                transitions:
                  - { on: show, when: count < limit, set: { shown: event.level, count: count + 1 } }
                feedbacks:
                  listen: { catch: bus.alarm, emit: show, with: { level: event.level } }
            """, path: "spec.yaml")
        #expect(spec.renderedDiagnostics == "")
    }

    @Test func typeAndConstantMistakes() {
        #expect(SpinSpec.load(text: """
            types:
              Empty: []
            constants:
              missing:
            spin: A
            """, path: "spec.yaml").renderedDiagnostics == """
            spec.yaml:2:10: error: type 'Empty' has no cases [#EmptyType]
                  Empty: []
                         ^
            hint: list its cases, e.g. Empty: [small, large]
            spec.yaml:4:3: error: constant 'missing' needs a value [#ConstantWithoutValue]
                  missing:
                  ^
            hint: write it after the colon, e.g. 'missing: 3', or as '{ type: …, value: … }'

            """)
        let spec = SpinSpec.load(text: """
            types:
              Item: [cola, water]
              color: [red, blue]
              Size: [small, small]
            constants:
              price: { type: int, value: ten }
              pick: { type: Item, value: colla }
              credit: 0
              state: 1
            spin: Vending
            data:
              chosen: { type: Item }
              other: { type: Itm }
              credit: 0
              event: 0
            events:
              select: { item: Item, size: Size }
            inputs: [select]
            transitions:
              - { on: select, set: { chosen: event.size } }
            """, path: "spec.yaml")
        #expect(spec.renderedDiagnostics == """
            spec.yaml:3:3: error: type name 'color' must start with a capital letter [#LowercaseTypeName]
                  color: [red, blue]
                  ^
            hint: write 'Color'
            spec.yaml:4:17: error: duplicate case of 'Size' 'small' [#DuplicateName]
                  Size: [small, small]
                                ^
            hint: first declared at line 4:10
            spec.yaml:6:30: error: value 'ten' of constant 'price' is not an int [#ConstantValueMismatch]
                  price: { type: int, value: ten }
                                             ^
            spec.yaml:7:30: error: value 'colla' of constant 'pick' is not one of cola, water [#ConstantValueMismatch]
                  pick: { type: Item, value: colla }
                                             ^
            hint: did you mean 'cola'?
            spec.yaml:9:3: error: 'state' cannot name a constant: in expressions it means the control state [#ReservedName]
                  state: 1
                  ^
            hint: choose another name
            spec.yaml:13:18: error: unknown type 'Itm' in data field 'other' [#UnknownType]
                  other: { type: Itm }
                                 ^
            hint: did you mean 'Item'?
            spec.yaml:14:3: error: duplicate name (a constant and a data field) 'credit' [#DuplicateName]
                  credit: 0
                  ^
            hint: first declared at line 8:3
            spec.yaml:15:3: error: 'event' cannot name a data field: in expressions it means the event at hand (event.x) [#ReservedName]
                  event: 0
                  ^
            hint: choose another name
            spec.yaml:20:34: error: expected Item, found Size [#TypeMismatch]
                  - { on: select, set: { chosen: event.size } }
                                                 ^

            """)
    }

    /// One rule for every declared name: what an expression can write, and what the schema's
    /// pattern accepts. Empty names, quotes, spaces, dashes and non-ASCII letters are refused.
    @Test func declaredNamesFollowOneRule() {
        let spec = SpinSpec.load(text: #"""
            spin: "my spin"
            states: [idle, in-progress, café, ""]
            data:
              "say \"hi\"": 0
              mode: { type: enum, values: [a, b-c] }
            events:
              "go\n": {}
              push: { "x y": int }
            inputs: [push]
            feedbacks:
              start-it: { when: true, effect: fetch-page, simulate: { emit: push, with: { "x y": 1 } } }
            """#, path: "spec.yaml")
        let invalid = spec.diagnostics.filter { $0.group == .invalidName }.map { "\($0.location.line):\($0.location.column) \($0.message) | \($0.hint ?? "")" }
        #expect(invalid == [
            "1:8 invalid name 'my spin' (spin) | a name is an ASCII letter or '_', then ASCII letters, digits or '_': 'my_spin'",
            "2:16 invalid name 'in-progress' (state) | a name is an ASCII letter or '_', then ASCII letters, digits or '_': 'in_progress'",
            "2:29 invalid name 'café' (state) | a name is an ASCII letter or '_', then ASCII letters, digits or '_': 'caf_'",
            "2:36 invalid name '' (state) | a name is an ASCII letter or '_', then ASCII letters, digits or '_'",
            #"4:4 invalid name 'say "hi"' (data field) | a name is an ASCII letter or '_', then ASCII letters, digits or '_': 'say__hi_'"#,
            "7:4 invalid name 'go\\n' (event) | an event's name is one or more names joined by '.', each an ASCII letter or '_', then ASCII letters, digits or '_': 'go_'",
            "5:35 invalid name 'b-c' (value of 'mode') | a name is an ASCII letter or '_', then ASCII letters, digits or '_': 'b_c'",
            "8:12 invalid name 'x y' (payload field of 'push') | a name is an ASCII letter or '_', then ASCII letters, digits or '_': 'x_y'",
            "11:35 invalid name 'fetch-page' (effect) | a name is an ASCII letter or '_', then ASCII letters, digits or '_': 'fetch_page'",
            "11:3 invalid name 'start-it' (feedback rule) | a name is an ASCII letter or '_', then ASCII letters, digits or '_': 'start_it'",
        ])
    }
}
