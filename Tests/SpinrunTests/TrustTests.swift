import Foundation
import Testing

/// Answers that must not mislead (issue 23), through the binary: the checker's verdicts, the
/// validator's warnings, run limits, replays and messages, each on a fixture of
/// `Fixtures/trust/` that showed the wrong answer before.
@Suite("answers you can trust")
struct TrustTests {
    static let fixtures = "Tests/SpinrunTests/Fixtures/trust"

    static func run(_ arguments: [String]) throws -> SpinrunProcess.Output {
        CheckTests.timeless(try SpinrunProcess.run(arguments))
    }

    @Test("--check checks the invariants on the initial state: found at depth 0, with the start as the counterexample")
    func invariantAtTheStart() throws {
        let spec = "\(Self.fixtures)/invariant-at-start.yaml"
        let text = try Self.run(["--check", spec])
        #expect(text.status == 6)
        #expect(text.stderr == "")
        #expect(text.stdout == """
            \(spec):11:3: error: invariant 'positive' of spin 'Counter' does not hold: n > 0 [#InvariantViolated]
              counterexample: 0 moves after the start, 0 steps
            violated: 0 states, 1 transition, depth 0, <seconds>

            """)
        let jsonl = try Self.run(["--check", "--format", "jsonl", spec])
        #expect(jsonl.stdout == #"{"check":{"status":"violated","states":0,"transitions":1,"depth":0,"seconds":<seconds>,"violations":[{"kind":"invariant","message":"invariant 'positive' of spin 'Counter' does not hold: n > 0","location":"Tests/SpinrunTests/Fixtures/trust/invariant-at-start.yaml:11:3","depth":0}]}}"# + "\n")
        // With --max-depth 0 (the start alone) and 1, the same finding, not `incomplete`.
        for depth in ["0", "1"] {
            let shallow = try Self.run(["--check", "--max-depth", depth, spec])
            #expect(shallow.status == 6)
            #expect(shallow.stdout == text.stdout)
        }
        // The counterexample is the start, and it replays: the run stops at 0 steps.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-trust-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try SpinrunProcess.run(["--check", "--counterexample", file.path, spec])
        #expect(try String(contentsOf: file, encoding: .utf8) == """
            {"run":{"seed":1,"inputs":"events"}}
            {"summary":{"status":"invariant","steps":0,"time":0,"spins":{"Counter":{"state":"run","data":{"n":0}}},"invariant":{"spin":"Counter","name":"positive","location":"\(spec):11:3","condition":"n > 0"}}}

            """)
        #expect(try SpinrunProcess.run(["--replay", file.path, spec]).status == 0)
    }

    @Test("an invariant that cannot be evaluated on the initial state is a run-time error at depth 0")
    func invariantFaultAtTheStart() throws {
        let spec = "\(Self.fixtures)/invariant-fault-at-start.yaml"
        let output = try Self.run(["--check", spec])
        #expect(output.status == 6)
        #expect(output.stdout == """
            \(spec):11:13: error: division by zero in '10 / n' [#DivisionByZero]
              counterexample: 0 moves after the start, 0 steps
            violated: 0 states, 1 transition, depth 0, <seconds>

            """)
    }

    @Test("--check --max-depth: at least 0 (the start alone); -1 is bad usage")
    func maxDepthZero() throws {
        let zero = try Self.run(["--check", "--max-depth", "0", "Specs/turnstile-checked.yaml"])
        #expect(zero.status == 4)
        #expect(zero.stdout == "incomplete: 1 state, 1 transition, depth 0, <seconds>\n")
        #expect(zero.stderr == "spinrun: check stopped by the depth limit: 0 moves (--max-depth); states deeper than that were not explored [#DepthLimit]\n")
        let negative = try Self.run(["--check", "--max-depth", "-1", "Specs/turnstile-checked.yaml"])
        #expect(negative.status == 64)
        #expect(negative.stderr.hasPrefix("Error: --max-depth must be at least 0 with --check [#OptionOutOfRange]\n"))
        #expect(try Self.run(["--max-depth", "0", "Specs/turnstile.yaml"]).stderr.hasPrefix("Error: --max-depth must be at least 1 [#OptionOutOfRange]\n"))
    }

    @Test("a guard that tests a state of another region is not taken for a constant: no ShadowedTransition, and --check sees the row fire")
    func activeStateOfAnotherRegion() throws {
        let spec = "\(Self.fixtures)/active-in-region.yaml"
        let validated = try Self.run(["--validate", "--strict", spec])
        #expect(validated.status == 0)
        #expect(validated.stdout == "\(spec): ok\n")
        #expect(validated.stderr == "")
        let checked = try Self.run(["--check", spec])
        #expect(checked.status == 0)
        #expect(checked.stdout == "ok: 5 states, 12 transitions, depth 2, <seconds>\n")
        #expect(checked.stderr == "")
    }

    @Test("a self-transition that re-enters a watched state does not double the states: entry parities are not checked state")
    func reentryIsNotState() throws {
        let output = try Self.run(["--check", "\(Self.fixtures)/reentry.yaml"])
        #expect(output.status == 0)
        // 8 when each (configuration, count) was stored once per parity.
        #expect(output.stdout == "ok: 6 states, 6 transitions, depth 3, <seconds>\n")
        #expect(output.stderr == "")
    }

    @Test("a start that never settles: the finding, and no coverage warning (the search was cut short)")
    func startThatNeverSettles() throws {
        let output = try Self.run(["--check", "\(Self.fixtures)/start-never-settles.yaml"])
        #expect(output.status == 6)
        #expect(output.stderr == "")
        #expect(output.stdout.hasPrefix("""
            error: the spins do not settle: after one move they come back to the same state every 2 steps (found at step 1003 of the move), with no input and no time passing [#NeverSettles]
              counterexample: 0 moves after the start, 1000 steps
              [   0ms] #1   Bounce  go    (forth)  a → b
              [   0ms] #2   Bounce  back  (return)  b → a

            """))
        #expect(output.stdout.hasSuffix("  … 950 more steps (--counterexample writes them all)\nviolated: 0 states, 1 transition, depth 0, <seconds>\n"))
    }

    @Test("--max-string-bytes limits the checker's moves and invariants as it limits a run")
    func maxStringBytesInTheChecker() throws {
        let spec = "\(Self.fixtures)/long-string.yaml"
        let message = "\(spec):14:59: error: a string of 30 bytes in 's + \"xxxxxxxxxx\"' is longer than the limit of 25 bytes [#StringTooLong]"
        let checked = try Self.run(["--check", "--max-string-bytes", "25", spec])
        #expect(checked.status == 6)
        #expect(checked.stdout.hasPrefix(message + "\n  counterexample: 3 moves after the start, 3 steps\n"))
        let run = try Self.run(["--max-string-bytes", "25", "--event", "add", "--event", "add", "--event", "add", spec])
        #expect(run.status == 3)
        #expect(run.stderr == message + "\n")
        // The invariant `length(s) < 1000` builds no string; with the default limit all is well.
        #expect(try Self.run(["--check", spec]).stdout == "ok: 10 states, 10 transitions, depth 5, <seconds>\n")
    }

    @Test("a value out of range inside a parallel state is located at its row and named by its field")
    func rangeErrorInARegion() throws {
        let spec = "\(Self.fixtures)/range-in-region.yaml"
        let message = "\(spec):18:43: error: 3 is outside the range [0, 2] of data field 'n' [#ValueOutOfRange]"
        let run = try Self.run([spec])
        #expect(run.status == 3)
        #expect(run.stderr == message + "\n")
        let checked = try Self.run(["--check", spec])
        #expect(checked.status == 6)
        #expect(checked.stdout.hasPrefix(message + "\n"))
        let jsonl = try Self.run(["--check", "--format", "jsonl", spec])
        #expect(jsonl.stdout.contains(#""location":"Tests/SpinrunTests/Fixtures/trust/range-in-region.yaml:18:43""#))
    }

    @Test("a run that reaches its final state on its last allowed step is final, not stopped by the limit")
    func finalOnTheLastStep() throws {
        let six = try Self.run(["--max-steps", "6", "Specs/turnstile.yaml"])
        #expect(six.status == 0)
        #expect(six.stdout.hasSuffix("final: 6 steps, 5000ms\n  Turnstile  closed  credit=60 passes=2\n"))
        #expect(six.stderr == "")
        let five = try Self.run(["--max-steps", "5", "Specs/turnstile.yaml"])
        #expect(five.status == 4)
        #expect(five.stdout.hasSuffix("max-steps: 5 steps, 4000ms\n  Turnstile  unlocked  credit=60 passes=1\n"))
    }

    @Test("--replay of a trace with eventless steps (event null) replays")
    func replayEventlessSteps() throws {
        let recorded = try SpinrunProcess.run(["--format", "jsonl", "--event", #"floorSelected={"floor":2}"#, "Specs/elevator.yaml"])
        #expect(recorded.stdout.contains(#""event":null"#))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-trust-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(recorded.stdout.utf8).write(to: file)
        let replayed = try SpinrunProcess.run(["--replay", file.path, "Specs/elevator.yaml"])
        #expect(replayed.stderr == "")
        #expect(replayed.status == 0)
        #expect(replayed.stdout.hasPrefix("replay: identical to the recorded trace ("))
    }

    @Test("JSON Lines: a step that changed nothing says \"changed\":false")
    func unchangedStepsSaySo() throws {
        let output = try SpinrunProcess.run(["--format", "jsonl", "Specs/turnstile.yaml"])
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines[2] == #"{"step":2,"time":1000,"spin":"Turnstile","event":{"name":"push","payload":{}},"source":"input","from":"locked","to":"locked","state":{"credit":10,"passes":0},"changed":false}"#)
        #expect(lines.filter { $0.contains(#""changed""#) }.count == 1)
    }

    /// A step that exits states and enters some of them again says which, in exit and entry order,
    /// in JSON Lines and in the text trace; a targetless row and a move to a sibling do not; a
    /// replay checks them (a trace without them diverges).
    @Test("JSON Lines and the text trace name the states a step exited and entered again")
    func reentryIsTraced() throws {
        let spec = "Tests/SpinrunTests/Fixtures/trust/reentry-trace.yaml"
        let events = ["--event", "go", "--event", "stay", "--event", "next", "--event", "again"]
        let jsonl = try Self.run(["--format", "jsonl"] + events + [spec])
        #expect(jsonl.stdout == """
            {"run":{"seed":1,"inputs":"events"}}
            {"step":1,"time":0,"spin":"Reenter","event":{"name":"go","payload":{}},"source":"input","from":"a1","to":"a1","state":{"entries":2},"exited":["a1","A"],"entered":["A","a1"]}
            {"step":2,"time":0,"spin":"Reenter","event":{"name":"stay","payload":{}},"source":"input","from":"a1","to":"a1","state":{"entries":2},"changed":false}
            {"step":3,"time":0,"spin":"Reenter","event":{"name":"next","payload":{}},"source":"input","from":"a1","to":"a2","state":{"entries":2}}
            {"step":4,"time":0,"spin":"Reenter","event":{"name":"again","payload":{}},"source":"input","from":"a2","to":"a2","state":{"entries":2},"exited":["a2"],"entered":["a2"],"changed":false}
            {"summary":{"status":"idle","steps":4,"time":0,"spins":{"Reenter":{"state":"a2","data":{"entries":2}}}}}

            """)
        let text = try Self.run(events + [spec])
        #expect(text.stdout == """
            [       0ms] #1   Reenter  go     (input)  a1  entries=2  (re-entered A, a1)
            [       0ms] #2   Reenter  stay   (input)  a1  entries=2  (unchanged)
            [       0ms] #3   Reenter  next   (input)  a1 → a2  entries=2
            [       0ms] #4   Reenter  again  (input)  a2  entries=2  (re-entered a2)  (unchanged)
            idle: 4 steps, 0ms
              Reenter  a2  entries=2

            """)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reentry-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let withoutReentry = jsonl.stdout.replacingOccurrences(of: #","exited":["a2"],"entered":["a2"]"#, with: "")
        try withoutReentry.write(to: file, atomically: true, encoding: .utf8)
        let replayed = try Self.run(["--replay", file.path, spec])
        #expect(replayed.stderr == "")
        #expect(replayed.stdout == #"step 4: exited expected nothing, got ["a2"]; entered expected nothing, got ["a2"] [#ReplayDiverged]"# + "\n")
        #expect(replayed.status == 5)
    }

    /// A storm of raised events up to the limit of 10,000: the run and the check both end with the
    /// located [#RaisedEventLimit] after 10,000 steps (the check at depth 0: the start raises it),
    /// and the check keeps its counterexample's steps without their queues (it aborted, out of
    /// memory, when each step kept the whole queue of its moment).
    @Test("a storm of raised events ends at the limit, in a run and in a check")
    func raisedEventStorm() throws {
        let spec = "\(Self.fixtures)/raised-storm.yaml"
        let error = #"{"location":"\#(spec):13:12","message":"more than 10000 raised events wait to be reduced","group":"RaisedEventLimit"}"#
        let run = try Self.run(["--format", "jsonl", "--event", "go", spec])
        #expect(run.status == 3)
        #expect(run.stderr == "\(spec):13:12: error: more than 10000 raised events wait to be reduced [#RaisedEventLimit]\n")
        #expect(run.stdout.split(separator: "\n").last.map(String.init)
            == #"{"summary":{"status":"error","steps":10000,"time":0,"spins":{"Storm":{"state":"s","data":{}}},"error":"# + error + "}}")
        let check = try Self.run(["--check", "--format", "jsonl", spec])
        #expect(check.status == 6)
        #expect(check.stdout == #"{"check":{"status":"violated","states":0,"transitions":1,"depth":0,"seconds":<seconds>,"violations":[{"kind":"error","message":"more than 10000 raised events wait to be reduced","location":"\#(spec):13:12","depth":0}]}}"# + "\n")
    }

    @Test("--check --max-payloads: an input with more payloads is refused before the search, at the event")
    func tooManyPayloads() throws {
        let spec = "\(Self.fixtures)/payloads.yaml"
        let refused = try Self.run(["--check", "--max-payloads", "99", spec])
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(refused.stderr == """
            \(spec):8:3: error: input 'put' has 100 payloads (its fields' values multiplied), more than the limit of 99 [#TooManyPayloads]
                  put: { x: { type: int, values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, y: { type: int, values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] } }
                  ^
            hint: give its fields fewer 'values', or raise the limit: spinrun --check --max-payloads N (CheckOptions.maxPayloads)

            """)
        #expect(try Self.run(["--check", "--max-payloads", "100", "--max-states", "10", spec]).status == 4)
        #expect(try Self.run(["--check", "--max-payloads", "0", spec]).status == 64)
    }

    @Test("messages: an expression cut at a comma, a non-boolean 'internal', a duration with an exponent")
    func messages() throws {
        let cut = try Self.run(["--validate", "\(Self.fixtures)/cut-by-comma.yaml"])
        #expect(cut.status == 1)
        #expect(cut.stderr == """
            \(Self.fixtures)/cut-by-comma.yaml:11:41: error: the expression for 'credit' was cut at a comma: YAML read 'min(credit + event.amount, 1000)' as 2 entries of the mapping [#ExpressionCutByComma]
                  - { from: s, on: coin, set: { credit: min(credit + event.amount, 1000) } }
                                                        ^
            hint: quote the expression: credit: "min(credit + event.amount, 1000)"

            """)
        let notBool = try Self.run(["--validate", "\(Self.fixtures)/internal-not-bool.yaml"])
        #expect(notBool.status == 1)
        #expect(notBool.stderr == """
            \(Self.fixtures)/internal-not-bool.yaml:14:42: error: expected true or false for 'internal', found 'yes please' [#WrongValueKind]
                  - { from: a, on: go, to: a2, internal: yes please }
                                                         ^

            """)
        let every = try Self.run(["--validate", "\(Self.fixtures)/every-exponent.yaml"])
        #expect(every.status == 1)
        #expect(every.stderr == """
            \(Self.fixtures)/every-exponent.yaml:8:22: error: invalid duration '1e30h' [#InvalidDuration]
                  t: { in: a, every: 1e30h, emit: tick }
                                     ^
            hint: write a whole or decimal number (no exponent, below 2^63 milliseconds) followed by ms, s, m or h, e.g. 300ms or 1.5s

            """)
    }

    @Test("a flat spin of 70,000 states is not refused as too many configurations: its states are not enumerated as sets")
    func aLargeFlatSpin() throws {
        let count = 70_000
        var text = "spin: Chain\nstates: [" + (0..<count).map { "s\($0)" }.joined(separator: ", ") + "]\n"
        text += "initial: s0\nfinal: s\(count - 1)\nevents: [next]\ninputs: [next]\ntransitions:\n"
        text += (0..<(count - 1)).map { "  - { from: s\($0), on: next, to: s\($0 + 1) }\n" }.joined()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-chain-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(text.utf8).write(to: file)
        let validated = try Self.run(["--validate", file.path])
        #expect(validated.stderr == "")
        #expect(validated.status == 0)
        let run = try Self.run(["--event", "next", "--event", "next", file.path])
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("idle: 2 steps, 0ms\n  Chain  s2\n"))
    }

    @Test("--max-configurations: the limit on a parallel spin's configurations has a flag and says so")
    func maxConfigurations() throws {
        let spec = "\(Self.fixtures)/regions.yaml"
        let refused = try Self.run(["--validate", "--max-configurations", "31", spec])
        #expect(refused.status == 1)
        #expect(refused.stderr == """
            \(spec):2:7: error: spin 'Many' has more than 31 configurations of active states [#TooManyConfigurations]
                spin: Many
                      ^
            hint: parallel regions multiply their states' counts: split the spin, give its regions fewer states, or raise the limit: spinrun --max-configurations N

            """)
        #expect(try Self.run(["--validate", "--max-configurations", "32", spec]).status == 0)
        #expect(try Self.run(["--validate", "--max-configurations", "0", spec]).status == 64)
    }

    @Test("--counterexample to a path that cannot be written is bad usage: exit 64")
    func counterexampleNotWritten() throws {
        let output = try Self.run(["--check", "--counterexample", "/nonexistent/x.jsonl", "Specs/gate-bug.yaml"])
        #expect(output.status == 64)
        #expect(output.stderr == "Error: --counterexample: cannot write the counterexample to '/nonexistent/x.jsonl'; give a path in a directory that exists and can be written [#CounterexampleNotWritten]\n")
    }

    @Test("a counterexample's time column is as wide as its latest time")
    func counterexampleTimeColumn() throws {
        let output = try Self.run(["--check", "\(Self.fixtures)/slow-timer.yaml"])
        #expect(output.stdout == """
            \(Self.fixtures)/slow-timer.yaml:13:3: error: invariant 'fewTicks' of spin 'Slow' does not hold: n < 2 [#InvariantViolated]
              counterexample: 2 moves after the start, 2 steps
              [ 6000ms] #1   Slow  t     (tick)  a → b  n=1
              [12000ms] #2   Slow  t     (tick)  b → c  n=2
            violated: 4 states, 5 transitions, depth 2, <seconds>

            """)
    }
}
