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
        #expect(lines.first == #"{"run":{"seed":1,"inputs":"script"}}"#)
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
}
