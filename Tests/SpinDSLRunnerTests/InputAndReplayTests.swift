import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// The library's reading of inputs and recorded traces, which `spinrun` calls: event options and
/// events-file lines, flat JSON payloads converted by the event's field types, a recorded trace's
/// header and inputs, the first difference of a replay and the closing of a lasso's cycle.
@Suite("inputs, payloads and replays, as the library reads them")
struct InputAndReplayTests {
    @Test("--event NAME=JSON: the name, the payload's text, where it came from; a bad name is refused")
    func eventOption() throws {
        let parsed = try EventParsing.parseOption(#"coin={"amount":25}"#).get()
        #expect(parsed == InputEvent(atMilliseconds: 0, name: "coin", payloadJSON: #"{"amount":25}"#, origin: #"--event coin={"amount":25}"#))
        #expect(try EventParsing.parseOption("push= ").get().payloadJSON == nil)
        guard case .failure(let error) = EventParsing.parseOption("1coin") else {
            Issue.record("'1coin' was read as an event")
            return
        }
        #expect(error.description == "--event: '1coin' is not NAME or NAME=JSON [#InvalidEventOption]")
    }

    @Test("an events-file line: a time, a name, a payload, a comment; blank and comment lines are nothing")
    func eventsFileLine() throws {
        let line = try #require(EventParsing.parseLine(##"1.5s coin {"label":"#1"}  # the first"##, origin: "coins.events:3", allowTime: true))
        #expect(try line.get() == InputEvent(atMilliseconds: 1500, name: "coin", payloadJSON: ##"{"label":"#1"}"##, origin: "coins.events:3"))
        #expect(EventParsing.parseLine("   # only a comment", origin: "f:1", allowTime: true) == nil)
        #expect(EventParsing.parseLine("", origin: "f:2", allowTime: true) == nil)
        let typed = try #require(EventParsing.parseLine("2s coin", origin: "stdin:1", allowTime: false))
        guard case .failure(let error) = typed else {
            Issue.record("a time was accepted where none is allowed")
            return
        }
        #expect(error.problem.group == .timeNotAllowed)
        #expect(error.origin == "stdin:1")
    }

    @Test("a flat JSON object: numbers keep their text; nested values are refused with why")
    func flatObjects() {
        let parsed = JSONObjectParser.parse(#"{"a": 1.50, "b": true, "c": "x\"y"}"#)
        #expect(parsed == .success(["a": .number("1.50"), "b": .bool(true), "c": .string("x\"y")]))
        #expect(JSONObjectParser.parse(#"{"a":{"b":1}}"#) == .failure(JSONParseFailure("payload values are scalars, not objects or arrays")))
        #expect(JSONObjectParser.parse("5") == .failure(JSONParseFailure("expected '{' at '5'")))
    }

    @Test("a payload converted by the event's field types, or the located problem")
    func hostEvents() throws {
        // Loaded here, not kept in a static: the leak checker cannot follow the model's
        // references that live until the process exits (tagged enum payloads).
        let model = try #require(loadSpec("turnstile.yaml").model)
        let coin = InputEvent(atMilliseconds: 0, name: "coin", payloadJSON: #"{"amount":25}"#, origin: "--event coin")
        let event = try EventParsing.hostEvent(coin, spin: nil, in: model).get()
        #expect(event.name == "coin")
        #expect(event.payload == ["amount": .int(25)])
        let text = InputEvent(atMilliseconds: 0, name: "coin", payloadJSON: #"{"amount":"x"}"#, origin: "--event coin")
        guard case .failure(let wrongType) = EventParsing.hostEvent(text, spin: nil, in: model) else {
            Issue.record("a string was taken for an int")
            return
        }
        #expect(wrongType.description == #"--event coin: field 'amount' of 'coin' must be an int, not "x" [#PayloadFieldType]"#)
        let huge = InputEvent(atMilliseconds: 0, name: "coin", payloadJSON: #"{"amount":99999999999999999999}"#, origin: "f:1")
        guard case .failure(let tooLarge) = EventParsing.hostEvent(huge, spin: nil, in: model) else {
            Issue.record("an int past Int64 was accepted")
            return
        }
        #expect(tooLarge.problem.group == .integerLiteralTooLarge)
    }

    static let recorded = [
        #"{"run":{"seed":1,"inputs":"events"}}"#,
        #"{"step":1,"time":1000,"spin":"Turnstile","event":{"name":"coin","payload":{"amount":25}},"source":"input","from":"locked","to":"unlocked","state":{"credit":25,"passes":0}}"#,
        #"{"step":2,"time":2000,"spin":"Turnstile","event":{"name":"push","payload":{}},"source":"input","from":"unlocked","to":"locked","state":{"credit":25,"passes":1}}"#,
        #"{"summary":{"status":"idle","steps":2,"time":2000,"spins":{"Turnstile":{"state":"locked","data":{"credit":25,"passes":1}}}}}"#,
    ]

    /// `recorded` as read from a file at `path` with a blank line after its second line.
    static func recordedTrace(path: String) throws -> Replay.Recording {
        var lines = Replay.RecordedLines()
        lines.lines = recorded
        lines.numbers = [1, 2, 4, 5]
        return try Replay.recording(lines, path: path).get()
    }

    @Test("a recorded trace: its header, and its input steps with their payloads")
    func recording() throws {
        let recording = try Self.recordedTrace(path: "run.jsonl")
        #expect(recording.header == TraceHeader(seed: 1, inputs: .events))
        #expect(recording.inputs.map(\.line) == [2, 4])
        #expect(recording.inputs.map(\.time) == [1000, 2000])
        #expect(recording.inputs.map(\.event) == ["coin", "push"])
        #expect(recording.inputs.map(\.payload) == [#"{"amount":25}"#, nil])
    }

    @Test("a recorded trace file: blank lines skipped and numbered as in the file; a line cut short is refused at its line")
    func readingTraceFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.jsonl").path
        try (Self.recorded[0] + "\n\n" + Self.recorded[1] + "\r\n").write(toFile: good, atomically: true, encoding: .utf8)
        let read = try Replay.read(good).get()
        #expect(read.lines == Array(Self.recorded[0...1]))
        #expect(read.numbers == [1, 3])
        let cut = directory.appendingPathComponent("cut.jsonl").path
        try (Self.recorded[0] + "\n" + String(Self.recorded[1].prefix(40)) + "\n").write(toFile: cut, atomically: true, encoding: .utf8)
        guard case .failure(let error) = Replay.read(cut) else {
            Issue.record("a line cut short was read")
            return
        }
        #expect(error.problem.group == .replayNotJSONLines)
        #expect(error.origin == "--replay")
    }

    @Test("the first line that differs names the members that differ; equal traces have none")
    func firstDifference() {
        #expect(Replay.firstDifference(expected: Self.recorded, got: Self.recorded) == nil)
        var changed = Self.recorded
        changed[2] = changed[2].replacingOccurrences(of: #""passes":1}"#, with: #""passes":2}"#)
        #expect(Replay.firstDifference(expected: Self.recorded, got: changed)
            == "step 3: state.passes expected 1, got 2 [#ReplayDiverged]")
        #expect(Replay.firstDifference(expected: Self.recorded, got: Array(Self.recorded.prefix(3)))
            == "summary: expected \(Self.recorded[3]) got the end of the run [#ReplayDiverged]")
    }

    @Test("a lasso's cycle closes when every spin ends it where it began it")
    func cycles() {
        let steps = [
            #"{"step":1,"spin":"A","from":"x","to":"y","state":{"n":0}}"#,
            #"{"step":2,"spin":"A","from":"y","to":"z","state":{"n":0}}"#,
            #"{"step":3,"spin":"A","from":"z","to":"y","state":{"n":0}}"#,
        ]
        #expect(Replay.cycleDifference(steps, cycleStep: 2) == nil)
        #expect(Replay.cycleDifference(steps, cycleStep: 3)
            == "step 3: spin 'A' ends the cycle (steps 3 to 3) elsewhere than it began it: the cycle does not close [#ReplayDiverged]")
    }
}
