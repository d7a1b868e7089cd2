import Foundation
import Testing

/// The language's values through the binary: durations and shared enums as inputs and in traces.
@Suite("spinrun and the language's values")
struct LanguageCommandTests {
    private static let timer = "Tests/SpinrunTests/Fixtures/timer.yaml"

    @Test("a duration payload is a JSON string in the duration syntax, in inputs and traces")
    func durationPayloads() throws {
        let output = try SpinrunProcess.run(["--format", "jsonl", "--event", #"start={"after":"1.5s"}"#, Self.timer])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == #"""
            {"run":{"seed":1,"inputs":"events"}}
            {"step":1,"time":0,"spin":"Timer","event":{"name":"start","payload":{"after":"1.5s"}},"source":"input","from":"idle","to":"running","state":{"delay":"1.5s"}}
            {"step":2,"time":1500,"spin":"Timer","event":{"name":"ring","payload":{}},"source":"alarm","from":"running","to":"rang","state":{"delay":"1.5s"}}
            {"summary":{"status":"final","steps":2,"time":1500,"spins":{"Timer":{"state":"rang","data":{"delay":"1.5s"}}}}}

            """#)
        let number = try SpinrunProcess.run(["--event", #"start={"after":1500}"#, Self.timer])
        #expect(number.status == 64)
        #expect(number.stderr == #"Error: --event start={"after":1500}: field 'after' of 'start' must be a duration such as "1.5s", not 1500 [#PayloadFieldType]"# + "\n")
    }

    @Test("a payload of a shared type takes the type's case names")
    func sharedEnumPayloads() throws {
        let output = try SpinrunProcess.run(["--quiet", "--event", #"select={"item":"water"}"#, "Specs/vending.yaml"])
        #expect(output.status == 0)
        #expect(output.stdout == """
            idle: 1 step, 0ms
              Vending  idle  credit=0 sold=0 chosen=cola lastCoin=dime display=insert 100 more for water

            """)
        let unknown = try SpinrunProcess.run(["--event", #"select={"item":"juice"}"#, "Specs/vending.yaml"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == #"Error: --event select={"item":"juice"}: field 'item' of 'select' must be one of "cola", "water", "chips", not "juice" [#PayloadFieldType]"# + "\n")
    }
}
