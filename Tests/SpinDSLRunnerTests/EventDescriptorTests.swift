import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// Event descriptors (SCXML 1.0 §3.12.1; docs/spec-format.md, "Transitions"): a row's `on: door`
/// matches `door` and every event whose name starts with `door.`; `on: '*'` matches every event.
@Suite struct EventDescriptorTests {
    static let door = """
        spin: Door
        states: [closed, open, broken]
        initial: closed
        data:
          rings: 0
        events:
          door.open: {}
          door.close: {}
          door.close.now: {}
          doorbell: {}
          reset: {}
        inputs: [door.open, door.close, door.close.now, doorbell, reset]
        transitions:
          - { from: closed, on: door.open, to: open }
          - { from: open, on: door.close, to: closed }
          - { on: doorbell, when: rings < 3, set: { rings: rings + 1 } }
          - { from: open, on: door, to: broken }
          - { from: broken, on: '*', to: closed, set: { rings: 0 } }
        script:
          - { at: 0s, emit: door.open }
          - { at: 1s, emit: door.close.now }
          - { at: 2s, emit: door.open }
          - { at: 3s, emit: door.open }
          - { at: 4s, emit: doorbell }
          - { at: 5s, emit: doorbell }
        """

    @Test func aDescriptorMatchesWholeTokensAndStarMatchesEveryEvent() {
        let names = ["door", "door.open", "door.close", "door.close.now", "doorbell", "done.s"]
        let descriptors = EventDescriptors(names, index: NameIndex(names))
        #expect(descriptors.match("door") == .descriptor([0, 1, 2, 3]))
        #expect(descriptors.match("door.*") == .descriptor([0, 1, 2, 3]))
        #expect(descriptors.match("door.close") == .descriptor([2, 3]))
        #expect(descriptors.match("door.close.now") == .exact(3))
        #expect(descriptors.match("doorbell") == .exact(4))
        #expect(descriptors.match("doorbell.*") == .descriptor([4]))
        #expect(descriptors.match("done") == .descriptor([5]))
        #expect(descriptors.match("*") == .descriptor([0, 1, 2, 3, 4, 5]))
        #expect(descriptors.match("doo") == .none)
        #expect(descriptors.match("door.opened") == .none)
        // Declaration order, the exact name in its place.
        let late = ["a.x", "a", "a.y"]
        #expect(EventDescriptors(late, index: NameIndex(late)).match("a") == .descriptor([0, 1, 2]))
        #expect(EventDescriptors.isValidName("door.close.now"))
        #expect(!EventDescriptors.isValidName("door..open"))
        #expect(!EventDescriptors.isValidName("door."))
        #expect(!EventDescriptors.isValidName(".door"))
        #expect(!EventDescriptors.isValidName("*"))
    }

    /// A row on a descriptor is one row per matched event, in its place: the rows before it are
    /// tried first (`door.close` in `open` takes `door.close.now` too), it takes the rest.
    @Test func aRowOnADescriptorStandsForARowPerMatchedEvent() async throws {
        let spec = TestSpec.load(text: Self.door, path: "door.yaml")
        #expect(spec.renderedDiagnostics == "")
        let model = try #require(spec.model)
        let spin = model.spins[0]
        #expect(spin.transitions.map { "\($0.declaration.location.line) \(spin.events[$0.event].name.text) \($0.descriptor?.text ?? "-")" } == [
            "14 door.open -", "15 door.close door.close", "15 door.close.now door.close", "16 doorbell -",
            "17 door.open door", "17 door.close door", "17 door.close.now door",
            "18 door.open *", "18 door.close *", "18 door.close.now *", "18 doorbell *", "18 reset *",
        ])
        let result = try #require(await runSpec(spec))
        #expect(result.trace.map { "\(field("event", of: $0)) \(field("to", of: $0))" } == [
            "door.open open", "door.close.now closed", "door.open open", "door.open broken", "doorbell closed", "doorbell closed",
        ])
        #expect(result.summary.json.contains(#""Door":{"state":"closed","data":{"rings":1}}"#))
    }

    /// Drawn once per descriptor and source, labelled as written; the viewer's edge lists the
    /// events it stands for.
    @Test func aDescriptorIsDrawnOnceAsWritten() throws {
        let model = try #require(TestSpec.load(text: Self.door, path: "door.yaml").model)
        let dot = DiagramExporter.dot(model, labels: .events)
        #expect(dot.contains(#""Door.open" -> "Door.closed" [label="door.close", style=bold];"#))
        #expect(dot.contains(#""Door.open" -> "Door.broken" [label="door", style=bold];"#))
        #expect(dot.contains(#""Door.broken" -> "Door.closed" [label="*", style=bold];"#))
        let mermaid = DiagramExporter.mermaid(model, labels: .events)
        #expect(mermaid.components(separatedBy: "open --> broken : door\n").count == 2)
        #expect(mermaid.components(separatedBy: "broken --> closed : *\n").count == 2)
        let edges = DiagramFacts.transitionEdges(of: model.spins[0], detail: .events)
        #expect(edges.map { "\($0.label): \($0.events.joined(separator: " "))" } == [
            "door.open: door.open", "door.close: door.close door.close.now", "door: door.open door.close door.close.now",
            "*: door.open door.close door.close.now doorbell reset",
        ])
    }

    /// A row on a descriptor takes what the rows before it leave: it is reported as shadowed only
    /// when every event it matches is taken before it, and then for each.
    @Test func onlyAWhollyShadowedDescriptorIsReported() {
        let spec = TestSpec.load(text: """
            spin: Door
            states: [closed, open]
            events: [door.open, door.close, other]
            inputs: [door.open, door.close, other]
            transitions:
              - { on: door.open, to: open }
              - { on: door, to: closed }
              - { on: door.close, to: open }
              - { on: '*', to: closed }
            """, path: "door.yaml")
        #expect(spec.renderedDiagnostics == """
            door.yaml:8:5: warning: this transition never fires: on 'door.close', the row at line 7 fires first every time it could [#ShadowedTransition]
                  - { on: door.close, to: open }
                    ^
            hint: a state's rows are tried before its parent's and the spin's, each in document order, and the first whose guard holds fires: remove this row, or move it above the rows that take its cases

            """)
    }

    @Test func eventNamesAreNamesJoinedByDotsAndDescriptorsMustMatch() {
        let spec = TestSpec.load(text: """
            spin: Door
            states: [closed, open]
            events: [door.open, door..close, door-bell.ring]
            inputs: [door.open]
            transitions:
              - { on: dor, to: open }
              - { on: [door.*, window.*], to: closed }
            """, path: "door.yaml")
        #expect(spec.renderedDiagnostics == """
            door.yaml:3:21: error: invalid name 'door..close' (event) [#InvalidName]
                events: [door.open, door..close, door-bell.ring]
                                    ^
            hint: an event's name is one or more names joined by '.', each an ASCII letter or '_', then ASCII letters, digits or '_': 'door.close'
            door.yaml:3:34: error: invalid name 'door-bell.ring' (event) [#InvalidName]
                events: [door.open, door..close, door-bell.ring]
                                                 ^
            hint: an event's name is one or more names joined by '.', each an ASCII letter or '_', then ASCII letters, digits or '_': 'door_bell.ring'
            door.yaml:6:11: error: unknown event 'dor' [#UnknownEvent]
                  - { on: dor, to: open }
                          ^
            hint: did you mean 'door'?
            door.yaml:7:20: error: unknown event 'window.*' [#UnknownEvent]
                  - { on: [door.*, window.*], to: closed }
                                   ^

            """)
    }
}
