/// Expressions the resolver has already parsed and checked, so that a text written on many rows
/// (`count + 1` on every row of a generated table) is parsed and checked once per scope and
/// expected type (and compiled once, by the table, for all of them).
///
/// An entry is a `SharedExpression`, located where the text was first written. Transition rows
/// hold it as it is, with their own location (see `RowExpression`); other users move its checked
/// tree to where they wrote the text. Either is exact only when the text is on one line: every
/// node is then on the text's first line, at a fixed distance from its start. Texts spanning lines
/// (block scalars) are not cached, and neither are expressions with diagnostics, so a cache hit
/// yields exactly what checking the text there would.
struct CheckedExpressionCache {
    /// What an expression's meaning depends on besides its text.
    struct Key: Hashable {
        let text: String
        /// The scope's identity within the spin being resolved.
        let scope: Int
        let expected: ValueType?
    }

    private var entries: [Key: SharedExpression] = [:]
    /// The entry found or inserted last in each scope (by `scope + 1`, for the first few scopes):
    /// the rows on one event repeat the same few texts, and comparing a key with the last one of
    /// its scope (short texts compare as two words) costs much less than hashing it. One entry for
    /// all scopes would miss whenever rows on different events alternate.
    private var recent: [(key: Key, entry: SharedExpression)?] = []
    private static var scopesRemembered: Int { 256 }

    /// The expression cached for `key`; nil when not cached.
    mutating func expression(for key: Key) -> SharedExpression? {
        let slot = key.scope &+ 1
        if slot >= 0, slot < recent.count, let last = recent[slot], last.key == key {
            return last.entry
        }
        guard let found = entries[key] else { return nil }
        remember(key, found)
        return found
    }

    /// Remembers `expression`, checked from `key.text` written at `expression.base`, unless the
    /// text spans lines.
    mutating func insert(_ expression: SharedExpression, for key: Key) {
        guard !Self.spansLines(key.text) else { return }
        entries[key] = expression
        remember(key, expression)
    }

    private mutating func remember(_ key: Key, _ entry: SharedExpression) {
        let slot = key.scope &+ 1
        guard slot >= 0, slot < Self.scopesRemembered else { return }
        while recent.count <= slot { recent.append(nil) }
        recent[slot] = (key, entry)
    }

    /// Whether the text has a line break, as `TextPositions` counts them.
    private static func spansLines(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }
}
