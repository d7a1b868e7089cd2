import SpinDSLFrontEnd
import SpinDSLRunner

/// Decides the outcome of each `choose` (a rule's, or a simulated effect's) in `RunMachine`.
///
/// - `seeded`: draws as a run with that seed does (one generator per rule case and spin, seeded as
///   `SpinBuilderForSpec` seeds them), so that a simulated run equals `SpecRun`'s.
/// - `enumerating`: follows a prescribed list of outcomes and takes the first outcome past its end,
///   recording how many outcomes each choice had, so that the explorer can enumerate every
///   combination (`advance()`), one run of the transition per combination.
/// - `forced`: outcomes per rule case in order (a counterexample's), then the seeded draws.
struct ChoiceOracle: Sendable {
    /// One choice made: the spin, the rule case and the outcome's index.
    struct Choice: Sendable, Equatable, Hashable {
        let spin: Int
        let rule: RuleCaseID
        let outcome: Int
    }

    private enum Mode: Sendable {
        case seeded
        case enumerating
    }

    private let mode: Mode
    private let seed: UInt64
    private var generators: [Int: SeededGenerator] = [:]
    /// `enumerating`: the outcomes to take, then the arity of each choice made.
    private(set) var prescribed: [Int] = []
    private(set) var arities: [Int] = []
    private var position = 0
    /// Outcomes still to force, per (spin, stream).
    private var forced: [Int: [Int]] = [:]
    /// Every choice made, in order.
    private(set) var made: [Choice] = []
    /// The position `advance()` moved to its next outcome (the outcomes before it are the
    /// previous run's), or -1 before the first run (`MoveVisits`).
    private(set) var changedPosition = -1

    /// Draws like a run seeded with `seed`, except for `forced` choices, taken first in order for
    /// their rule case.
    static func seeded(_ seed: UInt64, forced: [Choice] = []) -> ChoiceOracle {
        var oracle = ChoiceOracle(mode: .seeded, seed: seed)
        for choice in forced {
            let stream = SpinBuilderForSpec.stream(rule: choice.rule.rule, case: choice.rule.caseIndex)
            oracle.forced[Self.key(spin: choice.spin, stream: stream), default: []].append(choice.outcome)
        }
        return oracle
    }

    /// Enumerates outcomes, starting with the first of each.
    static func enumerating() -> ChoiceOracle {
        ChoiceOracle(mode: .enumerating, seed: 0)
    }

    private init(mode: Mode, seed: UInt64) {
        self.mode = mode
        self.seed = seed
    }

    private static func key(spin: Int, stream: Int) -> Int {
        spin &* 1_000_003 &+ stream
    }

    /// The outcome among `weights` (positive) of rule case `rule` of spin `spin`.
    mutating func pick(spin: Int, rule: RuleCaseID, stream: Int, weights: [Int]) -> Int {
        let outcome: Int
        switch mode {
        case .enumerating:
            if position < prescribed.count {
                outcome = min(prescribed[position], max(0, weights.count &- 1))
            } else {
                outcome = 0
                prescribed.append(0)
            }
            if position < arities.count { arities[position] = weights.count } else { arities.append(weights.count) }
            position &+= 1
        case .seeded:
            let key = Self.key(spin: spin, stream: stream)
            if var queue = forced[key], !queue.isEmpty {
                outcome = min(queue.removeFirst(), max(0, weights.count &- 1))
                forced[key] = queue
            } else {
                var generator = generators[key] ?? SeededGenerator(seed: SpinBuilderForSpec.seed(seed, spin: spin, stream: stream))
                outcome = generator.pick(weights: weights)
                generators[key] = generator
            }
        }
        made.append(Choice(spin: spin, rule: rule, outcome: outcome))
        return outcome
    }

    /// Whether every choice from here on takes its first outcome whatever the state: an
    /// enumerating oracle past its prescription. A run that comes back to the same state from here
    /// then does what it did since, again and again (`RingDetector`).
    var takesFirstOutcomesFromHere: Bool {
        guard case .enumerating = mode else { return false }
        return position >= prescribed.count
    }

    /// Clears what one run of a transition recorded (`enumerating`: keeps the prescription).
    mutating func rewind() {
        position = 0
        made.removeAll(keepingCapacity: true)
        arities.removeAll(keepingCapacity: true)
    }

    /// Moves to the next combination of outcomes after a run that made `arities.count` choices;
    /// false when every combination was run.
    mutating func advance() -> Bool {
        prescribed.removeLast(max(0, prescribed.count &- arities.count))
        while let last = prescribed.last {
            let index = prescribed.count &- 1
            if last &+ 1 < arities[index] {
                prescribed[index] = last &+ 1
                changedPosition = index
                return true
            }
            prescribed.removeLast()
        }
        return false
    }

    fileprivate mutating func setPrescription(_ outcomes: [Int]) {
        prescribed = outcomes
    }

    /// Starts over with no prescription (`enumerating`).
    mutating func reset() {
        prescribed.removeAll(keepingCapacity: true)
        changedPosition = -1
        rewind()
    }
}

extension ChoiceOracle {
    /// Enumerating oracle that takes exactly `outcomes`, in order (a move found by the explorer,
    /// run again).
    static func prescribing(_ outcomes: [Int]) -> ChoiceOracle {
        var oracle = ChoiceOracle.enumerating()
        oracle.prescribe(outcomes)
        return oracle
    }

    /// Takes `outcomes` for the next choices, in order.
    mutating func prescribe(_ outcomes: [Int]) {
        reset()
        setPrescription(outcomes)
    }
}
