/// A checked and compiled expression, made once and shared by every transition row that writes the
/// same one-line text in the same scope with the same expected type (`count + 1` on each row of a
/// generated table).
///
/// Its nodes are located where the text was first written, at `base`; each row holds it as a
/// `RowExpression` with its own location, which relocates what the shared code reports. Sharing
/// it, rather than a shifted copy of the checked tree and fresh closures per row, saves their
/// memory and allocations for every row of a large table.
package final class SharedExpression: Sendable {
    /// The compiled expression, its nodes located relative to `base`.
    package let compiled: CompiledExpression
    /// Where the text it was checked from starts.
    let base: SourceLocation

    /// Shares `compiled`, checked from a text starting at `base`.
    init(_ compiled: CompiledExpression, base: SourceLocation) {
        self.compiled = compiled
        self.base = base
    }
}
