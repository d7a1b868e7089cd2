import SpinDSLFrontEnd

/// The lines of an interactive session (`spinrun --interactive`), read one at a time: what each
/// line asks of the run. The caller reads the lines (stdin, on a thread of its own: reading
/// blocks), gives each to `read(_:)` (or `readTooLong()` for a line longer than `maxLineBytes`),
/// and carries out the action with `perform(_:on:)`; a refused line is reported and skipped.
///
/// On virtual time the session keeps its own time, `now` (0 at first), and the run's time stands
/// still there while the session waits for a line (`SpecRun.allowTime`), so no timer fires
/// behind the typist's back:
/// - `NAME [JSON]` sends the input at `now`;
/// - `wait DURATION` lets time pass: `now` moves on by the duration, and every timer due by then
///   fires;
/// - `TIME NAME [JSON]` (as in `--events`: TIME from the start) moves `now` to TIME and sends the
///   input then; a TIME before `now` is refused (`[#InputInThePast]`).
/// After the input ends time runs on, as for a run without input. On the wall clock
/// (`realtime`) an input is sent at once, `wait DURATION` pauses the reading for that long, and
/// a time is refused.
public struct InteractiveInput: Sendable {
    /// What one line asks for.
    public enum Action {
        /// Nothing: a blank or comment line.
        case none
        /// The line is refused, for this reason (its origin is `stdin:LINE`).
        case refuse(UsageError)
        /// `wait DURATION` on the wall clock: the reader pauses this long before the next line.
        case pause(milliseconds: Int64)
        /// `wait DURATION` on virtual time: the run's time may pass up to here (the new `now`).
        case allowTime(untilMilliseconds: Int64)
        /// An input to send at once (the wall clock).
        case send(InputEvent)
        /// An input to schedule at its time, up to which the run's time may pass (virtual time).
        case schedule(InputEvent)
    }

    /// The spec the inputs are for.
    public let model: SpecModel
    /// The spin the inputs go to (`--spin`); nil: the spin that has the event as an input.
    public let spin: String?
    /// The longest line read (`--max-events-bytes`), for the message of a longer one.
    public let maxLineBytes: Int
    /// Whether the run is on the wall clock (`--realtime`).
    public let realtime: Bool
    /// The session's time on virtual time, in milliseconds from the start: the latest a line
    /// moved it to (0 at first).
    public private(set) var now: Int64 = 0
    /// The lines read so far (the number of the last one).
    public private(set) var lineNumber = 0

    /// A session of inputs for `model`, at time 0, before its first line.
    public init(model: SpecModel, spin: String?, maxLineBytes: Int, realtime: Bool) {
        self.model = model
        self.spin = spin
        self.maxLineBytes = maxLineBytes
        self.realtime = realtime
    }

    /// Where the last line read was: `stdin:LINE`.
    private var origin: String { "stdin:\(lineNumber)" }

    /// The next line (without its line end): what it asks for. A `wait` or a time moves `now`.
    public mutating func read(_ line: String) -> Action {
        lineNumber &+= 1
        if let wait = Self.wait(line, origin: origin) {
            switch wait {
            case .failure(let error):
                return .refuse(error)
            case .success(let milliseconds):
                if realtime { return .pause(milliseconds: milliseconds) }
                let (later, overflow) = now.addingReportingOverflow(milliseconds)
                now = overflow ? Int64.max : later
                return .allowTime(untilMilliseconds: now)
            }
        }
        switch EventParsing.parseLine(line, origin: origin, allowTime: !realtime) {
        case nil:
            return .none
        case .failure(let error)?:
            return .refuse(error)
        case .success(var input)?:
            if realtime { return .send(input) }
            // A line without a time is at the session's time.
            if !EventParsing.startsWithTime(line) { input.atMilliseconds = now }
            guard input.atMilliseconds >= now else {
                return .refuse(UsageError(origin, .inputInThePast, ["time": Self.text(milliseconds: input.atMilliseconds), "now": Self.text(milliseconds: now)]))
            }
            now = input.atMilliseconds
            return .schedule(input)
        }
    }

    /// The next line, longer than `maxLineBytes`: refused.
    public mutating func readTooLong() -> Action {
        lineNumber &+= 1
        return .refuse(UsageError(origin, .inputLineTooLong, ["limit": maxLineBytes]))
    }

    /// Carries out `action` on `run`: time allowed to pass, an input sent or scheduled (into
    /// `spin`); the problem to report when the line is refused or its input cannot be sent. A
    /// pause is the reader's to make: nothing is done here.
    public func perform(_ action: Action, on run: SpecRun) -> UsageError? {
        switch action {
        case .none, .pause:
            return nil
        case .refuse(let error):
            return error
        case .allowTime(let milliseconds):
            run.allowTime(untilMilliseconds: milliseconds)
            return nil
        case .send(let input):
            switch EventParsing.hostEvent(input, spin: spin, in: model) {
            case .failure(let error): return error
            case .success(let event): return run.emit(spin: spin, event: event).map { UsageError(input.origin, $0) }
            }
        case .schedule(let input):
            run.allowTime(untilMilliseconds: input.atMilliseconds)
            switch EventParsing.hostEvent(input, spin: spin, in: model) {
            case .failure(let error): return error
            case .success(let event):
                let problem = run.schedule(spin: spin, event: event, atMilliseconds: input.atMilliseconds, origin: input.origin)
                return problem.map { UsageError(input.origin, $0) }
            }
        }
    }

    /// The duration of a `wait DURATION` line, in milliseconds (nil for any other line: an
    /// event named `wait` is `wait` alone or with a JSON payload); the problem, at `origin`, of
    /// a duration that is not one.
    public static func wait(_ line: String, origin: String) -> Result<Int64, UsageError>? {
        let words = String(String.UnicodeScalarView(EventParsing.withoutComment(line.unicodeScalars[...])))
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard words.count == 2, words[0] == "wait", let first = words[1].unicodeScalars.first, first.properties.numericType != nil else { return nil }
        switch DurationParser.parse(String(words[1])) {
        case .milliseconds(let milliseconds): return .success(milliseconds)
        case .fractional, .invalid: return .failure(UsageError(origin, .invalidDuration, ["text": String(words[1])]))
        }
    }

    /// `milliseconds` as a spec writes a duration (`250ms`, `1.5s`, `2m`).
    private static func text(milliseconds: Int64) -> String {
        SpinValue.duration(milliseconds).formatted(as: .duration)
    }
}
