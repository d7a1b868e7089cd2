@testable import Spin
import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

@Suite struct SpecRunTests {
    @Test func levelsConverge() async throws {
        let spec = loadSpec("levels.yaml")
        #expect(spec.renderedDiagnostics == "")
        let result = try #require(await runSpec(spec))
        #expect(result.summary.json == #"{"summary":{"status":"idle","steps":20,"time":0,"spins":{"Levels":{"state":null,"data":{"left":15,"right":15}}}}}"#)
        #expect(result.trace.first == #"{"step":1,"time":0,"spin":"Levels","event":{"name":"increaseLeft","payload":{}},"source":"leftEffect","from":null,"to":null,"state":{"left":11,"right":20}}"#)
    }

    /// Every example spec, run to its end with the default seed: the exact summary.
    @Test(arguments: [
        ("counter.yaml", #"{"summary":{"status":"idle","steps":11,"time":0,"spins":{"Counter":{"state":null,"data":{"count":10}}}}}"#),
        ("gear.yaml", #"{"summary":{"status":"idle","steps":5,"time":200,"spins":{"Authorization":{"state":"authorized","data":{"checks":1}},"Feature":{"state":"loaded","data":{"attempts":2}}}}}"#),
        ("movies.yaml", #"{"summary":{"status":"final","steps":6,"time":2200,"spins":{"Movies":{"state":"done","data":{"page":3,"movies":60,"retries":0}}}}}"#),
        ("traffic-light.yaml", #"{"summary":{"status":"final","steps":96,"time":159000,"spins":{"TrafficLight":{"state":"off","data":{"cycles":3,"maxCycles":3,"ticks":87}}}}}"#),
        ("thermostat.yaml", #"{"summary":{"status":"final","steps":61,"time":3600000,"spins":{"Thermostat":{"state":"done","data":{"temperature":20.25,"target":21.0,"band":0.5,"mode":"idle","minutes":60}}}}}"#),
        ("turnstile.yaml", #"{"summary":{"status":"final","steps":6,"time":5000,"spins":{"Turnstile":{"state":"closed","data":{"credit":60,"passes":2}}}}}"#),
        ("microwave.yaml", #"{"summary":{"status":"idle","steps":36,"time":30000,"spins":{"Microwave":{"state":"ready","data":{"power":1,"timer":2}}}}}"#),
        ("elevator.yaml", #"{"summary":{"status":"idle","steps":38,"time":62000,"spins":{"Elevator":{"state":["doorsOpen","floorSelecting"],"data":{"current":0,"destination":0,"doors_open":true}}}}}"#),
        ("stopwatch.yaml", #"{"summary":{"status":"final","steps":58,"time":10600,"spins":{"Stopwatch":{"state":"off","data":{"elapsed_time":2,"display":2}}}}}"#),
        ("vending.yaml", #"{"summary":{"status":"final","steps":13,"time":12500,"spins":{"Vending":{"state":"soldOut","data":{"credit":0,"sold":3,"chosen":"water","lastCoin":"dollar","display":"sold out"}}}}}"#),
        ("http-retry.yaml", #"{"summary":{"status":"final","steps":11,"time":16370,"spins":{"HttpRetry":{"state":"succeeded","data":{"attempts":6,"delay":"4s","waited":"11.5s","status":200}}}}}"#),
    ])
    func exampleSpecEndsExactly(name: String, summary: String) async throws {
        let spec = loadSpec(name)
        #expect(spec.renderedDiagnostics == "")
        let result = try #require(await runSpec(spec))
        #expect(result.summary.json == summary)
    }

    /// The gear example: the feature becoming unauthorized makes authorization re-check, and the
    /// feature retries once re-authorized.
    @Test func gearSpecTraceCrossesSpins() async throws {
        let result = try #require(await runSpec(loadSpec("gear.yaml")))
        #expect(result.trace.map { line in
            ["spin", "event", "source", "from", "to"].map { key in field(key, of: line) }.joined(separator: " ")
        } == [
            "Feature loadAnswered load loading unauthorized",
            "Authorization checkAuthorization issueReported authorized checking",
            "Authorization authorizationConfirmed check checking authorized",
            "Feature retry retryWhenReauthorized unauthorized loading",
            "Feature loadAnswered load loading loaded",
        ])
    }

    /// The same spec and seed give the same trace, run after run; another seed changes the choices.
    @Test func sameSeedSameTrace() async throws {
        let spec = loadSpec("movies.yaml")
        let first = try #require(await runSpec(spec, seed: 7))
        for _ in 0..<20 {
            let again = try #require(await runSpec(spec, seed: 7))
            #expect(again.trace == first.trace)
            #expect(again.summary == first.summary)
        }
    }

    @Test func stepLimitStopsARunawaySpin() async throws {
        let spec = TestSpec.load(text: """
            spin: Runaway
            data: { n: 0 }
            events: [bump]
            transitions: [{ on: bump, set: { n: n + 1 } }]
            feedbacks: { again: { emit: bump } }
            """, path: "runaway.yaml")
        #expect(spec.renderedDiagnostics == "")
        let result = try #require(await runSpec(spec, limits: RunLimits(maxSteps: 50)))
        #expect(result.summary.json == #"{"summary":{"status":"max-steps","steps":50,"time":0,"spins":{"Runaway":{"state":null,"data":{"n":50}}}}}"#)
    }

    /// Levels far apart leave a long tail of queued events that change nothing: a finite queue
    /// draining, not a livelock (a cycle must change some state and change it back).
    @Test func aLongTailOfUnchangedStepsIsNotALivelock() async throws {
        let text = (try? String(contentsOfFile: "\(packageRoot)/Specs/levels.yaml", encoding: .utf8)) ?? ""
        let spec = TestSpec.load(text: text.replacingOccurrences(of: "left: 10", with: "left: 0").replacingOccurrences(of: "right: 20", with: "right: 2000"), path: "levels-far.yaml")
        #expect(spec.renderedDiagnostics == "")
        let result = try #require(await runSpec(spec))
        #expect(result.summary.json == #"{"summary":{"status":"idle","steps":4000,"time":0,"spins":{"Levels":{"state":null,"data":{"left":1000,"right":1000}}}}}"#)
    }

    /// A run that ends at its time limit cancels the timers still asleep; `run()` returns only
    /// once those tasks have ended, so nothing of the run is left working (rule in docs/semantics.md).
    @Test func aRunReturnsOnlyWhenItsEffectTasksHaveEnded() async throws {
        let compiled = try #require(loadSpec("traffic-light.yaml").compiled)
        for _ in 0..<20 {
            let run = SpecRun(compiled, limits: RunLimits(maxTimeMilliseconds: 25_000))
            let summary = await run.run()
            #expect(summary.status == .maxTime)
            #expect(summary.spins.first?.state == "green")
            let clock = try #require(run.clock)
            #expect(clock.tracker.busy == 0)
            #expect(clock.hasPendingTimers == false)
        }
    }

    @Test func overflowIsARunTimeErrorAtTheExpression() async throws {
        let spec = TestSpec.load(text: """
            spin: Overflow
            data: { n: 9223372036854775806 }
            events: [bump]
            transitions: [{ on: bump, set: { n: n + 1 } }]
            feedbacks: { again: { emit: bump } }
            """, path: "overflow.yaml")
        let result = try #require(await runSpec(spec))
        #expect(result.summary.status == .error)
        #expect(result.summary.fault?.description == "overflow.yaml:4:39: error: integer overflow in 'n + 1' [#IntegerOverflow]")
        #expect(result.summary.steps == 2)
    }

    @Test func divisionByZeroInAFeedbackPayloadStopsTheRun() async throws {
        let spec = TestSpec.load(text: """
            spin: Divide
            data: { n: 0, d: 0 }
            events: { set: { value: int } }
            transitions: [{ on: set, set: { n: event.value } }]
            feedbacks: { divide: { becomes: n == 0, emit: set, with: { value: 10 / d } } }
            """, path: "divide.yaml")
        #expect(spec.renderedDiagnostics == "")
        let result = try #require(await runSpec(spec))
        #expect(result.summary.status == .error)
        #expect(result.summary.fault?.description == "divide.yaml:5:70: error: division by zero in '10 / d' [#DivisionByZero]")
    }
}

