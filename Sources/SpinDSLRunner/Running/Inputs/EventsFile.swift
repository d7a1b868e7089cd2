import SpinDSLFrontEnd

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `--events FILE`: one input event per line, `[TIME] NAME [JSON]`, blank lines and `#` comments
/// skipped; lines end with LF or CRLF.
///
/// A run reduces at most `--max-steps` events, so of a large file only the first `--max-steps`
/// events in time order can be taken: those are kept, the rest only checked (a line that is not an
/// event is reported wherever it is; the payloads of the events kept are checked against the spec
/// as they are scheduled). The file itself is read within `--max-events-bytes`.
public struct EventsFile {

    /// The file as given; `-` is stdin (`--events -` when stdin is not a terminal).
    public let path: String
    /// Whether stdin is a terminal: `--events -` then reads lines as they are typed.
    public static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// The file as messages name it: `stdin:3` for `--events -`.
    private var shown: String { path == "-" ? "stdin" : path }
    /// The most bytes read.
    public let limit: Int
    /// The most events kept (the earliest, equal times in file order).
    public let keep: Int

    /// The events file at `path` (`-`: standard input), read up to `limit` bytes, keeping the
    /// earliest `keep` events.
    public init(path: String, limit: Int, keep: Int) {
        self.path = path
        self.limit = limit
        self.keep = keep
    }

    /// The kept events in time order (lines with equal times keep their order), or the first
    /// problem: the file cannot be read, or a line is not an event.
    public func read() -> Result<[InputEvent], UsageError> {
        let bytes: [UInt8]
        let file = path == "-" ? "/dev/stdin" : path
        switch FileBytes.contents(atPath: file, rawPath: RawArguments.bytes(of: file), limit: limit) {
        case .success(let read):
            bytes = read
        case .failure(.tooLarge(let size)):
            let sizeText = size.map(String.init) ?? "at least \(limit &+ 1)"
            return .failure(UsageError("--events", .eventsFileTooLarge, ["path": shown, "size": sizeText, "limit": limit]))
        case .failure:
            return .failure(UsageError("--events", .fileUnreadable, ["path": shown]))
        }
        var kept: [(line: Int, input: InputEvent)] = []
        var sorted = true
        let batch = keep > Int.max / 2 ? Int.max : keep * 2
        var number = 0
        var start = 0
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            let line = String(decoding: bytes[start..<lineEnd], as: UTF8.self)
            start = end + 1
            // The origin is written only for the events kept and the line reported.
            switch EventParsing.parseLine(line, origin: "", allowTime: true) {
            case nil:
                continue
            case .failure(let error)?:
                return .failure(UsageError("\(shown):\(number)", error.problem))
            case .success(let input)?:
                if let last = kept.last, last.input.atMilliseconds > input.atMilliseconds { sorted = false }
                kept.append((number, input))
                // Trimmed in batches: the earliest `keep` of twice as many.
                if kept.count >= batch, kept.count > keep {
                    if !sorted { Self.sort(&kept); sorted = true }
                    kept.removeSubrange(keep...)
                }
            }
        }
        if !sorted { Self.sort(&kept) }
        if kept.count > keep { kept.removeSubrange(keep...) }
        return .success(kept.map { line, input in
            var input = input
            input.origin = "\(shown):\(line)"
            return input
        })
    }

    /// By time, then by line.
    private static func sort(_ events: inout [(line: Int, input: InputEvent)]) {
        events.sort { ($0.input.atMilliseconds, $0.line) < ($1.input.atMilliseconds, $1.line) }
    }
}
