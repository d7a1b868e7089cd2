@testable import Spin
import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// Hostile input through the library: every case ends with an exact diagnostic or summary. Each
/// test has a generous time limit: it catches a hang, it is not a speed target (figures belong in
/// the benchmarks, and the sanitizer runs on a loaded machine are many times slower). The cases
/// the front end alone ends are in `SpinDSLFrontEndTests/HostileInputTests`.
@Suite("hostile input (library)", .timeLimit(.minutes(5)))
struct HostileInputTests {
    private static let loader = """
        spin: Loader
        states: [idle, loading, loaded]
        final: loaded
        events: [load, loaded]
        inputs: [load]
        transitions:
          - { from: idle, on: load, to: loading }
          - { from: loading, on: loaded, to: loaded }
        feedbacks:
          fetch: { enter: loading, effect: fetchPage }
        script:
          - { at: 0s, emit: load }
        """

    /// Requests a never-answering host effect keeps for ever.
    private static let unanswered = Locked<[CheckedContinuation<Void, Never>]>([])

    private struct Refused: Error, CustomStringConvertible {
        var description: String { "server refused" }
    }

    private func runLoader(_ effect: @escaping HostEffect, timeout: Duration?) async -> RunSummary? {
        let spec = TestSpec.load(text: Self.loader, path: "loader.yaml")
        guard let compiled = spec.compiled else { return nil }
        let options = SpecRunOptions(effects: ["fetchPage": effect], effectTimeout: timeout, runsScript: true)
        return await SpecRun(compiled, options: options).run()
    }

    /// The loader's effect was failed by its 0.5 s timeout, at virtual time `time`.
    private func expectTimedOut(_ summary: RunSummary, atVirtualMilliseconds time: Int64, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(summary.status == .error, sourceLocation: sourceLocation)
        #expect(summary.fault?.description == "loader.yaml:10:10: error: effect 'fetchPage' did not answer within 0.5 seconds [#EffectTimeout]", sourceLocation: sourceLocation)
        #expect(summary.time == time, sourceLocation: sourceLocation)
    }

    @Test("a host effect that throws: status error with the effect's location and the error")
    func effectThrows() async throws {
        let summary = try #require(await runLoader({ _ in throw Refused() }, timeout: nil))
        #expect(summary.status == .error)
        #expect(summary.fault?.description == "loader.yaml:10:10: error: effect 'fetchPage' failed: server refused [#EffectFailed]")
    }

