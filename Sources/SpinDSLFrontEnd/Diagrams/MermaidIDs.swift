/// Allocates Mermaid state ids: letters, digits and `_` only, never a Mermaid keyword, and unique
/// within one diagram (a clash gets `_2`, `_3`, … appended).
struct MermaidIDs {
    private var used: Set<String> = []
    /// The next suffix to try for each base that clashed: names that all map to one base (every
    /// name in a script without ASCII letters maps to `_`s) take `_2`, `_3`, … in turn instead of
    /// probing from `_2` each time.
    private var nextSuffix: [String: Int] = [:]

    /// Words Mermaid's state diagram grammar reserves; an id spelled like one gets an `s_` prefix.
    private static let keywords: Set<String> = [
        "state", "note", "end", "as", "direction", "class", "classDef", "style", "click",
        "accTitle", "accDescr", "left", "right", "of", "stateDiagram", "default",
    ]

    /// A fresh id for `name`.
    mutating func make(_ name: String) -> String {
        var base = String(name.unicodeScalars.map { scalar -> Character in
            let isSafe = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
            return isSafe ? Character(scalar) : "_"
        })
        if base.isEmpty || Self.keywords.contains(base) || base.first.map({ ("0"..."9").contains($0) }) == true {
            base = "s_" + base
        }
        var candidate = base
        var suffix = nextSuffix[base] ?? 2
        while used.contains(candidate) {
            candidate = base + "_" + String(suffix)
            suffix = suffix &+ 1
        }
        if candidate != base { nextSuffix[base] = suffix }
        used.insert(candidate)
        return candidate
    }
}
