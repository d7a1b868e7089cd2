@testable import Spin
import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// Inputs of a run through the library: the script only when asked for, and inputs that come
/// after their spin's final state.
@Suite struct SpecRunInputTests {
    /// A door that shuts for good and a bell that keeps ringing, both fed from outside.
    private static func doorAndBell() throws -> CompiledSpec {
        let path = "Tests/SpinrunTests/Fixtures/door-and-bell.yaml"
        let text = try String(contentsOfFile: "\(packageRoot)/\(path)", encoding: .utf8)
        return try #require(TestSpec.load(text: text, path: path).compiled)
    }

    @Test func hostsGetNoScriptUnlessTheyAskForIt() async throws {
        #expect(SpecRunOptions().runsScript == false)
        let compiled = try #require(loadSpec("turnstile.yaml").compiled)

        let quiet = await SpecRun(compiled).run()
        #expect(quiet.json == #"{"summary":{"status":"idle","steps":0,"time":0,"spins":{"Turnstile":{"state":"locked","data":{"credit":0,"passes":0}}}}}"#)
        let scripted = await SpecRun(compiled, options: SpecRunOptions(runsScript: true)).run()
        #expect(scripted.json == #"{"summary":{"status":"final","steps":6,"time":5000,"spins":{"Turnstile":{"state":"closed","data":{"credit":60,"passes":2}}}}}"#)

        // A spin made for a host's own runtime: the script is a feedback named "input", only on request.
        #expect(compiled.instantiate().spins[0].feedbacks.map(\.name) == [])
        #expect(compiled.instantiate(SpecRunOptions(runsScript: true)).spins[0].feedbacks.map(\.name) == ["input"])
        let clock = VirtualClock()
        let runtime = SpinRuntime(compiled.instantiate(SpecRunOptions(runsScript: true)).spins[0], clock: clock)
        runtime.start()
        await clock.advance(by: .seconds(5))
        #expect(runtime.state.control == 2)
        #expect(runtime.stepCount == 6)
    }

    @Test func anInputForASpinInItsFinalStateIsRefusedAndTheRunGoesOn() async throws {
        let compiled = try Self.doorAndBell()
        let run = SpecRun(compiled, holdOpen: true)
        let ended = Task { await run.run() }
        #expect(run.emit(spin: nil, event: HostEvent("close")) == nil)
        while run.summary().spins[0].state != "shut" { await Task.yield() }
        let refused = run.emit(spin: nil, event: HostEvent("close"))
        #expect(refused?.description == "input 'close' came after spin 'Door' stopped in its final state 'shut'; it was not sent; a spin in a final state takes no more events [#InputAfterFinal]")
        #expect(run.emit(spin: nil, event: HostEvent("ring")) == nil)
        run.closeInput()
        let summary = await ended.value
        #expect(summary.json == #"{"summary":{"status":"idle","steps":2,"time":0,"spins":{"Door":{"state":"shut","data":{}},"Bell":{"state":null,"data":{"rings":1}}}}}"#)
    }

    @Test func scheduledInputsAfterTheFinalStateAreListedInTheSummary() async throws {
        let compiled = try Self.doorAndBell()
        let run = SpecRun(compiled)
        #expect(run.schedule(spin: nil, event: HostEvent("close"), atMilliseconds: 100, origin: "first") == nil)
        #expect(run.schedule(spin: nil, event: HostEvent("ring"), atMilliseconds: 300, origin: "bell") == nil)
        #expect(run.schedule(spin: nil, event: HostEvent("close"), atMilliseconds: 200, origin: "second") == nil)
        let summary = await run.run()
        #expect(summary.steps == 2)
        #expect(summary.time == 300)
        #expect(summary.ignoredInputs == [IgnoredInput(spin: "Door", finalState: "shut", event: "close", time: 200, origin: "second")])
    }
}
