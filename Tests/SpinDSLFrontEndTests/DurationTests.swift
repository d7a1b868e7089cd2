import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// Durations as values (docs/spec-format.md, "Durations"): literals, arithmetic, comparisons,
/// `min`/`max`, duration fields and payloads, and `after`/`every` as expressions checked when
/// constant. Their evaluation when the timer is armed is run in `SpinDSLRunnerTests/DurationTests`.
@Suite struct DurationTests {
    typealias F = ExpressionFixture

    static let scope = ExpressionScope(
        dataFields: [("delay", .duration), ("count", .int), ("factor", .double), ("label", .string)],
        eventFields: [("wait", .duration)])
    static let context = EvaluationContext(data: [.duration(1500), .int(3), .double(1.5), .string("x")], event: [.duration(250)])

    private func value(_ text: String) throws -> SpinValue {
        try F.compile(text, scope: Self.scope).evaluate(Self.context)
    }

    // MARK: Literals and arithmetic

    @Test(arguments: [
        ("250ms", SpinValue.duration(250)), ("1.5s", .duration(1_500)), ("2m", .duration(120_000)), ("1h", .duration(3_600_000)),
        ("0s", .duration(0)), ("-1s", .duration(-1_000)), ("1.25m", .duration(75_000)),
        ("1s + 500ms", .duration(1_500)), ("2s - 3s", .duration(-1_000)), ("7s % 2s", .duration(1_000)),
        ("500ms * 3", .duration(1_500)), ("3 * 500ms", .duration(1_500)), ("delay * count", .duration(4_500)),
        ("1s * 1.5", .duration(1_500)), ("1.5 * 1s", .duration(1_500)), ("1ms * 0.5", .duration(1)), ("3ms * -0.5", .duration(-2)),
        ("delay * factor", .duration(2_250)), ("1s / 3", .duration(333)), ("-1s / 3", .duration(-333)), ("1s / 4.0", .duration(250)),
        ("1s / 250ms", .double(4)), ("delay / 1ms", .double(1_500)),
        ("min(1s, 500ms)", .duration(500)), ("max(1s, 2s, delay)", .duration(2_000)), ("clamp(5s, 1s, 2s)", .duration(2_000)),
        ("abs(-2s)", .duration(2_000)), ("-delay", .duration(-1_500)), ("count > 5 ? 1s : 2s", .duration(2_000)),
        ("event.wait + delay", .duration(1_750)),
        ("1s < 2s", .bool(true)), ("1000ms == 1s", .bool(true)), ("delay >= 2s", .bool(false)), ("60s != 1m", .bool(false)),
    ])
    func durationValues(text: String, expected: SpinValue) throws {
        #expect(try value(text) == expected)
    }

    /// Text shows a duration as a spec would write it, in the largest unit that keeps it short.
    @Test(arguments: [
        ("string(0ms)", "0s"), ("string(250ms)", "250ms"), ("string(1500ms)", "1.5s"), ("string(61250ms)", "61.25s"),
        ("string(1001ms)", "1.001s"), ("string(90m)", "90m"), ("string(120m)", "2h"), ("string(-2s)", "-2s"),
        ("string(1s * 86400)", "24h"), ("string(delay)", "1.5s"),
    ])
    func durationText(text: String, expected: String) throws {
        #expect(try value(text) == .string(expected))
    }

    @Test func formattedDurationsReadBack() {
        for milliseconds: Int64 in [0, 1, 999, 1_000, 1_001, 59_999, 60_000, 61_500, 3_599_999, 3_600_000, 5_400_000, .max] {
            let text = SpinValue.format(milliseconds: milliseconds)
            #expect(SpinValue(durationText: text) == .duration(milliseconds), "\(text)")
        }
        #expect(SpinValue.format(milliseconds: .min) == "-9223372036854775.808s")
        #expect(SpinValue(durationText: "0.5ms") == nil)
        #expect(SpinValue(durationText: "1 s") == nil)
        #expect(SpinValue.duration(1_500).json(as: .duration) == #""1.5s""#)
    }

    @Test(arguments: [
        ("1s * 9223372036854775807", "spec.yaml:4:15: duration out of range in '1s * 9223372036854775807'"),
        ("1s * 1e300", "spec.yaml:4:15: duration out of range in '1s * 1e300'"),
        ("1s * (factor - factor) / 0.0", "spec.yaml:4:35: division by zero in '1s * (factor - factor) / 0.0'"),
        ("delay / (count - 3)", "spec.yaml:4:18: division by zero in 'delay / (count - 3)'"),
        ("7s % 0s", "spec.yaml:4:15: modulo by zero in '7s % 0s'"),
        ("-(1ms * 9223372036854775807) - 2ms", "spec.yaml:4:41: duration out of range in '-(1ms * 9223372036854775807) - 2ms'"),
    ])
    func durationFaults(text: String, expected: String) throws {
        let compiled = try F.compile(text, scope: Self.scope)
        #expect(throws: EvaluationError.self) { try compiled.evaluate(Self.context) }
        do {
            _ = try compiled.evaluate(Self.context)
        } catch {
            #expect("\(error.location): \(error.message)" == expected)
        }
    }

    // MARK: Types

