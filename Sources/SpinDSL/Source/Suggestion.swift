/// Finds the closest known name to a misspelled one, for "did you mean …?" hints.
public enum Suggestion {
    /// The candidate nearest to `name` by edit distance, if it is close enough to be a likely typo.
    static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            if let current = best, current.distance < distance || (current.distance == distance && current.name <= candidate) {
                continue
            }
            best = (candidate, distance)
        }
        guard let best else { return nil }
        // Allow roughly one edit per three characters, at least one.
        let allowed = max(1, target.count / 3)
        return best.distance <= allowed ? best.name : nil
    }

    /// "did you mean 'x'?" or nil; `sigil` is written before the name (`*` for an alias, `.` for
    /// an enum case).
    public static func hint(for name: String, in candidates: some Sequence<String>, sigil: String = "") -> String? {
        closest(to: name, in: candidates).map { "did you mean '\(sigil)\($0)'?" }
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions, and swaps of
    /// two adjacent characters (`psuh` is one edit from `push`) each count one.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
