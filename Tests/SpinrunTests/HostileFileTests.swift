import Foundation
import Testing

/// Hostile files and input streams through the built `spinrun` (issue 14): pipes, devices, names
/// that are not UTF-8, symbolic link loops, CRLF line ends, event files and stdin lines of any
/// size. Each case with its exact exit status and message, within a bound that catches hangs.
@Suite("hostile files and inputs (spinrun)")
struct HostileFileTests {
    private static let nothingToReadHint = "hint: a pipe gives what its writer wrote: start the program that writes the spec first, or give a regular file\n"

    @Test("a named pipe nobody writes, as the spec: exit 1 at once, naming it (opening it used to wait for ever)")
    func namedPipeWithoutWriter() throws {
        let directory = try HostileRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("f.yaml").path
        #expect(mkfifo(path, 0o600) == 0)
        let output = try HostileRun.run(["--validate", path], within: 10)
        #expect(output.status == 1)
        #expect(output.stdout == "\(path): 1 error\n")
        #expect(output.stderr == "\(path):1:1: error: nothing could be read from '\(path)': it is not a regular file, and it ended at once [#NothingToRead]\n" + Self.nothingToReadHint)
        let null = try HostileRun.run(["--validate", "/dev/null"], within: 10)
        #expect(null.status == 1)
        #expect(null.stderr == "/dev/null:1:1: error: nothing could be read from '/dev/null': it is not a regular file, and it ended at once [#NothingToRead]\n" + Self.nothingToReadHint)
    }

