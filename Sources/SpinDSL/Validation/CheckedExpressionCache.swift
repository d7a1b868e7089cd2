/// Expressions the resolver has already parsed and checked, so that a text written on many rows
/// (`count + 1` on every row of a generated table) is parsed and checked once per scope.
///
/// A checked tree records where each of its nodes was written, for run-time errors. A cached tree
/// is reused at another location by shifting those positions, which is exact when the text is on
/// one line: every node is then on the text's first line, at a fixed distance from its start.
/// Texts spanning lines (block scalars) are not cached, and neither are expressions with
/// diagnostics, so a cache hit yields exactly what checking the text there would.
struct CheckedExpressionCache {
    /// What an expression's meaning depends on besides its text.
    struct Key: Hashable {
        let text: String
        /// The scope's identity within the spin being resolved.
        let scope: Int
        let expected: ValueType?
    }

    private struct Entry {
        let expression: TypedExpression
        let location: SourceLocation
    }

    private var entries: [Key: Entry] = [:]
    /// The entry found or inserted last in each scope (by `scope + 1`, for the first few scopes):
    /// the rows on one event repeat the same few texts, and comparing a key with the last one of
    /// its scope (short texts compare as two words) costs much less than hashing it. One entry for
    /// all scopes would miss whenever rows on different events alternate.
    private var recent: [(key: Key, entry: Entry)?] = []
    private static var scopesRemembered: Int { 256 }

    /// The checked expression for `key`, located as if written at `location`; nil when not cached.
    mutating func expression(for key: Key, at location: SourceLocation) -> TypedExpression? {
        let entry: Entry
        let slot = key.scope &+ 1
        if slot >= 0, slot < recent.count, let last = recent[slot], last.key == key {
            entry = last.entry
        } else {
            guard let found = entries[key] else { return nil }
            entry = found
            remember(key, found)
        }
        if entry.location == location { return entry.expression }
        return entry.expression.moved(to: location, columnShift: location.column &- entry.location.column)
    }

    /// Remembers `expression`, checked from `key.text` written at `location`.
    mutating func insert(_ expression: TypedExpression, for key: Key, at location: SourceLocation) {
        guard !Self.spansLines(key.text) else { return }
        let entry = Entry(expression: expression, location: location)
        entries[key] = entry
        remember(key, entry)
    }

    private mutating func remember(_ key: Key, _ entry: Entry) {
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
