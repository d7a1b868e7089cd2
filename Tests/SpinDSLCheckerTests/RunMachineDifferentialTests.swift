import Foundation
import Spin
import SpinTestSupport
import Testing
@testable import SpinDSLChecker
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// `RunMachine`, the checker's synchronous model of a run, against `SpecRun` on the virtual clock:
/// the same spec and seed give the same trace, step by step, and the same summary. This is what
/// lets a counterexample found on the machine replay through the real runtime.
@Suite struct RunMachineDifferentialTests {
    /// Both runs of `spec` with `seed`: (trace lines, summary line) each.
    static func bothRuns(_ spec: TestSpec, seed: UInt64, limits: RunLimits = RunLimits()) async throws
        -> (run: [String], machine: [String])
    {
        let compiled = try #require(spec.compiled)
        // The run as spinrun runs a spec without inputs: with its script.
        let runLines = Locked<[String]>([])
        let encoder = TraceEncoder(compiled.model)
        let run = SpecRun(compiled, options: SpecRunOptions(seed: seed, runsScript: true), limits: limits, observer: StepObserver { step in
            runLines.withLock { $0.append(encoder.line(step)) }
        })
        let summary = await run.run()
        var machine = RunMachine(MachineProgram(compiled, script: true, maxStringBytes: SpecRunOptions.defaultMaxStringBytes), oracle: .seeded(seed))
        let lines = Locked<[String]>([])
        machine.observer = { step in lines.withLock { $0.append(encoder.line(step)) } }
        let status = machine.runToEnd(limits)
        return (runLines.withLock { $0 } + [summary.json], lines.withLock { $0 } + [machine.summary(status).json])
    }

    static let examples = GoldenFiles.specNames(in: "Specs")

    @Test(arguments: examples, [UInt64(1), 7, 42])
    func anExampleRunsTheSameOnTheMachine(name: String, seed: UInt64) async throws {
        let spec = loadSpec("\(name).yaml")
        let (run, machine) = try await Self.bothRuns(spec, seed: seed)
        #expect(machine == run)
    }

    /// Generated specs (several spins on a gear, every kind of rule, ranges, invariants, a script):
    /// the same trace and summary on both, for two run seeds each.
    @Test(arguments: 0..<8)
    func generatedSpecsRunTheSameOnTheMachine(batch: Int) async throws {
        let valid = try await Self.runBoth(seeds: UInt64(batch * 25)..<UInt64(batch * 25 + 25), nested: false)
        #expect(valid >= 20, "only \(valid) of 25 generated specs are valid")
    }

    /// Generated statecharts (compound and parallel states, entry and exit actions, history,
    /// eventless, internal and raising rows, completion events, a gear fed from actions):
    /// the same trace and summary on both, for two run seeds each.
    @Test(arguments: 0..<8)
    func generatedStatechartsRunTheSameOnTheMachine(batch: Int) async throws {
        let valid = try await Self.runBoth(seeds: UInt64(5000 + batch * 25)..<UInt64(5025 + batch * 25), nested: true)
        #expect(valid == 25)
    }

    /// Runs the valid specs of `seeds` on both, for run seeds 1 and 99, expecting the same trace
    /// and summary (stopping at the first difference); returns how many were valid. An invalid
    /// statechart is an issue: the generator means them all to be valid.
    static func runBoth(seeds: Range<UInt64>, nested: Bool) async throws -> Int {
        let limits = RunLimits(maxSteps: 3000, maxTimeMilliseconds: 5000, livelockRepeats: 0)
        var valid = 0
        for seed in seeds {
            let (text, spec) = GeneratedSpecs.loaded(seed: seed, nested: nested)
            guard spec.compiled != nil else {
                if nested { Issue.record("generated statechart \(seed) is invalid:\n\(spec.renderedDiagnostics)\n\(text)") }
                continue
            }
            valid += 1
            for runSeed: UInt64 in [1, 99] {
                let (run, machine) = try await bothRuns(spec, seed: runSeed, limits: limits)
                #expect(machine == run, "generated spec \(seed), run seed \(runSeed):\n\(text)")
                if machine != run { return valid }
            }
        }
        return valid
    }
}
