import Dispatch
import SpinDSL

/// `--interactive`: reads lines from stdin on a thread of its own (reading blocks) and sends
/// each into the run; a bad line, or one longer than `maxLineBytes`, is reported on stderr and
/// skipped. EOF ends the input.
///
/// On virtual time the session keeps its own time, `now` (0 at first), and the run's time stands
/// still there while the session waits for a line (`SpecRun.allowTime`), so no timer fires
/// behind the typist's back:
/// - `NAME [JSON]` sends the input at `now`;
/// - `wait DURATION` lets time pass: `now` moves on by the duration, and every timer due by then
///   fires;
/// - `TIME NAME [JSON]` (as in `--events`: TIME from the start) moves `now` to TIME and sends the
///   input then; a TIME before `now` is refused (`[#InputInThePast]`).
/// After EOF time runs on, as for a run without input. On the wall clock (`--realtime`) an input
/// is sent at once, `wait DURATION` pauses the reading for that long, and a time is refused.
struct InteractiveReader: Sendable {
    let model: SpecModel
    let spin: String?
    /// The longest line read (`--max-events-bytes`).
    let maxLineBytes: Int
    /// Whether the run is on the wall clock (`--realtime`).
    let realtime: Bool

    func start(into run: SpecRun) {
        DispatchQueue(label: "spinrun.stdin").async {
            var lines = StandardInputLines(limit: maxLineBytes)
            var number = 0
            var now: Int64 = 0
            while let next = lines.next() {
                number += 1
                let origin = "stdin:\(number)"
                guard case .text(let line) = next else {
                    OutputWriter.standardError.line("Error: \(UsageError(origin, .inputLineTooLong, ["limit": maxLineBytes]))")
                    continue
                }
                if let wait = Self.wait(line, origin: origin) {
                    switch wait {
                    case .failure(let error):
                        OutputWriter.standardError.line("Error: \(error)")
                    case .success(let milliseconds):
                        if realtime {
                            Self.sleep(milliseconds: milliseconds)
                        } else {
                            let (later, overflow) = now.addingReportingOverflow(milliseconds)
                            now = overflow ? Int64.max : later
                            run.allowTime(untilMilliseconds: now)
                        }
                    }
                    continue
                }
                switch EventParsing.parseLine(line, origin: origin, allowTime: !realtime) {
                case nil:
                    continue
                case .failure(let error)?:
                    OutputWriter.standardError.line("Error: \(error)")
                case .success(var input)?:
                    if realtime {
                        send(input, origin: origin, into: run)
                        continue
                    }
                    // A line without a time is at the session's time.
                    if !EventParsing.startsWithTime(line) { input.atMilliseconds = now }
                    guard input.atMilliseconds >= now else {
                        OutputWriter.standardError.line("Error: \(UsageError(origin, .inputInThePast, ["time": DurationText.text(milliseconds: input.atMilliseconds), "now": DurationText.text(milliseconds: now)]))")
                        continue
                    }
                    now = input.atMilliseconds
                    run.allowTime(untilMilliseconds: now)
                    schedule(input, origin: origin, into: run)
                }
            }
            run.closeInput()
        }
    }

    /// Sends `input` at once (the wall clock).
    private func send(_ input: InputEvent, origin: String, into run: SpecRun) {
        switch EventParsing.hostEvent(input, spin: spin, in: model) {
        case .failure(let error):
            OutputWriter.standardError.line("Error: \(error)")
        case .success(let event):
            if let problem = run.emit(spin: spin, event: event) {
                OutputWriter.standardError.line("Error: \(UsageError(origin, problem))")
            }
        }
    }

    /// Schedules `input` at its time (virtual time).
    private func schedule(_ input: InputEvent, origin: String, into run: SpecRun) {
        switch EventParsing.hostEvent(input, spin: spin, in: model) {
        case .failure(let error):
            OutputWriter.standardError.line("Error: \(error)")
        case .success(let event):
            if let problem = run.schedule(spin: spin, event: event, atMilliseconds: input.atMilliseconds, origin: origin) {
                OutputWriter.standardError.line("Error: \(UsageError(origin, problem))")
            }
        }
    }

    /// The duration of a `wait DURATION` line, in milliseconds (nil for any other line: an
    /// event named `wait` is `wait` alone or with a JSON payload).
    static func wait(_ line: String, origin: String) -> Result<Int64, UsageError>? {
        let words = String(String.UnicodeScalarView(EventParsing.withoutComment(line.unicodeScalars[...])))
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard words.count == 2, words[0] == "wait", let first = words[1].unicodeScalars.first, first.properties.numericType != nil else { return nil }
        switch DurationParser.parse(String(words[1])) {
        case .milliseconds(let milliseconds): return .success(milliseconds)
        case .fractional, .invalid: return .failure(UsageError(origin, .invalidDuration, ["text": String(words[1])]))
        }
    }

    private static func sleep(milliseconds: Int64) {
        let semaphore = DispatchSemaphore(value: 0)
        _ = semaphore.wait(timeout: .now() + .milliseconds(Int(clamping: milliseconds)))
    }
}
