import Foundation
import Testing

/// Hostile specs through the built `spinrun`: each case with its exact diagnostic (or summary),
/// its exit status, and a hard bound on its time (generous: it catches hangs, it is no speed
/// target). Small cases are fixtures under `Fixtures/hostile/`; large ones are written to a
/// temporary directory by the test.
@Suite("hostile specs (spinrun)")
struct HostileTests {
    private static let fixtures = HostileRun.fixtures

    private func run(_ arguments: [String], within seconds: Double = 30, interruptAfter: Double? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> SpinrunProcess.Output {
        try HostileRun.run(arguments, within: seconds, interruptAfter: interruptAfter, sourceLocation: sourceLocation)
    }

    private func temporary(_ name: String, _ bytes: [UInt8]) throws -> String {
        try HostileRun.temporary(name, bytes)
    }

    private func remove(_ path: String) {
        HostileRun.remove(path)
    }

    @Test("an alias bomb: exit 1, the limit and its flag named, well under a second of work")
    func aliasBomb() throws {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<10 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let path = try temporary("bomb.yaml", Array(text.utf8))
        defer { remove(path) }
        let output = try run([path])
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr == """
            \(path):6:45: error: alias expansion exceeds the limit of 1000000 nodes (possible alias bomb) [#AliasExpansionLimit]
                a5: &a5 [*a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4]
                                                            ^
            hint: raise the limit if the document really is this large: spinrun --max-alias-nodes N (YAMLLimits.maxNodes)

            """)
        let lower = try run(["--max-alias-nodes", "50", path])
        #expect(lower.status == 1)
        #expect(lower.stderr.hasPrefix("\(path):2:30: error: alias expansion exceeds the limit of 50 nodes (possible alias bomb) [#AliasExpansionLimit]"))
    }

