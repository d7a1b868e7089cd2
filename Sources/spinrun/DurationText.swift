import SpinDSL

/// Durations on the command line, as in specs: a decimal number and `ms`, `s`, `m` or `h`
/// (`300ms`, `1.5s`, `2m`, `24h`), to whole milliseconds; nil when invalid or not whole.
enum DurationText {
    static func parse(_ text: String) -> Int64? {
        guard case .milliseconds(let milliseconds) = DurationParser.parse(text) else { return nil }
        return milliseconds
    }
}
