import SpinDSLFrontEnd

/// What an `enter` rule watches in a statechart whose rows re-enter its states: its trigger's
/// value, and while it holds the entry parities of its states; so that re-entering one of them is
/// a change the rule acts on.
package struct EntryWatch: Hashable, Sendable {
    package let value: TriggerValue
    /// The rule's states' parity bits while it holds; nil otherwise.
    package let parities: [UInt64]?

    /// Creates the value from its parts, one for each stored property.
    package init(value: TriggerValue, parities: [UInt64]?) {
        self.value = value
        self.parities = parities
    }
}

extension EntryWatch {
    /// What a rule with trigger value `value` watching the entry parities `flips` sees in `state`.
    package init(value: TriggerValue, flips: [ParityFlip], in state: SpecState) {
        self.value = value
        guard case .on = value else {
            parities = nil
            return
        }
        parities = flips.map { flip in
            guard flip.slot >= 0, flip.slot < state.data.count, case .int(let bits) = state.data[flip.slot] else { return 0 }
            return UInt64(bitPattern: bits) & flip.mask
        }
    }
}
