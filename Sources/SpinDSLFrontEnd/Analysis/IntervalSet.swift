/// A set of 64-bit integers as sorted, disjoint, non-adjacent closed ranges: the values an int
/// (or duration) in a guard can have for it to hold (`n < 5` is `Int64.min...4`).
struct IntervalSet: Hashable, Sendable {
    /// Sorted by lower bound; no two overlap or touch (`0...4` and `5...9` are one range).
    private(set) var ranges: [ClosedRange<Int64>]

    /// Every integer.
    static let all = IntervalSet(ranges: [Int64.min...Int64.max])
    /// No integer.
    static let none = IntervalSet(ranges: [])

    private init(ranges: [ClosedRange<Int64>]) {
        self.ranges = ranges
    }

    /// The integers of `range`.
    init(_ range: ClosedRange<Int64>) {
        ranges = [range]
    }

    /// The integers `x` with `x op constant` (`op` a comparison); nil for another operator.
    init?(_ op: BinaryOperator, _ constant: Int64) {
        switch op {
        case .equal: self = IntervalSet(constant...constant)
        case .notEqual: self = IntervalSet(constant...constant).complement
        case .less: self = constant == .min ? .none : IntervalSet(Int64.min...(constant &- 1))
        case .lessOrEqual: self = IntervalSet(Int64.min...constant)
        case .greater: self = constant == .max ? .none : IntervalSet((constant &+ 1)...Int64.max)
        case .greaterOrEqual: self = IntervalSet(constant...Int64.max)
        default: return nil
        }
    }

    var isEmpty: Bool { ranges.isEmpty }
    var isFull: Bool { ranges.count == 1 && ranges[0] == Int64.min...Int64.max }

    /// Every integer not in the set.
    var complement: IntervalSet {
        var result: [ClosedRange<Int64>] = []
        var next = Int64.min
        var atEnd = false
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound &- 1)) }
            if range.upperBound == .max {
                atEnd = true
                break
            }
            next = range.upperBound &+ 1
        }
        if !atEnd { result.append(next...Int64.max) }
        return IntervalSet(ranges: result)
    }

    /// The integers in both.
    func intersection(_ other: IntervalSet) -> IntervalSet {
        var result: [ClosedRange<Int64>] = []
        var i = 0, j = 0
        while i < ranges.count, j < other.ranges.count {
            let a = ranges[i], b = other.ranges[j]
            let low = Swift.max(a.lowerBound, b.lowerBound), high = Swift.min(a.upperBound, b.upperBound)
            if low <= high { result.append(low...high) }
            if a.upperBound < b.upperBound { i &+= 1 } else { j &+= 1 }
        }
        return IntervalSet(ranges: result)
    }

    /// Adds the integers of `other`.
    mutating func formUnion(_ other: IntervalSet) {
        for range in other.ranges { insert(range) }
    }

    /// Adds `range`, merging it with the ranges it overlaps or touches. Ranges are found by binary
    /// search, so a table of rows `n == 0`, `n == 1`, … grows one range in constant time each.
    private mutating func insert(_ range: ClosedRange<Int64>) {
        // The first range that ends at or after `range.lowerBound - 1` (touching counts).
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low &+ high) / 2
            if Self.isApart(ranges[middle].upperBound, range.lowerBound) { low = middle &+ 1 } else { high = middle }
        }
        var lower = range.lowerBound, upper = range.upperBound
        var end = low
        while end < ranges.count, !Self.isApart(upper, ranges[end].lowerBound) {
            lower = Swift.min(lower, ranges[end].lowerBound)
            upper = Swift.max(upper, ranges[end].upperBound)
            end &+= 1
        }
        ranges.replaceSubrange(low..<end, with: [lower...upper])
    }

    /// Whether a range ending at `end` and one starting at `start` neither overlap nor touch.
    private static func isApart(_ end: Int64, _ start: Int64) -> Bool {
        // `start - end` as an unsigned gap: exact whenever `end < start`, however far apart.
        end < start && UInt64(bitPattern: start &- end) > 1
    }

    /// Whether every integer of the set is in `other`.
    func isSubset(of other: IntervalSet) -> Bool {
        for range in ranges {
            // The range of `other` that could hold `range`: the last one starting at or before it.
            var low = 0, high = other.ranges.count
            while low < high {
                let middle = (low &+ high) / 2
                if other.ranges[middle].lowerBound <= range.lowerBound { low = middle &+ 1 } else { high = middle }
            }
            guard low > 0, other.ranges[low &- 1].upperBound >= range.upperBound else { return false }
        }
        return true
    }
}
