/// Finds the closest known name to a misspelled one, for "did you mean …?" hints.
public enum Suggestion {
    /// The candidate nearest to `name` by edit distance, if it is close enough to be a likely typo.
    ///
    /// Only distances up to a third of the name's length are accepted, and a candidate must beat
    /// the best so far, so each comparison is bounded by the largest distance that could still
    /// count (`bound`). A candidate is compared only when it could be that close: its length, and
    /// how many of its characters the name lacks (or has in excess), differ by at most `bound`.
    /// The table is then computed in a band around its diagonal, widened from the smallest width
    /// that could hold the distance (Ukkonen's cut-off), so a comparison costs the length times
    /// the distance found; all comparisons of one call together compute at most `cellBudget`
    /// cells, after which the best so far stands. A misspelled name of 100,000 characters costs a
    /// pass over the names, not the 10^10 cells of the full table.
    package static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        // Allow roughly one edit per three characters, at least one.
        let allowed = max(1, target.count / 3)
        var budget = cellBudget
        var targetCounts: [Unicode.Scalar: Int]?
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            // A candidate must come closer than the best so far, or as close with a smaller name.
            let bound = best.map { min(allowed, $0.distance) } ?? allowed
            let other = Array(candidate.lowercased().unicodeScalars)
            guard abs(target.count - other.count) <= bound else { continue }
            if bound > 4 {
                // Each edit adds or removes at most one character of each kind.
                let counts = targetCounts ?? Self.counts(target)
                targetCounts = counts
                guard characterGap(counts, other) <= bound else { continue }
            }
            guard let distance = editDistance(target, other, atMost: bound, budget: &budget) else {
                if budget <= 0 { break }
                continue
            }
            if let current = best, current.distance < distance || (current.distance == distance && current.name <= candidate) {
                continue
            }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// The most table cells one search computes.
    static let cellBudget = 50_000_000

    /// "did you mean 'x'?" or nil; `sigil` is written before the name (`*` for an alias, `.` for
    /// an enum case).
    public static func hint(for name: String, in candidates: some Sequence<String>, sigil: String = "") -> String? {
        closest(to: name, in: candidates).map { "did you mean '\(sigil)\($0)'?" }
    }

    /// How many times each character occurs.
    private static func counts(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar: Int] {
        var counts: [Unicode.Scalar: Int] = [:]
        for scalar in scalars { counts[scalar, default: 0] += 1 }
        return counts
    }

    /// A lower bound of the edit distance: the characters one string has more of than the other,
    /// counted on the side with more.
    private static func characterGap(_ counts: [Unicode.Scalar: Int], _ other: [Unicode.Scalar]) -> Int {
        var remaining = counts
        var excess = 0
        for scalar in other {
            if let count = remaining[scalar], count > 0 {
                remaining[scalar] = count - 1
            } else {
                excess += 1
            }
        }
        let missing = remaining.values.reduce(0, +)
        return max(excess, missing)
    }

    /// The optimal string alignment distance of `a` and `b` (insertions, deletions, substitutions,
    /// and swaps of two adjacent characters, `psuh` one edit from `push`, each count one) when it
    /// is at most `bound`, else nil (also when `budget` runs out). Tried in bands of width 1, 2,
    /// 4, … up to `bound` around the diagonal: a distance within the band is the true distance.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int, budget: inout Int) -> Int? {
        let gap = abs(a.count - b.count)
        guard gap <= bound else { return nil }
        if a.isEmpty || b.isEmpty { return gap }
        var width = max(1, gap)
        while true {
            let band = min(width, bound)
            if let distance = banded(a, b, band: band, budget: &budget) { return distance }
            guard band < bound, budget > 0 else { return nil }
            width = band * 2
        }
    }

    /// The distance computed only within `band` of the diagonal: exact when it is at most `band`,
    /// else nil.
    private static func banded(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], band: Int, budget: inout Int) -> Int? {
        // Cells outside the band hold `outside`, more than any distance the band can report. A
        // swap reads the cell two rows up on the same diagonal, always inside the band.
        let outside = band + 1
        var beforePrevious = [Int](repeating: outside, count: b.count + 1)
        var previous = [Int](repeating: outside, count: b.count + 1)
        var current = [Int](repeating: outside, count: b.count + 1)
        for j in 0...min(b.count, band) { previous[j] = j }
        var previousMinimum = 0
        for i in 1...a.count {
            let low = max(1, i - band)
            let high = min(b.count, i + band)
            guard low <= high else { return nil }
            budget -= high - low + 1
            guard budget > 0 else { return nil }
            current[low - 1] = low == 1 && i <= band ? i : outside
            var rowMinimum = current[low - 1]
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, outside)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if high < b.count { current[high + 1] = outside }
            // Every alignment passes through one of two consecutive rows (a swap skips one): once
            // both are beyond the band, the distance is.
            guard rowMinimum <= band || previousMinimum <= band else { return nil }
            previousMinimum = rowMinimum
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        let distance = previous[b.count]
        return distance <= band ? distance : nil
    }
}
