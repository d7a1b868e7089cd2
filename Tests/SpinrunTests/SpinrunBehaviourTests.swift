import Foundation
import Testing

/// End-to-end tests of options, exit codes and streams, on the built `spinrun`.
@Suite("spinrun options and exit codes")
struct SpinrunBehaviourTests {
    private func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n")
    }

    @Test("the same spec and seed give byte-identical jsonl", arguments: SpinrunGoldenTests.specs)
    func reproducible(spec: String) throws {
        for seed in ["1", "42"] {
            let first = try SpinrunProcess.run(["--format", "jsonl", "--seed", seed, "Specs/\(spec).yaml"])
            let second = try SpinrunProcess.run(["--format", "jsonl", "--seed", seed, "Specs/\(spec).yaml"])
            #expect(first.stdout == second.stdout)
            #expect(first.status == second.status)
        }
    }

    @Test("levels converges to 15/15 and counter stops at 10")
    func knownEnds() throws {
        let levels = try SpinrunProcess.run(["--format", "jsonl", "Specs/levels.yaml"])
        #expect(lines(levels.stdout).last?.contains(#""Levels":{"state":null,"data":{"left":15,"right":15}}"#) == true)
        let counter = try SpinrunProcess.run(["--format", "jsonl", "Specs/counter.yaml"])
        #expect(lines(counter.stdout).last?.contains(#""data":{"count":10}"#) == true)
        #expect(counter.status == 0)
    }

    @Test("--max-steps 5 on counter: status max-steps, exit 4")
    func maxSteps() throws {
        let output = try SpinrunProcess.run(["--format", "jsonl", "--max-steps", "5", "Specs/counter.yaml"])
        #expect(output.status == 4)
        let all = lines(output.stdout)
        #expect(all.count == 7)
        // The first line records what a replay needs: the seed, that the inputs are the script's,
        // and the step limit, which is not the default.
        #expect(all.first == #"{"run":{"seed":1,"inputs":"script","maxSteps":5}}"#)
        #expect(all.last == #"{"summary":{"status":"max-steps","steps":5,"time":0,"spins":{"Counter":{"state":null,"data":{"count":5}}}}}"#)
    }

    @Test("--max-time ends a timed spec with status max-time, exit 4")
    func maxTime() throws {
        let output = try SpinrunProcess.run(["--format", "jsonl", "--quiet", "--max-time", "10m", "Specs/thermostat.yaml"])
        #expect(output.status == 4)
        #expect(output.stdout.hasPrefix(#"{"summary":{"status":"max-time","steps":10,"time":600000,"#))
    }

    @Test("--until 'left == right' on levels stops when the levels meet")
    func until() throws {
        let output = try SpinrunProcess.run(["--format", "jsonl", "--until", "left == right", "Specs/levels.yaml"])
        #expect(output.status == 0)
        #expect(lines(output.stdout).last == #"{"summary":{"status":"until","steps":10,"time":0,"spins":{"Levels":{"state":null,"data":{"left":15,"right":15}}}}}"#)
    }

    @Test("a bad --until is a usage error with the expression's diagnostic")
    func badUntil() throws {
        let output = try SpinrunProcess.run(["--until", "left == rigt", "Specs/levels.yaml"])
        #expect(output.status == 64)
        #expect(output.stdout == "")
        #expect(output.stderr.contains("--until:1:9: error: unknown name 'rigt' [#UnknownName]"))
        #expect(output.stderr.contains("did you mean 'right'?"))
    }

    @Test("--version")
    func version() throws {
        let output = try SpinrunProcess.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout == "spinrun 0.1.0\n")
    }

    @Test("--help shows examples and exit codes")
    func help() throws {
        let output = try SpinrunProcess.run(["--help"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("spinrun --until 'left == right' Specs/levels.yaml"))
        #expect(output.stdout.contains("EXIT STATUS"))
    }

    @Test("a missing file and a directory: exit 1 with the loader's diagnostic")
    func missingFile() throws {
        let missing = try SpinrunProcess.run(["Specs/no-such-spec.yaml"])
        #expect(missing.status == 1)
        #expect(missing.stdout == "")
        #expect(missing.stderr.hasPrefix("Specs/no-such-spec.yaml:1:1: error: cannot read 'Specs/no-such-spec.yaml': no such file [#FileNotFound]\n"))
        let directory = try SpinrunProcess.run(["Specs"])
        #expect(directory.status == 1)
        #expect(directory.stderr.contains("is a directory"))
    }

    @Test("an invalid spec does not run: exit 1, the rendered diagnostics on stderr")
    func invalidRun() throws {
        let output = try SpinrunProcess.run(["Specs/invalid/unknown-event.yaml"])
        #expect(output.status == 1)
        #expect(output.stdout == "")
        let expected = try String(contentsOf: SpinrunProcess.packageRoot.appendingPathComponent("Specs/invalid/unknown-event.expected"), encoding: .utf8)
        #expect(output.stderr == expected)
    }

    @Test("--strict makes warnings errors")
    func strict() throws {
        let lenient = try SpinrunProcess.run(["--validate", "Specs/invalid/never-emitted-event.yaml"])
        #expect(lenient.status == 0)
        #expect(lenient.stdout == "Specs/invalid/never-emitted-event.yaml: 1 warning\n")
        let strict = try SpinrunProcess.run(["--validate", "--strict", "Specs/invalid/never-emitted-event.yaml"])
        #expect(strict.status == 1)
        #expect(strict.stderr == lenient.stderr)
    }

    @Test("--event with an unknown name: usage error naming it, with a did-you-mean")
    func unknownEvent() throws {
        let output = try SpinrunProcess.run(["--event", "coyn", "Specs/turnstile.yaml"])
        #expect(output.status == 64)
        #expect(output.stdout == "")
        #expect(output.stderr == "Error: --event coyn: spin 'Turnstile' has no event 'coyn'; did you mean 'coin'? [#UnknownInputEvent]\n")
    }

    @Test("--event payloads are typed by the event's fields")
    func eventPayload() throws {
        let wrongType = try SpinrunProcess.run(["--event", #"coin={"amount":"lots"}"#, "Specs/turnstile.yaml"])
        #expect(wrongType.status == 64)
        #expect(wrongType.stderr.contains("field 'amount' of 'coin' must be an int"))
        let notJSON = try SpinrunProcess.run(["--event", "coin={amount:1}", "Specs/turnstile.yaml"])
        #expect(notJSON.status == 64)
        let missingField = try SpinrunProcess.run(["--event", "coin", "Specs/turnstile.yaml"])
        #expect(missingField.status == 64)
        #expect(missingField.stderr.contains("amount"))

        let output = try SpinrunProcess.run(["--format", "jsonl", "--event", #"coin={"amount":30}"#, "--event", "push", "Specs/turnstile.yaml"])
        #expect(output.status == 0)
        let all = lines(output.stdout).dropFirst()
        // The events come first, at time 0, in their order; the spec's script does not run.
        #expect(all.first == #"{"step":1,"time":0,"spin":"Turnstile","event":{"name":"coin","payload":{"amount":30}},"source":"input","from":"locked","to":"unlocked","state":{"credit":30,"passes":0}}"#)
        #expect(all.dropFirst().first?.hasPrefix(#"{"step":2,"time":0,"spin":"Turnstile","event":{"name":"push","payload":{}},"source":"input","from":"unlocked","to":"locked""#) == true)
    }

    @Test("--spin with an unknown name is a usage error")
    func unknownSpin() throws {
        let output = try SpinrunProcess.run(["--spin", "Levls", "Specs/levels.yaml"])
        #expect(output.status == 64)
        #expect(output.stderr == "Error: --spin: unknown spin 'Levls'; did you mean 'Levels'? (the spins: Levels) [#UnknownSpin]\n")
    }

    @Test("bad usage keeps swift-argument-parser's exit code 64")
    func badUsage() throws {
        #expect(try SpinrunProcess.run(["--bogus", "Specs/levels.yaml"]).status == 64)
        #expect(try SpinrunProcess.run([]).status == 64)
        #expect(try SpinrunProcess.run(["--format", "xml", "Specs/levels.yaml"]).status == 64)
        #expect(try SpinrunProcess.run(["--max-time", "soon", "Specs/levels.yaml"]).status == 64)
        #expect(try SpinrunProcess.run(["--dot", "--mermaid", "Specs/levels.yaml"]).status == 64)
        #expect(try SpinrunProcess.run(["Specs/levels.yaml", "Specs/counter.yaml"]).status == 64)
    }

    @Test("a run-time error: exit 3, the fault with its location on stderr")
    func runTimeError() throws {
        let output = try SpinrunProcess.run(["--format", "jsonl", "Tests/SpinrunTests/Fixtures/overflow.yaml"])
        #expect(output.status == 3)
        #expect(output.stderr == "Tests/SpinrunTests/Fixtures/overflow.yaml:7:29: error: integer overflow in 'n + 1' [#IntegerOverflow]\n")
        #expect(lines(output.stdout).last?.contains(#""status":"error""#) == true)
        #expect(lines(output.stdout).last?.contains(#""error":{"location":"Tests/SpinrunTests/Fixtures/overflow.yaml:7:29","message":"integer overflow in 'n + 1'","group":"IntegerOverflow"}"#) == true)
    }

    @Test("an invariant that does not hold: exit 6, the invariant with its location on stderr")
    func invariantFails() throws {
        let output = try SpinrunProcess.run(
            ["--event", "pass", "--event", "pass", "--event", "pass", "--event", "pass", "Tests/SpinrunTests/Fixtures/passes.yaml"])
        #expect(output.status == 6)
        #expect(output.stderr == "Tests/SpinrunTests/Fixtures/passes.yaml:11:3: error: invariant 'atMostTwo' of spin 'Gate' does not hold: passes <= 2 [#InvariantViolated]\n")
        #expect(lines(output.stdout).suffix(2) == ["invariant: 3 steps, 0ms", "  Gate  passes=3 credit=0"])
    }

    @Test("a value outside a field's range: exit 3, the assigning row's value on stderr")
    func rangeFails() throws {
        let output = try SpinrunProcess.run(
            ["--event", #"coin={"amount":30}"#, "--event", #"coin={"amount":30}"#, "Tests/SpinrunTests/Fixtures/passes.yaml"])
        #expect(output.status == 3)
        #expect(output.stderr == "Tests/SpinrunTests/Fixtures/passes.yaml:14:32: error: 60 is outside the range [0, 50] of data field 'credit' [#ValueOutOfRange]\n")
    }

    @Test("--events emits each event at its virtual time, as input, instead of the spec's script")
    func eventsFile() throws {
        let output = try SpinrunProcess.run(["--format", "jsonl", "--events", "Tests/SpinrunTests/Fixtures/coins.events", "Specs/turnstile.yaml"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == """
            {"run":{"seed":1,"inputs":"events"}}
            {"step":1,"time":0,"spin":"Turnstile","event":{"name":"coin","payload":{"amount":25}},"source":"input","from":"locked","to":"unlocked","state":{"credit":25,"passes":0}}
            {"step":2,"time":500,"spin":"Turnstile","event":{"name":"push","payload":{}},"source":"input","from":"unlocked","to":"locked","state":{"credit":25,"passes":1}}
            {"step":3,"time":2000,"spin":"Turnstile","event":{"name":"coin","payload":{"amount":30}},"source":"input","from":"locked","to":"unlocked","state":{"credit":55,"passes":1}}
            {"summary":{"status":"idle","steps":3,"time":2000,"spins":{"Turnstile":{"state":"unlocked","data":{"credit":55,"passes":1}}}}}

            """)

        let missing = try SpinrunProcess.run(["--events", "no-such-file", "Specs/turnstile.yaml"])
        #expect(missing.status == 64)
    }

    @Test("no escape codes when stdout is not a terminal, with or without NO_COLOR")
    func noColor() throws {
        for environment in [[:], ["NO_COLOR": "1"]] {
            let output = try SpinrunProcess.run(["Specs/turnstile.yaml"], environment: environment)
            #expect(!output.stdout.contains("\u{1B}"))
            #expect(!output.stderr.contains("\u{1B}"))
        }
    }

    @Test("--quiet prints the summary only")
    func quiet() throws {
        let jsonl = try SpinrunProcess.run(["--quiet", "--format", "jsonl", "Specs/counter.yaml"])
        #expect(jsonl.stdout == #"{"summary":{"status":"idle","steps":11,"time":0,"spins":{"Counter":{"state":null,"data":{"count":10}}}}}"# + "\n")
        let text = try SpinrunProcess.run(["--quiet", "Specs/counter.yaml"])
        #expect(text.stdout == "idle: 11 steps, 0ms\n  Counter  count=10\n")
    }

    @Test("--interactive emits the events typed on stdin")
    func interactive() throws {
        let output = try SpinrunProcess.run(
            ["--interactive", "--realtime", "--format", "jsonl", "Tests/SpinrunTests/Fixtures/lamp.yaml"],
            stdin: "press\n# a comment\npress\npress\nbogus\n")
        #expect(output.status == 0)
        #expect(output.stderr == "Error: stdin:5: spin 'Lamp' has no event 'bogus' [#UnknownInputEvent]\n")
        #expect(lines(output.stdout).last?.contains(#""Lamp":{"state":"worn","data":{"presses":3}}"#) == true)
    }

    @Test("Ctrl-C: the trace so far, the summary with status interrupted, exit 130")
    func interrupt() throws {
        let output = try SpinrunProcess.run(["--realtime", "--format", "jsonl", "Specs/traffic-light.yaml"], interruptAfter: 1)
        #expect(output.status == 130)
        #expect(lines(output.stdout).last?.hasPrefix(#"{"summary":{"status":"interrupted","#) == true)
    }
}
