/// A checked expression, made once and shared by every transition row that writes the same
/// one-line text in the same scope with the same expected type (`count + 1` on each row of a
/// generated table). Compilation makes its code once too (`ReducerTable`), for all those rows.
///
/// Its nodes are located where the text was first written, at `base`; each row holds it as a
/// `RowExpression` with its own location, which relocates what the shared code reports. Sharing
/// it, rather than a shifted copy of the checked tree (and then fresh code) per row, saves their
/// memory and allocations for every row of a large table.
package final class SharedExpression: Sendable {
    /// The checked expression, its nodes located relative to `base`.
    package let expression: TypedExpression
    /// Where the text it was checked from starts.
    let base: SourceLocation

    /// Shares `expression`, checked from a text starting at `base`.
    init(_ expression: TypedExpression, base: SourceLocation) {
        self.expression = expression
        self.base = base
    }
}
