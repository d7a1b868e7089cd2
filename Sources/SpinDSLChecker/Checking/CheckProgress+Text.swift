import Foundation

/// A check's progress in words, as `spinrun --check` shows it on a terminal.
extension CheckProgress {
    /// `1200 states, 300 in the frontier, depth 7, 2400 states/s, 1.5 MiB`.
    public var text: String {
        let rate = seconds > 0 ? Double(states) / seconds : 0
        return String(
            format: "%d states, %d in the frontier, depth %d, %.0f states/s, %.1f MiB",
            states, frontier, depth, rate, Double(memoryBytes) / 1_048_576)
    }
}
