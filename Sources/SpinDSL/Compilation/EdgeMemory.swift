import Spin

/// Remembers whether a condition held on the previous state, to detect rising edges.
final class EdgeMemory: Sendable {
    private let held = Locked(false)

    /// True when `holds` is true now and was false before.
    func rises(_ holds: Bool) -> Bool {
        held.withLock { held in
            defer { held = holds }
            return holds && !held
        }
    }
}
