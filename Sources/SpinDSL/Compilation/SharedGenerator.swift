import Spin

/// A seeded generator shared by the invocations of one rule.
final class SharedGenerator: Sendable {
    private let generator: Locked<SeededGenerator>

    init(seed: UInt64) {
        generator = Locked(SeededGenerator(seed: seed))
    }

    func pick(weights: [Int]) -> Int {
        generator.withLock { $0.pick(weights: weights) }
    }
}
