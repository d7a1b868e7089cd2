import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// Durations as values (docs/spec-format.md, "Durations"), run: `after`/`every` as expressions
/// evaluated when the timer is armed. Durations as values and their checks are the front end's
/// (`SpinDSLFrontEndTests/DurationTests`).
@Suite struct DurationTests {
    // MARK: Timers in runs

    /// The `time` of a JSON Lines trace record.
    static func time(of line: String) -> String {
        guard let range = line.range(of: #""time":"#) else { return "?" }
        return String(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// The `state` object of a JSON Lines trace record (the last member, before the record's end).
    static func state(of line: String) -> String {
        guard let range = line.range(of: #""state":"#, options: .backwards) else { return "?" }
        return String(line[range.upperBound...].dropLast())
    }

    /// The backoff of the HTTP retry: each `after: delay` is evaluated when the timer is armed,
    /// on the state that armed it.
    @Test func computedDelaysAreEvaluatedWhenArmed() async throws {
        let spec = TestSpec.load(text: """
            spin: Backoff
            states: [waiting, done]
            final: done
            data:
              delay: 100ms
              tries: 0
            events: [retry]
            transitions:
              - { from: waiting, on: retry, when: tries < 3, set: { tries: tries + 1, delay: delay * 2 } }
              - { from: waiting, on: retry, to: done }
            feedbacks:
              again: { changes: tries, after: delay, emit: retry }
            """, path: "spec.yaml")
        #expect(spec.renderedDiagnostics == "")
        let result = try #require(await runSpec(spec))
        #expect(result.trace.map { "\(Self.time(of: $0)) \(Self.state(of: $0))" } == [
            #"100 {"delay":"200ms","tries":1}"#,
            #"300 {"delay":"400ms","tries":2}"#,
            #"700 {"delay":"800ms","tries":3}"#,
            #"1500 {"delay":"800ms","tries":3}"#,
        ])
        #expect(result.summary.json.contains(#""status":"final","steps":4,"time":1500"#))
    }

    /// A computed period is evaluated for each period, on the latest state.
    @Test func computedPeriodsFollowTheState() async throws {
        let spec = TestSpec.load(text: """
            spin: Ticker
            data:
              period: 100ms
              ticks: 0
            events: [tick]
            transitions:
              - { on: tick, set: { ticks: ticks + 1, period: period + 100ms } }
            feedbacks:
              ticker: { when: ticks < 3, every: period, emit: tick }
            """, path: "spec.yaml")
        let result = try #require(await runSpec(spec))
        #expect(result.trace.map { Self.time(of: $0) } == ["100", "300", "600"])
    }

    /// A computed delay that comes out negative stops the spin when the timer is armed.
    @Test func aNegativeComputedDelayIsAFault() async throws {
        let spec = TestSpec.load(text: """
            spin: Wait
            data:
              delay: 1s
            events: [go]
            feedbacks:
              waiter: { when: true, after: delay - 2s, emit: go }
            """, path: "spec.yaml")
        #expect(spec.renderedDiagnostics == "")
        let result = try #require(await runSpec(spec))
        #expect(result.summary.json.contains(#""status":"error""#))
        #expect(result.summary.json.contains(
            #""error":{"location":"spec.yaml:6:32","message":"'after' is -1s in 'delay - 2s': a delay cannot be negative","group":"InvalidTimerDuration"}"#))
    }
}
