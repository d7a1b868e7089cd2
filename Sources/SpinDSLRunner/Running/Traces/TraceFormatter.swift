import SpinDSLFrontEnd


/// Turns trace records, render lines and summaries into output lines.
///
/// Text format:
///
/// ```
/// [       0ms] #1   Levels  increaseLeft  (leftEffect)  left=11 right=20
/// [    2000ms] #3   Turnstile  coin {"amount":25}  (input)  locked → unlocked  credit=35 passes=0
/// Levels: left=11 right=20                       (a render line)
/// final: 10 steps, 0ms                           (the summary: status, steps, time,
///   Levels  left=15 right=15                      then each spin's control state and data)
/// ```
///
/// The time column is as wide as `--max-time` in milliseconds (8 digits for the default 24h), the
/// step column 4 wide, spin and event names padded to the longest in the spec, but to at most
/// `maxNameWidth` characters (a longer name is written whole, unpadded: one name of 100,000
/// characters must not pad every line to 100 KB), so that lines line up. A step that changes
/// nothing ends with `(unchanged)`. Control characters in names, data and render lines are
/// escaped (`TerminalText`: `\n`, `\u001b`), so that a spec's strings cannot forge lines or
/// drive the terminal. JSON Lines: each step as `TraceEncoder` writes it and the summary's `json`,
/// exactly; render lines are not part of the JSON Lines trace.
public struct TraceFormatter: Sendable {
    public let format: TraceFormat
    public let colored: Bool
    /// Column widths of spin and event names, so that text lines line up.
    private let spinWidth: Int
    private let eventWidth: Int
    /// Digits of the time column: enough for the longest time the run may reach.
    private let timeWidth: Int
    /// Whether step and summary lines may hold control characters (see
    /// `SpecModel.mayShowControlCharacters`); render lines are always looked at.
    private let escapes: Bool
    /// The spec's names, for the text of a step.
    private let model: SpecModel
    /// The writer of JSON Lines steps, with `--format jsonl`.
    private let encoder: TraceEncoder?

    public init(format: TraceFormat, colored: Bool, model: SpecModel, maxTimeMilliseconds: Int64?) {
        self.format = format
        self.colored = colored && format == .text
        timeWidth = max(4, String(maxTimeMilliseconds ?? 0).count)
        escapes = model.mayShowControlCharacters
        spinWidth = min(Self.maxNameWidth, model.spins.map(\.name.text.count).max() ?? 0)
        eventWidth = min(Self.maxNameWidth, model.spins.flatMap { $0.events.map(\.name.text.count) }.max() ?? 0)
        self.model = model
        encoder = format == .jsonl ? TraceEncoder(model) : nil
    }

    /// The widest a spin or event column is padded to.
    public static let maxNameWidth = 32

    /// The line of one reduced event, in the formatter's format.
    public func step(_ step: TraceStep) -> String {
        if let encoder { return encoder.line(step) }
        return text(TraceRecord(step, in: model))
    }

    /// The text line of one reduced event (a host's `SpecRun` reports `TraceRecord`s).
    public func text(_ record: TraceRecord) -> String {
        // Uncolored, the line is escaped once as a whole; colored, each piece is, before the
        // colors' own escapes are added.
        let colored = self.colored, escapes = self.escapes
        func shown(_ text: String) -> String { colored && escapes ? Self.shown(text) : text }
        var line = paint("[\(pad(String(record.time), timeWidth, left: true))ms]", .dim)
        line += " " + pad("#\(record.step)", 4) + " " + paint(pad(shown(record.spin), spinWidth), .bold)
        let payload = record.payloadJSON == "{}" ? "" : " " + shown(record.payloadJSON)
        line += "  " + paint(pad(shown(record.event) + payload, eventWidth), .cyan)
        line += "  " + paint("(\(shown(record.source)))", .dim)
        if let from = record.from.map(shown), let to = record.to.map(shown) {
            line += "  " + (from == to ? paint(to, .yellow) : paint("\(from) → \(to)", .yellow))
        }
        if !record.dataText.isEmpty {
            line += "  " + shown(record.dataText)
        }
        let reentered = record.reentered
        if !reentered.isEmpty {
            line += "  " + paint("(re-entered \(reentered.map(shown).joined(separator: ", ")))", .dim)
        }
        if record.isDeferred {
            line += "  " + paint("(deferred)", .dim)
        } else if !record.changed {
            line += "  " + paint("(unchanged)", .dim)
        }
        return colored || !escapes ? line : Self.shown(line)
    }

    /// A render line, or nil when the format does not show render lines.
    public func render(spin: String, line: String) -> String? {
        switch format {
        case .jsonl: return nil
        case .text:
            // A template that already names its spin (`Feature: {state}`) is not prefixed again.
            // Uncolored, the whole line is escaped at once.
            guard colored else { return Self.shown(line.hasPrefix(spin + ":") ? line : spin + ": " + line) }
            let spin = Self.shown(spin)
            let line = Self.shown(line)
            if line.hasPrefix(spin + ":") { return paint(spin + ":", .green) + line.dropFirst(spin.count + 1) }
            return paint("\(spin): ", .green) + line
        }
    }

    /// The summary's lines.
    public func summary(_ summary: RunSummary) -> [String] {
        switch format {
        case .jsonl:
            return [summary.json]
        case .text:
            let color: Color = switch summary.status {
            case .final, .idle, .until: .green
            case .error, .interrupted, .terminated, .invariant: .red
            case .maxSteps, .maxTime, .maxQueue, .livelock: .yellow
            }
            let steps = CountedNoun.text(summary.steps, "step")
            var lines = [paint(summary.status.rawValue, color) + ": \(steps), \(summary.time)ms"]
            for spin in summary.spins {
                // Once per run: always looked at.
                var line = "  " + paint(pad(Self.shown(spin.name), spinWidth), .bold)
                if let state = spin.state { line += "  " + paint(Self.shown(state), .yellow) }
                if !spin.dataText.isEmpty { line += "  " + Self.shown(spin.dataText) }
                lines.append(line)
            }
            return lines
        }
    }

    // MARK: Helpers

    /// `text` as written to the terminal: its control characters escaped.
    private static func shown(_ text: String) -> String {
        TerminalText.escaped(text)
    }

    public enum Color: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", cyan = "36"
    }

    private func paint(_ text: String, _ color: Color) -> String {
        colored ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let missing = width - text.count
        guard missing > 0 else { return text }
        let spaces = String(repeating: " ", count: missing)
        return left ? spaces + text : text + spaces
    }
}