    @Test("/dev/stdin fed by a pipe stays readable, even when its writer is slow")
    func standardInputPipe() throws {
        let output = try HostileRun.shell(#"(sleep 0.5; cat Specs/turnstile.yaml) | "$SPINRUN" --validate /dev/stdin"#)
        #expect(output.status == 0)
        #expect(output.stdout == "/dev/stdin: ok\n")
        #expect(output.stderr == "")
    }

    @Test("/dev/zero as the spec: refused one byte past the limit, without quoting 64 MiB of NUL bytes")
    func deviceZero() throws {
        let output = try HostileRun.run(["--validate", "/dev/zero"], within: 10)
        #expect(output.status == 1)
        #expect(output.stderr == """
            /dev/zero:1:1: error: input is at least 67108865 bytes, more than the limit of 67108864 bytes [#SpecTooLarge]
            hint: raise the limit if the file really is this large: spinrun --max-spec-bytes N (YAMLLimits.maxBytes)

            """)
    }

    @Test("a file of NUL bytes within the limit: the quoted line is a bounded window, its NULs escaped")
    func nulBytes() throws {
        let path = try HostileRun.temporary("nul.yaml", [UInt8](repeating: 0, count: 1_000_000))
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--validate", path], within: 10)
        #expect(output.status == 1)
        let nul = #"\u0000"#
        #expect(output.stderr == """
            \(path):1:1: error: YAML reader error: control characters are not allowed (U+0000) [#YAMLReaderError]
                \(String(repeating: nul, count: 160))…
                ^

            """)
    }

    @Test("a spec whose file name is not UTF-8: opened by the argument's own bytes")
    func fileNameNotUTF8() throws {
        let directory = try HostileRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try HostileRun.shell("""
            cd '\(directory.path)' && cp "$OLDPWD/Specs/turnstile.yaml" "$(printf 'bad\\377name.yaml')" && "$SPINRUN" --validate "$(printf 'bad\\377name.yaml')"
            """)
        #expect(output.status == 0)
        #expect(output.stdout == "bad\u{FFFD}name.yaml: ok\n")
        #expect(output.stderr == "")
    }

    @Test("a symbolic link loop: said so, not 'no such file'")
    func symbolicLinkLoop() throws {
        let path = "\(HostileRun.fixtures)/link-loop.yaml"
        let output = try HostileRun.run(["--validate", path])
        #expect(output.status == 1)
        #expect(output.stderr == "\(path):1:1: error: cannot read '\(path)': too many levels of symbolic links [#SymbolicLinkLoop]\nhint: a symbolic link on the path leads back to itself; point it at the spec file\n")
    }

    @Test("an events file with CRLF line ends: read as its lines")
    func eventsFileCRLF() throws {
        let path = try HostileRun.temporary("coins.events", "# coins\r\ncoin {\"amount\": 25}\r\n0.5s push\r\n\r\n2s coin {\"amount\":30}\r\n")
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--format", "jsonl", "--quiet", "--events", path, "Specs/turnstile.yaml"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == #"{"summary":{"status":"idle","steps":3,"time":2000,"spins":{"Turnstile":{"state":"unlocked","data":{"credit":55,"passes":1}}}}}"# + "\n")
        let bad = try HostileRun.temporary("bad.events", "push\r\n1s\r\n")
        defer { HostileRun.remove(bad) }
        let badOutput = try HostileRun.run(["--events", bad, "Specs/turnstile.yaml"])
        #expect(badOutput.status == 64)
        #expect(badOutput.stderr == "Error: \(bad):2: expected an event name, found nothing [#MissingEventName]\n")
    }

    @Test("a recorded trace with CRLF line ends replays as identical")
    func replayCRLF() throws {
        let recorded = try HostileRun.run(["--format", "jsonl", "Specs/turnstile.yaml"])
        let path = try HostileRun.temporary("trace.jsonl", recorded.stdout.replacingOccurrences(of: "\n", with: "\r\n"))
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--replay", path, "Specs/turnstile.yaml"])
        #expect(output.status == 0)
        #expect(output.stdout == "replay: identical to the recorded trace (6 steps, status final)\n")
    }

    @Test("a large events file: the run takes the first --max-steps events, every line is still checked, and the size is limited")
    func largeEventsFile() throws {
        var text = ""
        for millisecond in 0..<300_000 { text += "\(millisecond)ms push\n" }
        let path = try HostileRun.temporary("many.events", text)
        defer { HostileRun.remove(path) }
        let output = try HostileRun.run(["--quiet", "--format", "jsonl", "--max-steps", "1000", "--events", path, "Specs/turnstile.yaml"], within: 20)
        #expect(output.status == 4)
        #expect(output.stdout == #"{"summary":{"status":"max-steps","steps":1000,"time":999,"spins":{"Turnstile":{"state":"locked","data":{"credit":0,"passes":0}}}}}"# + "\n")
        // Out of time order: the earliest events still come first.
        let reversed = try HostileRun.temporary("reversed.events", "5s coin {\"amount\":25}\n" + text)
        defer { HostileRun.remove(reversed) }
        let late = try HostileRun.run(["--quiet", "--format", "jsonl", "--max-steps", "3", "--events", reversed, "Specs/turnstile.yaml"], within: 20)
        #expect(late.stdout == #"{"summary":{"status":"max-steps","steps":3,"time":2,"spins":{"Turnstile":{"state":"locked","data":{"credit":0,"passes":0}}}}}"# + "\n")
        // A bad line past the events taken is reported all the same.
        let broken = try HostileRun.temporary("broken.events", text + "1x push\n")
        defer { HostileRun.remove(broken) }
        let badLine = try HostileRun.run(["--max-steps", "1000", "--events", broken, "Specs/turnstile.yaml"], within: 20)
        #expect(badLine.status == 64)
        #expect(badLine.stderr.hasPrefix("Error: \(broken):300001: invalid duration '1x'"))
        let refused = try HostileRun.run(["--max-events-bytes", "1000", "--events", path, "Specs/turnstile.yaml"])
        #expect(refused.status == 64)
        #expect(refused.stderr == "Error: --events: '\(path)' is \(text.utf8.count) bytes, more than the limit of 1000 bytes; raise the limit if the file really is this large: spinrun --max-events-bytes N [#EventsFileTooLarge]\n")
    }

    @Test("--interactive with an endless line on stdin: the line is skipped at the limit, reported as stdin:N, and the next lines still read")
    func interactiveEndlessLine() throws {
        let output = try HostileRun.shell(#"""
            { printf 'coin {"amount":25}\n'; head -c 70000000 /dev/zero; printf '\npush\n'; } | "$SPINRUN" --interactive --quiet --format jsonl Specs/turnstile.yaml
            """#, within: 20)
        #expect(output.status == 0)
        #expect(output.stderr == "Error: stdin:2: the line is longer than the limit of 67108864 bytes; it is skipped; an event line is a name and a small JSON object; raise the limit if one really is this long: spinrun --max-events-bytes N [#InputLineTooLong]\n")
        #expect(output.stdout == #"{"summary":{"status":"idle","steps":2,"time":0,"spins":{"Turnstile":{"state":"locked","data":{"credit":25,"passes":1}}}}}"# + "\n")
        let lower = try HostileRun.run(["--interactive", "--quiet", "--max-events-bytes", "10", "Specs/turnstile.yaml"], stdin: "coin {\"amount\":25}\r\npush\r\n")
        #expect(lower.stderr == "Error: stdin:1: the line is longer than the limit of 10 bytes; it is skipped; an event line is a name and a small JSON object; raise the limit if one really is this long: spinrun --max-events-bytes N [#InputLineTooLong]\n")
        #expect(lower.stdout == "idle: 1 step, 0ms\n  Turnstile  locked  credit=0 passes=0\n")
    }

    @Test("payload numbers as the same literals in a spec: 1e400 for a double and 99999999999999999999 for an int are refused, 1e-400 is 0; JSON's own number syntax (no 01, no 1.)", arguments: [
        (#"set={"to":1e400}"#, 64, "", "Error: --event set={\"to\":1e400}: floating-point literal '1e400' is too large for a double [#DoubleLiteralTooLarge]\n"),
        (#"set={"to":1e-400}"#, 0, "idle: 1 step, 0ms\n  Meter  level=0.0 count=0\n", ""),
        (#"add={"n":99999999999999999999}"#, 64, "", "Error: --event add={\"n\":99999999999999999999}: integer literal '99999999999999999999' does not fit in a 64-bit integer; integers range from -9223372036854775808 to 9223372036854775807; write a double such as 1e19 if one is meant [#IntegerLiteralTooLarge]\n"),
        (#"add={"n":01}"#, 64, "", "Error: --event add={\"n\":01}: the payload of 'add' is not a JSON object: '01' is not a JSON number: no leading zeros [#PayloadNotJSON]\n"),
        (#"set={"to":1.}"#, 64, "", "Error: --event set={\"to\":1.}: the payload of 'set' is not a JSON object: '1.' is not a JSON number: digits must follow '.' [#PayloadNotJSON]\n"),
        (#"add={"n":-0}"#, 0, "idle: 1 step, 0ms\n  Meter  level=0.5 count=0\n", ""),
    ])
    func payloadNumbers(event: String, status: Int32, stdout: String, stderr: String) throws {
        let output = try HostileRun.run(["--quiet", "--event", event, "\(HostileRun.fixtures)/meter.yaml"])
        #expect(output.status == status)
        #expect(output.stdout == stdout)
        #expect(output.stderr == stderr)
    }
}
