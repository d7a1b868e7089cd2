import Foundation
import Testing

/// Hostile runs through the built `spinrun` (issue 14): limits at their extremes, faults that must
/// not be swallowed, values that must not wrap. Each case with its exact exit status and message.
@Suite("hostile runs (spinrun)")
struct HostileRunTests {
    private static let fixtures = HostileRun.fixtures

    @Test("--max-steps near Int.max with --livelock-repeats 2 or 1: the livelock window saturates, the run ends as usual", arguments: [
        ("9223372036854775807", "2"), ("4611686018427387904", "1"),
    ])
    func livelockWindowAtIntMax(maxSteps: String, repeats: String) throws {
        let levels = try HostileRun.run(["--quiet", "--max-steps", maxSteps, "--livelock-repeats", repeats, "Specs/levels.yaml"])
        #expect(levels.status == 0)
        #expect(levels.stdout == "idle: 20 steps, 0ms\n  Levels  left=15 right=15\n")
        #expect(levels.stderr == "")
        // The window still finds a livelock (after `repeats` repeats of its 2-step cycle).
        let livelock = try HostileRun.run(["--quiet", "--format", "jsonl", "--max-steps", maxSteps, "--livelock-repeats", repeats, "\(Self.fixtures)/livelock.yaml"])
        #expect(livelock.status == 4)
        let steps = repeats == "2" ? 6 : 4
        #expect(livelock.stdout == #"{"summary":{"status":"livelock","steps":\#(steps),"time":0,"spins":{"Switch":{"state":"off","data":{}}},"cycle":["Switch: flip off → on","Switch: flip on → off"]}}"# + "\n")
    }

    @Test("a negative number after an option is its value, refused by its range (it was taken for an option: 'Missing value')")
    func negativeOptionValues() throws {
        let steps = try HostileRun.run(["--max-steps", "-1", "Specs/levels.yaml"])
        #expect(steps.status == 64)
        #expect(steps.stderr.hasPrefix("Error: --max-steps must be at least 1 [#OptionOutOfRange]\n"))
        let repeats = try HostileRun.run(["--livelock-repeats", "-5", "Specs/levels.yaml"])
        #expect(repeats.stderr.hasPrefix("Error: --livelock-repeats must be 0 (off) or more [#OptionOutOfRange]\n"))
        let seed = try HostileRun.run(["--seed", "-1", "Specs/levels.yaml"])
        #expect(seed.status == 64)
        #expect(seed.stderr.hasPrefix("Error: The value '-1' is invalid for '--seed <seed>'\n"))
    }

