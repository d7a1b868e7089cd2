/// What the analyses of a spin read of one row.
struct RowFacts {
    let event: Int
    let target: Int?
    /// Whether the row's guard is the literal `false`.
    let isNeverTaken: Bool
}
