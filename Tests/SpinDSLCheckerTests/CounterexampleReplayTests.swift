import Foundation
import Spin
import SpinTestSupport
import Testing
@testable import SpinDSLChecker
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// Every counterexample `spinrun --check` finds is a run of the real runtime: `SpecRun`, given the
/// counterexample's inputs at their times, its choices and its limits (what `--replay` gives it),
/// makes exactly the counterexample's steps and ends with its summary; and its moves, run again
/// from the start, make the trace the search made.
@Suite struct CounterexampleReplayTests {
    /// The trace `SpecRun` makes with `trace`'s header and input steps: its lines and summary line.
    static func replayed(_ trace: CounterexampleTrace, _ compiled: CompiledSpec) async -> [String] {
        let header = trace.header
        var options = SpecRunOptions(seed: header.seed, runsScript: header.inputs == .script)
        options.choices = header.choices
        var limits = RunLimits()
        if let maxTime = header.maxTimeMilliseconds { limits.maxTimeMilliseconds = maxTime }
        if let maxSteps = header.maxSteps { limits.maxSteps = maxSteps }
        if let repeats = header.livelockRepeats { limits.livelockRepeats = repeats }
        let lines = Locked<[String]>([])
        let model = compiled.model
        let encoder = TraceEncoder(model)
        let run = SpecRun(compiled, options: options, limits: limits, observer: StepObserver { step in lines.withLock { $0.append(encoder.line(step)) } })
        for step in trace.steps where step.origin == .input {
            let spin = model.spins[step.spin]
            let event = spin.events[step.event.kind]
            let payload = Dictionary(uniqueKeysWithValues: zip(event.fields.map(\.name.text), step.event.payload))
            _ = run.schedule(spin: spin.name.text, event: HostEvent(event.name.text, payload), atMilliseconds: step.time)
        }
        let summary = await run.run()
        return lines.withLock { $0 } + [summary.json]
    }

    /// The counterexample's own lines and summary line.
    static func lines(_ trace: CounterexampleTrace, _ model: SpecModel) -> [String] {
        let encoder = TraceEncoder(model)
        return trace.steps.map(encoder.line) + [trace.summary.json]
    }

    /// Checks `spec` (within `maxStates`) and replays each finding; returns how many it replayed.
    static func replayEveryFinding(_ spec: TestSpec, maxStates: Int = 100_000, maxMoveRuns: Int = 10_000) async throws -> Int {
        let compiled = try #require(spec.compiled)
        let checker = SpecChecker(compiled)
        let result = checker.check(CheckOptions(maxStates: maxStates, maxMoveRuns: maxMoveRuns))
        for violation in result.violations {
            let trace = checker.counterexample(violation)
            // Every move the search counted is made: the start, then one per level.
            #expect(violation.counterexample.count == violation.depth &+ 1, "\(violation.description)")
            #expect(await replayed(trace, compiled) == lines(trace, compiled.model), "\(violation.description)")
            // The search made the trace from the moves' numbers; the same moves given by hand
            // (run from the start on a new machine) make the same trace.
            let byHand = CheckViolation(
                kind: violation.kind, depth: violation.depth, counterexample: violation.counterexample, cycleStart: violation.cycleStart)
            let again = checker.counterexample(byHand)
            #expect(lines(again, compiled.model) == lines(trace, compiled.model), "\(violation.description)")
            #expect(again.header == trace.header, "\(violation.description)")
        }
        return result.violations.count
    }

    @Test(arguments: ["gate-bug", "vending-deadend", "microwave-checked"])
    func theFindingsOfAnExampleReplay(name: String) async throws {
        #expect(try await Self.replayEveryFinding(loadSpec("\(name).yaml")) == 1)
    }

    @Test(arguments: ["check/bounce", "check/unreached"])
    func theFindingsOfAFixtureReplay(name: String) async throws {
        let path = "\(packageRoot)/Tests/SpinrunTests/Fixtures/\(name).yaml"
        let spec = TestSpec.load(text: try String(contentsOfFile: path, encoding: .utf8), path: "\(name).yaml")
        #expect(try await Self.replayEveryFinding(spec) == 1)
    }

    /// Generated specs (gears, timers, `choose`, simulated effects, ranges, invariants): every
    /// finding within the first 3,000 states replays, choices included.
    @Test(arguments: 0..<4)
    func theFindingsOfGeneratedSpecsReplay(batch: Int) async throws {
        #expect(try await Self.replayedFindings(seeds: UInt64(1000 + batch * 10)..<UInt64(1010 + batch * 10), nested: false) > 0)
    }