    @Test("a host effect that never returns: failed by effectTimeout after that much real time (virtual time waits for working effects)")
    func effectNeverReturns() async throws {
        let summary = try #require(await runLoader({ _ in
            try await Task.sleep(for: .seconds(1_000_000))
            return HostEvent("loaded")
        }, timeout: .milliseconds(500)))
        expectTimedOut(summary, atVirtualMilliseconds: 0)
    }

    @Test("a host effect that never returns and ignores cancellation: failed by effectTimeout all the same")
    func effectIgnoresCancellation() async throws {
        let summary = try #require(await runLoader({ _ in
            // Never resumed, and deaf to cancellation: only abandoning the effect ends the wait.
            // The continuation is kept, as a host would keep its request, so that the abandoned
            // task stays reachable (the leak checker would otherwise report it).
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                Self.unanswered.withLock { $0.append(continuation) }
            }
            return HostEvent("loaded")
        }, timeout: .milliseconds(500)))
        expectTimedOut(summary, atVirtualMilliseconds: 0)
    }

    @Test("a host effect that sleeps on the virtual clock past its timeout: failed at the timeout")
    func effectSleepsPastTimeout() async throws {
        let summary = try #require(await runLoader({ _ in
            try await SpinClock.sleep(for: .seconds(1_000))
            return HostEvent("loaded")
        }, timeout: .milliseconds(500)))
        expectTimedOut(summary, atVirtualMilliseconds: 500)
    }

    @Test("a host effect that sleeps on the virtual clock within its timeout answers at its virtual time")
    func effectSleepsWithinTimeout() async throws {
        // The timeout also runs on the wall clock (a working host effect does not hold virtual
        // time): 10 s, so that a loaded machine running the whole suite does not reach it first.
        let summary = try #require(await runLoader({ _ in
            try await SpinClock.sleep(for: .milliseconds(200))
            return HostEvent("loaded")
        }, timeout: .seconds(10)))
        #expect(summary.status == .final)
        #expect(summary.spins.first?.state == "loaded")
        #expect(summary.time == 200)
    }

    @Test("an unbound effect without simulate: a run-time error at the rule")
    func unboundEffect() async throws {
        let spec = TestSpec.load(text: Self.loader, path: "loader.yaml")
        let compiled = try #require(spec.compiled)
        let summary = await SpecRun(compiled, options: SpecRunOptions(runsScript: true)).run()
        #expect(summary.status == .error)
        #expect(summary.fault?.description == "loader.yaml:10:10: error: effect 'fetchPage' is not bound and has no 'simulate' [#EffectNotBound]")
    }

    @Test("a livelock is reported with its cycle, long before the step limit")
    func livelock() async throws {
        let spec = TestSpec.load(text: """
            spin: Switch
            states: [off, on]
            events: [flip]
            transitions:
              - { from: off, on: flip, to: on }
              - { from: on, on: flip, to: off }
            feedbacks:
              flipper: { emit: flip }
            """, path: "switch.yaml")
        let result = try #require(await runSpec(spec, limits: RunLimits(livelockRepeats: 10)))
        #expect(result.summary.status == .livelock)
        #expect(result.summary.steps == 22)
        #expect(result.summary.cycle == ["Switch: flip off → on", "Switch: flip on → off"])
        let off = try #require(await runSpec(spec, limits: RunLimits(maxSteps: 500, livelockRepeats: 0)))
        #expect(off.summary.status == .maxSteps)
        #expect(off.summary.steps == 500)
    }

    @Test("a counter that never repeats a state is not a livelock: it runs to the step limit")
    func runawayIsNotLivelock() async throws {
        let spec = TestSpec.load(text: """
            spin: Runaway
            data:
              count: 0
            events: [increase]
            transitions:
              - { on: increase, set: { count: count + 1 } }
            feedbacks:
              first: { emit: increase }
              second: { emit: increase }
            """, path: "runaway.yaml")
        let result = try #require(await runSpec(spec, limits: RunLimits(maxSteps: 2000)))
        #expect(result.summary.status == .maxSteps)
        #expect(result.summary.json == #"{"summary":{"status":"max-steps","steps":2000,"time":0,"spins":{"Runaway":{"state":null,"data":{"count":2000}}}}}"#)
    }

    @Test("a runaway with a queue limit: status max-queue, the spin named, the steps before it exact")
    func runawayHitsTheQueueLimit() async throws {
        let spec = TestSpec.load(text: """
            spin: Runaway
            data:
              count: 0
            events: [increase]
            transitions:
              - { on: increase, set: { count: count + 1 } }
            feedbacks:
              first: { emit: increase }
              second: { emit: increase }
            """, path: "runaway.yaml")
        let result = try #require(await runSpec(spec, limits: RunLimits(maxQueueLength: 10)))
        #expect(result.summary.status == .maxQueue)
        #expect(result.summary.fullQueue == "Runaway")
        #expect(result.trace.count == 9)
        #expect(result.summary.json == #"{"summary":{"status":"max-queue","steps":9,"time":0,"spins":{"Runaway":{"state":null,"data":{"count":9}}}}}"#)
    }

    /// A runaway whose two feedbacks emit on every state queues one more event per step: within the
    /// default step limit its queue stays below the default queue limit, and the step limit reports it.
    @Test func theDefaultQueueLimitIsAboveWhatTheDefaultStepsCanQueue() {
        let limits = RunLimits()
        #expect(limits.maxQueueLength > limits.maxSteps + 1)
    }

    @Test("fuzz regression: inputs Fuzz/run found, run through the pipeline with the fuzz limits")
    func fuzzRegressions() async throws {
        let directory = "\(packageRoot)/Tests/SpinrunTests/Fixtures/hostile"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("fuzz-") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)")), as: UTF8.self)
            let spec = TestSpec.load(text: text, path: name, limits: YAMLLimits(maxNodes: 20_000, maxDepth: 64, maxBytes: 64 * 1024))
            _ = spec.renderedDiagnostics
            guard let compiled = spec.compiled else { continue }
            let summary = await SpecRun(compiled, limits: RunLimits(maxSteps: 200, maxTimeMilliseconds: 3_600_000, livelockRepeats: 10)).run()
            #expect([RunStatus.final, .idle, .maxSteps, .maxTime, .livelock, .error].contains(summary.status))
        }
    }

    @Test("random streams: a rule's 65th case does not share its stream with the next rule's first (rule * 64 + case wrapped into it)")
    func randomStreamsOfManyCases() {
        #expect(SpinBuilderForSpec.stream(rule: 0, case: 63) == 63)
        #expect(SpinBuilderForSpec.stream(rule: 1, case: 0) == 64)
        #expect(SpinBuilderForSpec.stream(rule: 0, case: 64) != SpinBuilderForSpec.stream(rule: 1, case: 0))
        let later = (0..<4).flatMap { rule in (64..<2_000).map { SpinBuilderForSpec.stream(rule: rule, case: $0) } }
        #expect(Set(later).count == later.count)
        #expect(later.allSatisfy { $0 < 0 })
        #expect(SpinBuilderForSpec.stream(rule: Int.max, case: 0) < 0)
    }
}
