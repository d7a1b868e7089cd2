/// The configurations in which one state is active: `active(.S)` (and `state == .S` in a nested
/// spin) tests a configuration against it.
///
/// A range for a state with no parallel state above it (its configurations are numbered
/// together), a bit table otherwise. Equal and hashed by the state's index: a spin has one per
/// state.
package final class StateMembership: Hashable, Sendable {
    /// The state's index.
    package let state: Int
    /// Its configurations, when they are one range.
    package let range: Range<Int>
    /// Bit `c` is set when the state is active in configuration `c`; nil for a range.
    package let table: [UInt64]?

    init(state: Int, range: Range<Int>, table: [UInt64]?) {
        self.state = state
        self.range = range
        self.table = table
    }

    /// Whether the state is active in `configuration`.
    @inline(__always)
    package func contains(_ configuration: Int) -> Bool {
        guard let table else { return range.contains(configuration) }
        let word = configuration >> 6
        guard configuration >= 0, word < table.count else { return false }
        return table[word] & (1 << UInt64(configuration & 63)) != 0
    }

    package static func == (lhs: StateMembership, rhs: StateMembership) -> Bool {
        lhs.state == rhs.state && lhs.range == rhs.range && lhs.table == rhs.table
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(state)
    }
}
