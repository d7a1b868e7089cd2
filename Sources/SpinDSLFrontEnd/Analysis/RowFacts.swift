/// What the analyses of a spin read of one row.
struct RowFacts {
    let event: Int
    let target: Int?
    /// Whether the row's guard is the literal `false`.
    let isNeverTaken: Bool
    /// Whether the row has a guard at all: an unguarded row's model need not be read again for it.
    let hasGuard: Bool
    /// The event the row's `emit` raises, if it has one.
    let emitted: Int?
}
