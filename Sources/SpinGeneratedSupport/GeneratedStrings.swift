/// The string functions of the spec language, for generated code: what the interpreter computes
/// for each, on characters (extended grapheme clusters) as Swift compares them.
public enum GeneratedStrings {
    /// `head + tail`, or a failure at `site` with the joined size in bytes when that is over
    /// `limit` (checked before the bytes are allocated, as the interpreter does).
    @inlinable
    public static func join(_ head: String, _ tail: String, limit: Int, site: Int) throws(GeneratedFailure) -> String {
        let size = head.utf8.count &+ tail.utf8.count
        guard size <= limit else { throw GeneratedFailure(site: site, value: String(size)) }
        return head + tail
    }

    /// `string(x)` of a double: the shortest text that reads back as it (`2.0`, `0.1`, `1e+16`,
    /// `inf`), and `nan` for every NaN, whatever its sign.
    @inlinable
    public static func text(_ x: Double) -> String {
        x.isNaN ? "nan" : x.description
    }

    /// `contains(text, part)`: every string contains the empty one.
    @inlinable
    public static func contains(_ text: String, _ part: String) -> Bool {
        part.isEmpty || text.contains(part)
    }

    /// `trimmed(text)`: white space and line breaks removed at both ends.
    @inlinable
    public static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }
}
