import Spin
import SpinDSLFrontEnd

/// A seeded generator shared by the invocations of one rule; outcomes given in advance (a replayed
/// counterexample's) are taken first, in order.
final class SharedGenerator: Sendable {
    private struct Draws {
        var generator: SeededGenerator
        var forced: [Int]
        var nextForced = 0
    }

    private let draws: Locked<Draws>

    init(seed: UInt64, forced: [Int] = []) {
        draws = Locked(Draws(generator: SeededGenerator(seed: seed), forced: forced))
    }

    func pick(weights: [Int]) -> Int {
        draws.withLock { draws in
            if draws.nextForced < draws.forced.count {
                let outcome = draws.forced[draws.nextForced]
                draws.nextForced += 1
                return min(max(0, outcome), max(0, weights.count - 1))
            }
            return draws.generator.pick(weights: weights)
        }
    }
}