    @Test("a fault in --until ends the run as an error at its place in --until, on the initial state or at the step (it was taken as false)", arguments: [
        ("left / 0 == 1", 0, #"{"left":10,"right":20}"#, "--until:1:6: error: division by zero in 'left / 0' [#DivisionByZero]"),
        ("left / (left - 12) == 1", 3, #"{"left":12,"right":19}"#, "--until:1:6: error: division by zero in 'left / (left - 12)' [#DivisionByZero]"),
    ])
    func untilFault(until: String, steps: Int, data: String, fault: String) throws {
        let output = try HostileRun.run(["--quiet", "--format", "jsonl", "--until", until, "Specs/levels.yaml"])
        #expect(output.status == 3)
        #expect(output.stderr == fault + "\n")
        let location = fault.prefix { $0 != " " }.dropLast()
        let message = fault.dropFirst(location.count + 9).dropLast(" [#DivisionByZero]".count)
        #expect(output.stdout == #"{"summary":{"status":"error","steps":\#(steps),"time":0,"spins":{"Levels":{"state":null,"data":\#(data)}},"error":{"location":"\#(location)","message":"\#(message)","group":"DivisionByZero"}}}"# + "\n")
    }

    @Test("a fault in a trigger condition ends the run at its location, as in a guard (becomes, when with every, changes: it was swallowed)", arguments: [
        ("trigger-fault-becomes", "B", 1, #"{"n":0}"#, "9:24"),
        ("trigger-fault-every", "E", 1, #"{"n":0}"#, "9:20"),
        ("trigger-fault-changes", "C", 1, #"{"n":0}"#, "9:24"),
        // `becomes:` held from the initial state on; the fault comes while it holds.
        ("trigger-fault-after-holding", "B2", 6, #"{"n":0}"#, "10:24"),
    ])
    func triggerFault(spec: String, spin: String, steps: Int, data: String, place: String) throws {
        let path = "\(Self.fixtures)/\(spec).yaml"
        let output = try HostileRun.run(["--quiet", "--format", "jsonl", path])
        #expect(output.status == 3)
        #expect(output.stderr == "\(path):\(place): error: division by zero in '10 / n' [#DivisionByZero]\n")
        #expect(output.stdout == #"{"summary":{"status":"error","steps":\#(steps),"time":0,"spins":{"\#(spin)":{"state":null,"data":\#(data)}},"error":{"location":"\#(path):\#(place)","message":"division by zero in '10 / n'","group":"DivisionByZero"}}}"# + "\n")
    }

    @Test("changes: with strategy: continue: each of the five values (the initial one and four changes) starts an action that completes (one did)")
    func changesContinue() throws {
        let output = try HostileRun.run(["--quiet", "--format", "jsonl", "\(Self.fixtures)/changes-continue.yaml"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == #"{"summary":{"status":"idle","steps":9,"time":3603000,"spins":{"K":{"state":null,"data":{"n":4,"done":5}}}}}"# + "\n")
    }

    @Test("choose weights whose sum overflows: refused at the weight that makes it too large (the total wrapped to 0 and the first branch won every draw)")
    func weightSumOverflow() throws {
        let path = "\(Self.fixtures)/weights-overflow.yaml"
        let output = try HostileRun.run([path])
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr == """
            \(path):15:19: error: the weights of the choices of rule 'die' add up to more than 9223372036854775807 [#WeightSumTooLarge]
                      - { weight: 9223372036854775807, emit: high }
                                  ^
            hint: only the weights' ratios matter: divide them by a common factor

            """)
    }

    @Test("a weight past Int64: the reader's one diagnostic, not a second [#InvalidWeight] at the same place")
    func weightTooLarge() throws {
        let path = "\(Self.fixtures)/weight-too-large.yaml"
        let output = try HostileRun.run(["--validate", path])
        #expect(output.status == 1)
        #expect(output.stdout == "\(path): 1 error\n")
        #expect(output.stderr.hasPrefix("\(path):13:19: error: integer literal '99999999999999999999' does not fit in a 64-bit integer [#IntegerLiteralTooLarge]\n"))
        #expect(!output.stderr.contains("[#InvalidWeight]"))
    }

    @Test("SIGTERM mid-run (chunked output): every step so far, then the summary with status terminated, exit 143 (it killed the process, losing up to 64 KiB of steps and the summary)")
    func terminate() throws {
        let output = try HostileRun.run(
            ["--format", "jsonl", "--max-steps", "1000000000", "--livelock-repeats", "0", "\(Self.fixtures)/livelock.yaml"], terminateAfter: 0.5)
        #expect(output.status == 143)
        #expect(output.stderr == "")
        // The run's header, its steps, its summary.
        var lines = output.stdout.split(separator: "\n")
        let header = try #require(lines.first)
        #expect(header == #"{"run":{"seed":1,"inputs":"script","maxSteps":1000000000,"livelockRepeats":0}}"#)
        lines.removeFirst()
        let summary = try #require(lines.last)
        #expect(summary.hasPrefix(#"{"summary":{"status":"terminated","steps":"#))
        #expect(lines.count > 1)
        for (offset, line) in lines.dropLast().enumerated() {
            #expect(line.hasPrefix("{\"step\":\(offset + 1),"))
            #expect(line.hasSuffix("}"))
        }
        #expect(summary.contains("\"steps\":\(lines.count - 1),"))
        let text = try HostileRun.run(["--quiet", "--max-steps", "1000000000", "--livelock-repeats", "0", "\(Self.fixtures)/livelock.yaml"], terminateAfter: 0.5)
        #expect(text.status == 143)
        #expect(text.stdout.hasPrefix("terminated: "))
    }

    @Test("SIGINT and SIGTERM mid-run: the summary's state is the last written step's (it was one step past it in 6 runs of 8)")
    func interruptedSummaryAgreesWithTheLastStep() throws {
        for interrupt in [true, false, true, false] {
            let arguments = ["--format", "jsonl", "--max-steps", "1000000000", "--livelock-repeats", "0", "\(Self.fixtures)/livelock.yaml"]
            let output = try HostileRun.run(arguments, interruptAfter: interrupt ? 0.4 : nil, terminateAfter: interrupt ? nil : 0.4)
            #expect(output.status == (interrupt ? 130 : 143))
            let lines = output.stdout.split(separator: "\n")
            let summary = try #require(lines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
            let spins = try #require((summary["summary"] as? [String: Any])?["spins"] as? [String: Any])
            let last = try #require(lines.dropLast().last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
            #expect((spins["Switch"] as? [String: Any])?["state"] as? String == last["to"] as? String, "\(lines.suffix(2))")
        }
    }

    @Test("control characters in string data: escaped in the text trace as in JSON Lines (ESC, CR and newline went raw to the terminal, forging lines)")
    func controlCharactersInTheTextTrace() throws {
        let output = try HostileRun.run(["--event", "go", "\(Self.fixtures)/control-characters.yaml"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        let data = #"a\u001b[31mred\r\nforged line\n[       0ms] #99  T  go"#
        #expect(output.stdout == """
            T: a\\u001b[31mred\\r\\nforged line
            [       0ms] #1   T  go  (input)  s=\(data)
            T: \(data)
            idle: 1 step, 0ms
              T  s=\(data)

            """)
        #expect(!output.stdout.contains("\u{1B}") && !output.stdout.contains("\r"))
        #expect(output.stdout.split(separator: "\n").count == 5)
    }

    @Test("an event name of 100,000 characters: the event column is padded to at most 32, so other lines stay short (each was padded to 100 KB)")
    func longEventNamePadding() throws {
        let long = String(repeating: "e", count: 100_000)
        let path = try HostileRun.temporary("long-event.yaml", """
            spin: E
            data:
              n: 0
            events: [tick, \(long)]
            inputs: [\(long)]
            transitions:
              - { on: tick, set: { n: n + 1 } }
            feedbacks:
              f: { when: n < 1000, emit: tick }

            """)
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run([path], within: 10)
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 1002)
        let first = "[       0ms] #1   E  tick" + String(repeating: " ", count: 28) + "  (f)  n=1"
        #expect(lines.first.map(String.init) == first)
        #expect(lines.allSatisfy { $0.count < 80 })
    }

    @Test("min and max of 100,000 arguments: evaluated in one frame (a chain of 100,000 closures overflowed the stack, exit 139)", arguments: [
        ("n: 0", "min", "n=1"), ("x: 0.5", "max", "x=99999.5"), ("d: 5s", "min", "d=1ms"),
    ])
    func hugeArgumentLists(data: String, function: String, result: String) throws {
        let field = data.prefix { $0 != ":" }
        // Ints counting down for min, doubles counting up for max, durations counting down.
        let arguments = (0..<100_000).map { index in
            switch field {
            case "n": return String(100_000 - index)
            case "x": return "\(index).5"
            default: return "\(100_000 - index)ms"
            }
        }.joined(separator: ", ")
        let path = try HostileRun.temporary("args.yaml", """
            spin: M
            data:
              \(data)
            events: [go]
            inputs: [go]
            transitions:
              - { on: go, set: { \(field): "\(function)(\(arguments))" } }

            """)
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--quiet", "--event", "go", path], within: 10)
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == "idle: 1 step, 0ms\n  M  \(result)\n")
    }

    @Test("a string that doubles on every step: stopped at its '+' by the string limit, located, exit 3 (it aborted allocating 1.3 GB)")
    func stringLimit() throws {
        let path = "\(Self.fixtures)/string-doubling.yaml"
        let output = try HostileRun.run(["--quiet", "--format", "jsonl", path], within: 20)
        #expect(output.status == 3)
        #expect(output.stderr == "\(path):7:29: error: a string of 33554432 bytes in 's + s' is longer than the limit of 16777216 bytes [#StringTooLong]\n")
        // 23 doublings of "ab" make 16 MiB, the most the default allows; the 24th is refused.
        #expect(output.stdout.hasPrefix(#"{"summary":{"status":"error","steps":24,"time":0,"spins":{"D":{"state":null,"data":{"s":"abab"#))
        #expect(output.stdout.hasSuffix(#""error":{"location":"\#(path):7:29","message":"a string of 33554432 bytes in 's + s' is longer than the limit of 16777216 bytes","group":"StringTooLong"}}}"# + "\n"))
        let lower = try HostileRun.run(["--quiet", "--max-string-bytes", "1000", path])
        #expect(lower.status == 3)
        #expect(lower.stderr == "\(path):7:29: error: a string of 1024 bytes in 's + s' is longer than the limit of 1000 bytes [#StringTooLong]\n")
        #expect(lower.stdout == "error: 9 steps, 0ms\n  D  s=" + String(repeating: "ab", count: 256) + "\n")
        let zero = try HostileRun.run(["--max-string-bytes", "0", path])
        #expect(zero.status == 64)
        #expect(zero.stderr.hasPrefix("Error: --max-string-bytes must be at least 1 [#OptionOutOfRange]\n"))
    }

    @Test("a string growing by 15 bytes a step for 100,000 steps: the livelock check samples long strings instead of hashing them whole each step (23 s)")
    func growingString() throws {
        let output = try HostileRun.run(["--quiet", "--format", "jsonl", "\(Self.fixtures)/string-growing.yaml"], within: 60)
        #expect(output.status == 4)
        #expect(output.stderr == "spinrun: stopped by the step limit: 100000 steps (--max-steps); a spec that never settles runs until this limit [#StepLimit]\n")
        #expect(output.stdout == #"{"summary":{"status":"max-steps","steps":100000,"time":0,"spins":{"G":{"state":null,"data":{"s":""# + String(repeating: "abcdefghijklmno", count: 100_000) + #"","n":0}}}}}"# + "\n")
    }

    @Test("a rule list of 30,000 in: cases over 30,000 states, within 1 GiB: only the current state's cases are tried (each case held a flag per state: 900 MB, and was tried on every state)")
    func manyInCases() throws {
        let count = 30_000
        var text = "spin: R\nstates: [\((0..<count).map { "s\($0)" }.joined(separator: ", "))]\nfinal: s\(count - 1)\nevents: [go]\ninputs: [go]\ntransitions:\n"
        for index in 0..<(count - 1) { text += "  - { from: s\(index), on: go, to: s\(index + 1) }\n" }
        text += "feedbacks:\n  many:\n"
        for index in stride(from: count - 1, through: 0, by: -1) { text += "    - { in: s\(index), emit: go }\n" }
        let path = try HostileRun.temporary("cases.yaml", text)
        defer { HostileRun.remove(path) }
        let output = try HostileRun.shell("ulimit -v 1048576; \"$SPINRUN\" --quiet '\(path)'", within: 60)
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == "final: 29999 steps, 0ms\n  R  s29999\n")
    }

    @Test("one row assigning 150,000 fields: read in one pass, a duplicate among them found at its place (the streamed row's duplicate check was quadratic: 21 s)")
    func rowOfManyFields() throws {
        let count = 150_000
        let head = "spin: F\ndata:\n" + (0..<count).map { "  f\($0): 0\n" }.joined() + "events: [go]\ninputs: [go]\ntransitions:\n  - on: go\n    set: {"
        let pairs = (0..<count).map { "f\($0): 1" }.joined(separator: ", ")
        let path = try HostileRun.temporary("fields.yaml", head + pairs + "}\n")
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--quiet", "--event", "go", path], within: 30)
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout.hasSuffix(" f149998=1 f149999=1\n"))
        let duplicate = try HostileRun.temporary("duplicate.yaml", head + pairs + ", f7: 2}\n")
        defer { HostileRun.remove(duplicate) }
        let refused = try HostileRun.run(["--validate", duplicate], within: 30)
        #expect(refused.status == 1)
        let line = count + 7
        let column = "    set: {".count + pairs.count + 3
        #expect(refused.stderr.hasPrefix("\(duplicate):\(line):\(column): error: duplicate key 'f7' [#DuplicateKey]\n"))
        #expect(refused.stderr.hasSuffix("hint: first defined at line \(line):60\n"))
    }
}
