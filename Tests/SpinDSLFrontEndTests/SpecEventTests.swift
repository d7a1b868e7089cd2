import Testing
@testable import SpinDSLFrontEnd

/// `SpecEvent` keeps its payload and fault in one word (empty for the commonest events); reading
/// and writing them must behave as two independent properties.
@Suite struct SpecEventTests {
    static let fault = SpecFault(.divisionByZero, at: SourceLocation(file: "e.yaml", line: 2, column: 3), ["expression": "boom"])

    @Test func payloadAndFaultAreIndependent() {
        var event = SpecEvent(kind: 2)
        #expect(event.payload == [])
        #expect(event.fault == nil && !event.hasFault)

        event.payload = [.int(1), .string("a")]
        #expect(event.payload == [.int(1), .string("a")] && !event.hasFault)

        event.fault = Self.fault
        #expect(event.hasFault && event.fault == Self.fault)
        #expect(event.payload == [.int(1), .string("a")])

        event.payload = [.bool(true)]
        #expect(event.fault == Self.fault && event.payload == [.bool(true)])

        event.fault = nil
        #expect(!event.hasFault && event.payload == [.bool(true)])

        event.payload = []
        #expect(event == SpecEvent(kind: 2))
        #expect(event.kind == 2)
    }

    @Test func initializerKeepsBoth() {
        let event = SpecEvent(kind: 1, payload: [.int(5)], fault: Self.fault)
        #expect(event.payload == [.int(5)] && event.fault == Self.fault)
        #expect(SpecEvent.failure(Self.fault) == SpecEvent(kind: -1, fault: Self.fault))
    }

    @Test func equalityAndHashingFollowKindPayloadAndFault() {
        let events = [
            SpecEvent(kind: 0), SpecEvent(kind: 1), SpecEvent(kind: 0, payload: [.int(1)]),
            SpecEvent(kind: 0, fault: Self.fault), SpecEvent(kind: 0, payload: [.int(1)], fault: Self.fault),
        ]
        for (i, a) in events.enumerated() {
            for (j, b) in events.enumerated() {
                #expect((a == b) == (i == j))
            }
        }
        #expect(Set(events).count == events.count)
        #expect(Set(events + events).count == events.count)
    }

    @Test func payloadViewSeesThePayloadWithoutCopying() {
        #expect(SpecEvent(kind: 0).withPayload { $0.count } == 0)
        #expect(SpecEvent(kind: 0, payload: [.int(4), .int(5)]).withPayload { Array($0) } == [.int(4), .int(5)])
        #expect(SpecEvent(kind: 0, payload: [.int(6)], fault: Self.fault).withPayload { Array($0) } == [.int(6)])
    }
}