    @Test func durationsAreTyped() {
        #expect(F.rendered("delay + 500", scope: Self.scope) == """
            spec.yaml:4:18: error: operator '+' cannot be applied to duration and int [#InvalidOperands]
                    guard: delay + 500
                                 ^
            hint: a duration has a unit: write 500ms, 1.5s, 2m or 1h

            """)
        #expect(F.rendered("min(delay, 30)", scope: Self.scope) == """
            spec.yaml:4:23: error: function 'min' mixes durations with int [#MixedDurationArguments]
                    guard: min(delay, 30)
                                      ^
            hint: a duration has a unit: write 500ms, 1.5s, 2m or 1h

            """)
        #expect(F.rendered("count * 2", expecting: .duration, scope: Self.scope) == """
            spec.yaml:4:12: error: expected duration, found int [#TypeMismatch]
                    guard: count * 2
                           ^
            hint: a duration has a unit: write 500ms, 1.5s, 2m or 1h

            """)
        #expect(F.rendered("delay < 2", scope: Self.scope) == """
            spec.yaml:4:18: error: operator '<' cannot compare duration with int [#UnorderableTypes]
                    guard: delay < 2
                                 ^
            hint: '<' orders numbers, strings and durations

            """)
        #expect(F.rendered("2min", scope: Self.scope) == """
            spec.yaml:4:13: error: unexpected 'min' after expression [#UnexpectedAfterExpression]
                    guard: 2min
                            ^

            """)
        #expect(F.rendered("0.5ms", scope: Self.scope) == """
            spec.yaml:4:12: error: duration '0.5ms' is not a whole number of milliseconds [#FractionalDuration]
                    guard: 0.5ms
                           ^
            hint: durations are counted in whole milliseconds, e.g. 1.5s or 1500ms

            """)
        #expect(F.rendered("delay * delay", scope: Self.scope) == """
            spec.yaml:4:18: error: operator '*' cannot be applied to duration and duration [#InvalidOperands]
                    guard: delay * delay
                                 ^

            """)
    }

    // MARK: Fields and timers in specs

    /// A duration field is inferred from a plain duration literal or declared; payloads and
    /// initial values are checked.
    @Test func durationFieldsAndPayloads() {
        let spec = TestSpec.load(text: """
            spin: Retry
            data:
              delay: 500ms
              limit: { type: duration, initial: 1m }
              label: "500ms"
            events:
              backoff: { by: duration }
            inputs: [backoff]
            transitions:
              - { on: backoff, set: { delay: 'min(delay + event.by, limit)' } }
            """, path: "spec.yaml")
        #expect(spec.renderedDiagnostics == "")
        let fields = spec.model?.spins.first?.fields.map { "\($0.name.text): \($0.type) = \($0.initial.formatted(as: $0.type))" }
        #expect(fields == ["delay: duration = 500ms", "limit: duration = 1m", "label: string = 500ms"])
        let bad = TestSpec.load(text: """
            spin: Retry
            data:
              delay: { type: duration, initial: 5 }
            events: [go]
            inputs: [go]
            transitions:
              - { on: go, set: { delay: 5 } }
            """, path: "spec.yaml")
        #expect(bad.renderedDiagnostics == """
            spec.yaml:3:37: error: initial value '5' of data field 'delay' is not a duration [#InitialValueMismatch]
                  delay: { type: duration, initial: 5 }
                                                    ^
            hint: write a value of the field's type, or change its 'type'
            spec.yaml:7:29: error: expected duration, found int [#TypeMismatch]
                  - { on: go, set: { delay: 5 } }
                                            ^
            hint: a duration has a unit: write 500ms, 1.5s, 2m or 1h

            """)
    }

    /// `after` and `every` are duration expressions: constant ones are checked when the spec
    /// loads, the others when their timer is armed.
    @Test func timerExpressionsAreCheckedWhenConstant() {
        let spec = TestSpec.load(text: """
            spin: A
            data:
              delay: 1s
            events: [go]
            feedbacks:
              a: { when: true, after: 5, emit: go }
              b: { when: true, after: -1s, emit: go }
              c: { when: true, every: 0ms, emit: go }
              d: { when: true, every: 1s - 2s, emit: go }
              e: { when: true, after: 1s * 9223372036854775807, emit: go }
              f: { when: true, after: 1 second, emit: go }
              g: { when: true, after: delay * 2, every: delay, emit: go }
              h: { when: true, effect: fetch, simulate: { after: -5ms, emit: go } }
            """, path: "spec.yaml")
        #expect(spec.renderedDiagnostics == """
            spec.yaml:6:27: error: expected duration, found int [#TypeMismatch]
                  a: { when: true, after: 5, emit: go }
                                          ^
            hint: a duration has a unit: write 500ms, 1.5s, 2m or 1h
            spec.yaml:7:27: error: 'after' is -1s, a negative duration [#NegativeDelay]
                  b: { when: true, after: -1s, emit: go }
                                          ^
            hint: a delay is 0ms or longer
            spec.yaml:8:27: error: the period of 'every' must be longer than 0ms [#NonPositivePeriod]
                  c: { when: true, every: 0ms, emit: go }
                                          ^
            spec.yaml:9:27: error: the period of 'every' must be longer than 0ms [#NonPositivePeriod]
                  d: { when: true, every: 1s - 2s, emit: go }
                                          ^
            spec.yaml:10:30: error: duration out of range in '1s * 9223372036854775807' [#DurationOutOfRange]
                  e: { when: true, after: 1s * 9223372036854775807, emit: go }
                                             ^
            spec.yaml:11:29: error: unexpected 'second' after expression [#UnexpectedAfterExpression]
                  f: { when: true, after: 1 second, emit: go }
                                            ^
            spec.yaml:13:54: error: 'after' is -5ms, a negative duration [#NegativeDelay]
                  h: { when: true, effect: fetch, simulate: { after: -5ms, emit: go } }
                                                                     ^
            hint: a delay is 0ms or longer

            """)
    }
}
