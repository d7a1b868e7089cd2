/// What an `enter` rule watches in a statechart whose rows re-enter its states: its trigger's
/// value, and while it holds the entry parities of its states; so that re-entering one of them is
/// a change the rule acts on.
struct EntryWatch: Equatable, Sendable {
    let value: TriggerValue
    /// The rule's states' parity bits while it holds; nil otherwise.
    let parities: [UInt64]?
}
