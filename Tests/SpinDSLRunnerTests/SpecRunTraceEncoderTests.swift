@testable import Spin
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// The JSON Lines trace as `TraceEncoder`, its one writer, writes it.
@Suite struct SpecRunTraceEncoderTests {
    /// Runs `spec` and returns its trace twice: the encoder's bytes, and its lines one by one
    /// (`line(_:)`, each with the newline it leaves out).
    func bothTraces(_ spec: TestSpec, limits: RunLimits = RunLimits()) async -> (records: String, encoded: String)? {
        guard let compiled = spec.compiled else { return nil }
        let encoder = TraceEncoder(compiled.model)
        let collected = Locked<(records: String, bytes: [UInt8])>(("", []))
        let run = SpecRun(compiled, options: SpecRunOptions(runsScript: true), limits: limits, observer: StepObserver { step in
            collected.withLock { collected in
                collected.records += encoder.line(step) + "\n"
                encoder.appendLine(step, to: &collected.bytes)
            }
        })
        _ = await run.run()
        return collected.withLock { ($0.records, String(decoding: $0.bytes, as: UTF8.self)) }
    }

    @Test(arguments: [
        "counter.yaml", "gear.yaml", "levels.yaml", "movies.yaml", "thermostat.yaml", "traffic-light.yaml", "turnstile.yaml",
        "vending.yaml", "http-retry.yaml", "stopwatch.yaml", "microwave.yaml", "elevator.yaml",
    ])
    func everyExampleSpecsLinesAreItsBytes(name: String) async throws {
        let traces = try #require(await bothTraces(loadSpec(name)))
        #expect(!traces.records.isEmpty)
        #expect(traces.encoded == traces.records)
    }

    /// A step of a spin the spec does not have (another run's): indices instead of names.
    @Test func aForeignStepIsWrittenWithIndices() throws {
        let encoder = TraceEncoder(try #require(loadSpec("turnstile.yaml").model))
        let step = TraceStep(
            number: 3, time: 1500, spin: 7, event: SpecEvent(kind: 2), origin: .input, from: 1,
            state: SpecState(control: 0, data: []), changed: false, reentry: nil)
        #expect(encoder.line(step) == ##"{"step":3,"time":1500,"spin":"#7","event":{"name":"#2","payload":{}},"source":"input","from":null,"to":null,"state":{},"changed":false}"##)
    }

    /// Strings to escape, doubles that JSON cannot spell, enums, durations, payloads, extreme and
    /// negative integers: the exact line, and the same bytes as the record's. (Names follow the
    /// name rule, so they never need escaping in a spec that loads.)
    @Test func escapesAndExtremesEncodeExactly() async throws {
        let spec = TestSpec.load(text: #"""
            spin: Odd
            states: [idle, busy_now]
            initial: idle
            final: [busy_now]
            data:
              text: "a\"b\\c\nd\u0001é"
              low: -9223372036854775808
              high: 9223372036854775807
              ratio: 0.0
              mode: { type: enum, values: [slow, fast], initial: fast }
              wait: 1.5s
            events:
              go: { by: int, label: string }
            transitions:
              - { from: idle, on: go, to: busy_now, set: { ratio: ratio / 0.0, text: event.label, wait: wait * -2 } }
            feedbacks:
              start_it:
                - { when: state == .idle, emit: go, with: { by: -12, label: '"x\ty\"q"' } }
            """#, path: "odd.yaml")
        #expect(spec.renderedDiagnostics == "")
        let traces = try #require(await bothTraces(spec))
        #expect(traces.encoded == traces.records)
        #expect(traces.encoded == #"""
            {"step":1,"time":0,"spin":"Odd","event":{"name":"go","payload":{"by":-12,"label":"x\ty\"q"}},"source":"start_it","from":"idle","to":"busy_now","state":{"text":"x\ty\"q","low":-9223372036854775808,"high":9223372036854775807,"ratio":"nan","mode":"fast","wait":"-3s"}}

            """#)
    }

    @Test(arguments: [Int64.min, Int64.min + 1, -10, -9, -1, 0, 1, 9, 10, 99, 100, 1_000_000_007, Int64.max])
    func integersAreWrittenAsTheirDecimalText(value: Int64) {
        var bytes: [UInt8] = []
        TraceEncoder.appendInteger(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }

    @Test func stringsAreEscapedAsSpinValueEscapesThem() {
        let texts = ["", "plain", "quote \" and \\ backslash", "\n\r\t\u{8}\u{C}", "\u{0}\u{1}\u{1F}\u{7F}", "é ✓ 🌀", "\u{2028}"]
        for text in texts {
            var bytes: [UInt8] = []
            TraceEncoder.appendString(text, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == SpinValue.jsonString(text))
        }
    }
}
