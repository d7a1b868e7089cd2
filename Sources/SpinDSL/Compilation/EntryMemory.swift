import Spin

/// Remembers what an `enter` rule with `strategy: continue` watched on the previous state, to tell
/// an entry (the rule starts holding, or one of its states is entered again) from a state that
/// merely follows one.
final class EntryMemory: Sendable {
    private let previous = Locked<[UInt64]?>(nil)

    /// True when `watched` holds and did not, or holds with other parities than before.
    func entered(_ watched: EntryWatch) -> Bool {
        previous.withLock { previous in
            defer { previous = watched.parities }
            guard let parities = watched.parities else { return false }
            return previous != parities
        }
    }
}
