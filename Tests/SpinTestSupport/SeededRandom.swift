/// The random numbers of the generated specs and statecharts: xorshift64 from a seed, so that the
/// same seed gives the same text on every machine and in every run.
package struct SeededRandom {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    }

    package mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }

    /// A number of `range`.
    package mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// True `percent` times in a hundred.
    package mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    /// One of `items`.
    package mutating func pick<T>(_ items: [T]) -> T {
        items[int(0...(items.count - 1))]
    }
}