    @Test("nesting 10,000 deep: exit 1 at the 513th level, naming --max-depth")
    func deepNesting() throws {
        let path = try temporary("deep.yaml", Array(("spin: Deep\ndata: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n").utf8))
        defer { remove(path) }
        let output = try run([path])
        #expect(output.status == 1)
        let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "\(path):2:518: error: nesting deeper than 512 levels [#NestingTooDeep]")
        #expect(lines.dropLast().last == "hint: raise the limit if the document really nests this deep: spinrun --max-depth N (YAMLLimits.maxDepth)")
        let shallow = try run(["--max-depth", "3", path])
        #expect(shallow.stderr.hasPrefix("\(path):2:9: error: nesting deeper than 3 levels [#NestingTooDeep]"))
    }

    @Test("a 10 MB scalar: read (within the 64 MiB default), or refused by --max-spec-bytes")
    func hugeScalar() throws {
        let text = "spin: Big\ndescription: " + String(repeating: "x", count: 10 * 1024 * 1024) + "\nevents: [go]\ninputs: [go]\ntransitions:\n  - { on: go }\n"
        let path = try temporary("big.yaml", Array(text.utf8))
        defer { remove(path) }
        let output = try run(["--format", "jsonl", path], within: 60)
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == #"{"run":{"seed":1,"inputs":"script"}}"# + "\n" + #"{"summary":{"status":"idle","steps":0,"time":0,"spins":{"Big":{"state":null,"data":{}}}}}"# + "\n")
        let refused = try run(["--max-spec-bytes", "1000000", path])
        #expect(refused.status == 1)
        #expect(refused.stderr == "\(path):1:1: error: input is \(text.utf8.count) bytes, more than the limit of 1000000 bytes [#SpecTooLarge]\nhint: raise the limit if the file really is this large: spinrun --max-spec-bytes N (YAMLLimits.maxBytes)\n")
    }

    @Test("invalid UTF-8: exit 1 at the bad byte")
    func invalidUTF8() throws {
        let path = try temporary("utf8.yaml", Array("spin: Bad\ndescription: caf".utf8) + [0xC3, 0x28, 0x20, 0xFF, 0x0A] + Array("events: [go]\n".utf8))
        defer { remove(path) }
        let output = try run([path])
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("\(path):2:17: error: invalid UTF-8: invalid trailing UTF-8 octet (byte 0x28 at offset 27) [#InvalidUTF8]\n"))
        #expect(output.stderr.hasSuffix("hint: save the file as UTF-8\n"))
    }

    @Test("a byte-order mark is skipped: columns count from after it")
    func byteOrderMark() throws {
        let path = try temporary("bom.yaml", [0xEF, 0xBB, 0xBF] + Array("spin: Bom\nevents: [go, stop]\ninputs: [go]\ntransitions:\n  - { on: go }\n".utf8))
        defer { remove(path) }
        let output = try run(["--format", "jsonl", path])
        #expect(output.status == 0)
        #expect(output.stderr == """
            \(path):2:14: warning: event 'stop' of spin 'Bom' is never emitted: no rule emits it and it is not an input [#NeverEmittedEvent]
                events: [go, stop]
                             ^
            hint: add it to 'inputs', or remove it

            """)
    }

    @Test("tabs as indentation: a YAML syntax error with a hint")
    func tabs() throws {
        let output = try run(["\(Self.fixtures)/tabs.yaml"])
        #expect(output.status == 1)
        #expect(output.stderr == "\(Self.fixtures)/tabs.yaml:3:1: error: YAML syntax error: tab character used for indentation [#TabIndentation]\n    \t- go\n    ^\nhint: indent with spaces; YAML does not allow tabs for indentation\n")
    }

    @Test("duplicate keys: exit 1 at the second, pointing to the first")
    func duplicateKeys() throws {
        let output = try run(["\(Self.fixtures)/duplicate-keys.yaml"])
        #expect(output.status == 1)
        #expect(output.stderr == "\(Self.fixtures)/duplicate-keys.yaml:3:1: error: duplicate key 'events' [#DuplicateKey]\n    events: [stop]\n    ^\nhint: first defined at line 2:1\n")
    }

    @Test("an integer literal past Int64, in data and in an expression: exit 1")
    func hugeIntegerLiterals() throws {
        let data = try run(["\(Self.fixtures)/huge-int-data.yaml"])
        #expect(data.status == 1)
        #expect(data.stderr.hasPrefix("\(Self.fixtures)/huge-int-data.yaml:3:6: error: integer literal '9223372036854775808' does not fit in a 64-bit integer [#IntegerLiteralTooLarge]\n"))
        let expression = try run(["\(Self.fixtures)/huge-int-expression.yaml"])
        #expect(expression.status == 1)
        #expect(expression.stderr.hasPrefix("\(Self.fixtures)/huge-int-expression.yaml:6:29: error: integer literal '9223372036854775808' does not fit in a 64-bit integer [#IntegerLiteralTooLarge]\n"))
    }

    @Test("Int.max + 1, division and modulo by zero at run time: exit 3 with the location", arguments: [
        ("int-max-plus-one", "6:27: error: integer overflow in 'n + 1' [#IntegerOverflow]"),
        ("division-by-zero", "7:27: error: division by zero in 'n / d' [#DivisionByZero]"),
        ("modulo-by-zero", "7:27: error: modulo by zero in 'n % d' [#ModuloByZero]"),
    ])
    func runTimeArithmetic(spec: String, fault: String) throws {
        let path = "\(Self.fixtures)/\(spec).yaml"
        let output = try run(["--format", "jsonl", "--quiet", path])
        #expect(output.status == 3)
        #expect(output.stderr == "\(path):\(fault)\n")
        #expect(output.stdout.contains(#""status":"error","steps":1,"#))
    }

    @Test("NaN compares false with everything, itself included; its value prints as \"nan\"")
    func notANumber() throws {
        let output = try run(["--format", "jsonl", "--quiet", "\(Self.fixtures)/nan.yaml"])
        #expect(output.status == 0)
        #expect(output.stdout == #"{"summary":{"status":"idle","steps":2,"time":0,"spins":{"Nan":{"state":null,"data":{"x":"nan","seen":1}}}}}"# + "\n")
    }

    @Test("an empty file, a list, a scalar: exit 1 with what a spec must be", arguments: [
        ("empty", "1:1: error: the spec is empty [#EmptySpec]"),
        ("list", "1:1: error: a spec must be a mapping with 'spin' or 'spins' at the top [#SpecNotMapping]"),
        ("scalar", "1:1: error: a spec must be a mapping with 'spin' or 'spins' at the top [#SpecNotMapping]"),
    ])
    func notASpec(spec: String, message: String) throws {
        let path = "\(Self.fixtures)/\(spec).yaml"
        let output = try run([path])
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix("\(path):\(message)\n"))
    }

    @Test("a directory or a missing file as the spec: exit 1")
    func notAFile() throws {
        let directory = try run([Self.fixtures])
        #expect(directory.status == 1)
        #expect(directory.stderr == "\(Self.fixtures):1:1: error: '\(Self.fixtures)' is a directory, not a spec file [#SpecIsDirectory]\nhint: give the path of a .yaml or .json spec file\n")
        let missing = try run(["\(Self.fixtures)/missing.yaml"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "\(Self.fixtures)/missing.yaml:1:1: error: cannot read '\(Self.fixtures)/missing.yaml': no such file [#FileNotFound]\nhint: check the path; a relative path starts from the current directory\n")
    }

    @Test("a feedback that emits two events per state: stopped by the step limit, reported as such")
    func runaway() throws {
        let output = try run(["--format", "jsonl", "--quiet", "--max-steps", "5000", "\(Self.fixtures)/runaway.yaml"])
        #expect(output.status == 4)
        #expect(output.stdout == #"{"summary":{"status":"max-steps","steps":5000,"time":0,"spins":{"Runaway":{"state":null,"data":{"count":5000}}}}}"# + "\n")
        #expect(output.stderr == "spinrun: stopped by the step limit: 5000 steps (--max-steps); a spec that never settles runs until this limit [#StepLimit]\n")
    }

    @Test("the same runaway with default limits: its queue grows one event per step, and the step limit comes first")
    func runawayWithDefaultLimits() throws {
        let output = try run(["--format", "jsonl", "--quiet", "\(Self.fixtures)/runaway.yaml"], within: 120)
        #expect(output.status == 4)
        #expect(output.stdout == #"{"summary":{"status":"max-steps","steps":100000,"time":0,"spins":{"Runaway":{"state":null,"data":{"count":100000}}}}}"# + "\n")
        #expect(output.stderr == "spinrun: stopped by the step limit: 100000 steps (--max-steps); a spec that never settles runs until this limit [#StepLimit]\n")
    }

    @Test("--max-queue 10 on the runaway: stopped when an event finds 10 waiting, reported as the queue limit, exit 4")
    func runawayQueueLimit() throws {
        let output = try run(["--format", "jsonl", "--max-queue", "10", "\(Self.fixtures)/runaway.yaml"])
        #expect(output.status == 4)
        let lines = output.stdout.split(separator: "\n").dropFirst()
        // Step k leaves k + 1 events waiting; the events emitted after step 9 find the queue full.
        #expect(lines.count == 10)
        #expect(lines.first == #"{"step":1,"time":0,"spin":"Runaway","event":{"name":"increase","payload":{}},"source":"first","from":null,"to":null,"state":{"count":1}}"#)
        #expect(lines.last == #"{"summary":{"status":"max-queue","steps":9,"time":0,"spins":{"Runaway":{"state":null,"data":{"count":9}}}}}"#)
        #expect(output.stderr == "spinrun: stopped by the queue limit: spin 'Runaway' had 10 events waiting (--max-queue); feedbacks that emit faster than the spin reduces fill its queue until this limit [#QueueLimit]\n")
        let text = try run(["--max-queue", "10", "\(Self.fixtures)/runaway.yaml"])
        #expect(text.status == 4)
        #expect(text.stdout.hasSuffix("max-queue: 9 steps, 0ms\n  Runaway  count=9\n"))
    }

    @Test("--max-queue below 1 is bad usage")
    func queueLimitMustBePositive() throws {
        let output = try run(["--max-queue", "0", "\(Self.fixtures)/runaway.yaml"])
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("Error: --max-queue must be at least 1 [#OptionOutOfRange]\n"))
    }

    @Test("a livelock: reported with its cycle after 100 repeats, not run to the step limit")
    func livelock() throws {
        let output = try run(["--format", "jsonl", "--quiet", "\(Self.fixtures)/livelock.yaml"])
        #expect(output.status == 4)
        #expect(output.stdout == #"{"summary":{"status":"livelock","steps":202,"time":0,"spins":{"Switch":{"state":"off","data":{}}},"cycle":["Switch: flip off → on","Switch: flip on → off"]}}"# + "\n")
        #expect(output.stderr == "spinrun: livelock at 0ms: a cycle of 2 steps repeated 100 times with no time passing (--livelock-repeats): Switch: flip off → on; Switch: flip on → off [#Livelock]\n")
        let off = try run(["--format", "jsonl", "--quiet", "--livelock-repeats", "0", "--max-steps", "1000", "\(Self.fixtures)/livelock.yaml"])
        #expect(off.status == 4)
        #expect(off.stdout.hasPrefix(#"{"summary":{"status":"max-steps","steps":1000,"#))
    }

    @Test("gears that bounce an event between two spins forever: a livelock with a 4-step cycle")
    func bounce() throws {
        let output = try run(["--format", "jsonl", "--quiet", "\(Self.fixtures)/bounce.yaml"])
        #expect(output.status == 4)
        #expect(output.stderr == "spinrun: livelock at 0ms: a cycle of 4 steps repeated 100 times with no time passing (--livelock-repeats): Pong: hit ready → hitting; Pong: done hitting → ready; Ping: back serving → waiting; Ping: serve waiting → serving [#Livelock]\n")
    }

    @Test("an unbound effect with no simulate: the warning, then a run-time error (exit 3) at the rule")
    func unboundEffect() throws {
        let path = "Specs/invalid/effect-without-simulate.yaml"
        let output = try run(["--format", "jsonl", "--event", "load", path])
        #expect(output.status == 3)
        #expect(output.stderr.hasSuffix("\(path):11:10: error: effect 'fetchPage' is not bound and has no 'simulate' [#EffectNotBound]\n"))
        #expect(output.stdout.split(separator: "\n").last == #"{"summary":{"status":"error","steps":2,"time":0,"spins":{"Loader":{"state":"loading","data":{}}},"error":{"location":"Specs/invalid/effect-without-simulate.yaml:11:10","message":"effect 'fetchPage' is not bound and has no 'simulate'","group":"EffectNotBound"}}}"#)
    }

    @Test("Ctrl-C mid-run: every step so far flushed, then the summary, exit 130")
    func interrupt() throws {
        let output = try run(["--format", "jsonl", "--realtime", "--max-steps", "1000000000", "--livelock-repeats", "0", "\(Self.fixtures)/livelock.yaml"], interruptAfter: 1.0)
        #expect(output.status == 130)
        // After the run's header line: the steps, then the summary.
        let lines = Array(output.stdout.split(separator: "\n").dropFirst())
        let summary = try #require(lines.last)
        #expect(summary.hasPrefix(#"{"summary":{"status":"interrupted","steps":"#))
        // Every line before the summary is a whole step, numbered 1, 2, 3, … with none lost.
        for (offset, line) in lines.dropLast().enumerated() {
            #expect(line.hasPrefix("{\"step\":\(offset + 1),"))
            #expect(line.hasSuffix("}"))
        }
        #expect(summary.contains("\"steps\":\(lines.count - 1),"))
    }

    /// On virtual time into a pipe the trace is written in chunks; Ctrl-C must still flush them all.
    @Test("Ctrl-C mid-run on virtual time (chunked output): every step so far, then the summary, exit 130")
    func interruptChunked() throws {
        let output = try run(["--format", "jsonl", "--max-steps", "1000000000", "--livelock-repeats", "0", "\(Self.fixtures)/livelock.yaml"], interruptAfter: 0.5)
        #expect(output.status == 130)
        // After the run's header line: the steps, then the summary.
        let lines = Array(output.stdout.split(separator: "\n").dropFirst())
        let summary = try #require(lines.last)
        #expect(summary.hasPrefix(#"{"summary":{"status":"interrupted","steps":"#))
        #expect(lines.count > 1)
        for (offset, line) in lines.dropLast().enumerated() {
            #expect(line.hasPrefix("{\"step\":\(offset + 1),"))
            #expect(line.hasSuffix("}"))
        }
        #expect(summary.contains("\"steps\":\(lines.count - 1),"))
    }
}
