import SpinDSLFrontEnd

/// SplitMix64: a small, fast, seedable generator, so that a run with the same seed makes the same
/// choices on every machine (Swift's default generator is not seedable).
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An index chosen with probability proportional to its weight (weights are positive).
    package mutating func pick(weights: [Int]) -> Int {
        var total: UInt64 = 0
        for weight in weights { total &+= UInt64(max(0, weight)) }
        guard total > 0 else { return 0 }
        var roll = next() % total
        for (index, weight) in weights.enumerated() {
            let weight = UInt64(max(0, weight))
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}