    /// Generated statecharts (history, raised and eventless steps, parity-watching `enter` rules,
    /// a gear fed from actions): every finding within the first 3,000 states replays. Moves into
    /// a ring of raised events end when the ring is found, a thousand steps or so into the move
    /// (`RunMachine.detectsRings`). Left out: the seeds whose `choose` rules act inside such a
    /// move (`unboundedChoiceSeeds`).
    @Test(arguments: 0..<4)
    func theFindingsOfGeneratedStatechartsReplay(batch: Int) async throws {
        #expect(try await Self.replayedFindings(
            seeds: UInt64(7000 + batch * 10)..<UInt64(7010 + batch * 10), nested: true, except: Self.unboundedChoiceSeeds) > 0)
    }

    /// Generated specs and statecharts whose first spin has an invariant that fails in its initial
    /// state: the check reports it at depth 0 (no move: not one move late), as the invariant that
    /// does not hold, with the start as its counterexample, and the finding replays.
    @Test(arguments: [false, true])
    func anInvariantBrokenAtTheStartIsFoundAtDepthZero(nested: Bool) async throws {
        var checked = 0
        for seed in UInt64(nested ? 7000 : 1000)..<UInt64(nested ? 7020 : 1020) where !Self.unboundedChoiceSeeds.contains(seed) {
            let text = GeneratedSpecs.loaded(seed: seed, nested: nested).text
                .replacingOccurrences(of: "  S0:\n", with: "  S0:\n    invariants:\n      notAtTheStart: false\n")
            let spec = TestSpec.load(text: text, path: "generated-\(seed).yaml")
            guard let compiled = spec.compiled else { continue }
            let checker = SpecChecker(compiled)
            let result = checker.check(CheckOptions(maxStates: 3_000))
            let first = try #require(result.violations.first, "seed \(seed)")
            #expect(result.status == .violated)
            #expect(first.depth == 0, "seed \(seed)")
            #expect(first.counterexample.map(\.kind) == [.start], "seed \(seed)")
            guard case .invariant(let failure) = first.kind else {
                Issue.record("seed \(seed): \(first.description)")
                continue
            }
            #expect(failure.spin == "S0" && failure.name == "notAtTheStart")
            let trace = checker.counterexample(first)
            #expect(trace.steps.isEmpty)
            #expect(await Self.replayed(trace, compiled) == Self.lines(trace, compiled.model), "seed \(seed)")
            checked += 1
        }
        #expect(checked >= 15)
    }

    /// Generated statecharts whose check takes minutes in a debug build: a `choose` rule acts on
    /// every state of a move whose steps can go on for ever, and the move's runs, one per
    /// combination of outcomes less those cut where they meet a state another run met
    /// (docs/checking.md, "Choices inside a move"), are hundreds or thousands a state, each up to
    /// the bound of 100,000 steps. `aMoveWhoseChoicesGoOnIsCutAndLimited` checks 7002.
    static let unboundedChoiceSeeds: Set<UInt64> = [7002, 7010, 7025, 7037]

    /// Seed 7002: a rule that chooses on every state inside a move that can go on for ever. The
    /// runs that meet a state another run met end there, so the start's move and the first
    /// moves take fewer than 500 runs each; the run limit stops the check at 53 states, and its
    /// findings replay.
    @Test func aMoveWhoseChoicesGoOnIsCutAndLimited() async throws {
        let spec = GeneratedSpecs.loaded(seed: 7002, nested: true).spec
        let compiled = try #require(spec.compiled)
        let result = SpecChecker(compiled).check(CheckOptions(maxStates: 300, maxMoveRuns: 500))
        #expect(result.limit == .maxMoveRuns)
        #expect(result.states == 53)
        #expect(result.status == .violated)
        #expect(try await Self.replayEveryFinding(spec, maxStates: 300, maxMoveRuns: 500) == result.violations.count)
    }

    /// How many findings the valid specs of `seeds` (but `except`) have within their first 3,000
    /// states, each replayed (`replayEveryFinding`).
    static func replayedFindings(seeds: Range<UInt64>, nested: Bool, except: Set<UInt64> = []) async throws -> Int {
        var findings = 0
        for seed in seeds where !except.contains(seed) {
            let spec = GeneratedSpecs.loaded(seed: seed, nested: nested).spec
            guard spec.compiled != nil else { continue }
            findings += try await replayEveryFinding(spec, maxStates: 3_000)
        }
        return findings
    }
}
