import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// What a file declares for all its spins: shared enumerations (`types:`), `constants:`, and the
/// rule for every declared name (docs/spec-format.md, "Types and constants", "Names"). A run
/// with them is in `SpinDSLRunnerTests/FileScopeTests`.
@Suite struct FileScopeTests {
    /// Constants are shared by every spin of a multi-spin file, as types are.
    @Test func constantsAndTypesServeEverySpin() throws {
        let spec = TestSpec.load(text: """
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
        #expect(TestSpec.load(text: """
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
        let spec = TestSpec.load(text: """
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
        let spec = TestSpec.load(text: #"""
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
