/// What an `enter` rule watches in a statechart whose rows re-enter its states: whether it holds,
/// and the entry parities of its states; compared by those alone. The state rides along so that
/// the action sees the state that entered.
struct EntryWatch: Equatable, Sendable {
    let state: SpecState
    /// The rule's states' parity bits while it holds; nil while it does not.
    let parities: [UInt64]?

    static func == (lhs: EntryWatch, rhs: EntryWatch) -> Bool {
        lhs.parities == rhs.parities
    }
}
