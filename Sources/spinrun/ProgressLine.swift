import SpinDSL
import Synchronization

/// The progress line of a check on a terminal: at most once a second, on stderr, rewritten in
/// place, cleared at the end.
final class ProgressLine: Sendable {
    let enabled: Bool
    private let last = Mutex<Double>(-1)

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ progress: CheckProgress) {
        guard enabled else { return }
        let due = last.withLock { last in
            guard progress.seconds - last >= 1 else { return false }
            last = progress.seconds
            return true
        }
        guard due else { return }
        OutputWriter.standardError.write("\r\u{1B}[K  " + progress.text)
    }

    func clear() {
        guard enabled, last.withLock({ $0 >= 0 }) else { return }
        OutputWriter.standardError.write("\r\u{1B}[K")
    }
}
