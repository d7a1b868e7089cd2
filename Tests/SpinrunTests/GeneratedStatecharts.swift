import SpinTestSupport

/// Random finite statecharts that `spinrun --promela` exports, for the differential test against
/// SPIN: one spin with bounded data (every assignment clamped to its field's range), compound and
/// parallel states, deep and shallow history, entry and exit actions that set and raise, eventless,
/// internal and self-transition rows, completion events, a final state, now and then feedback
/// rules of the kinds the export writes (`enter` at once or after a delay, a level trigger) and an
/// invariant that may break. The same seed gives the same text.
struct GeneratedStatecharts {
    private var random: SeededRandom
    /// The extra regions with a third state.
    private var threeStates: Set<Int> = []
    /// The extra regions with history.
    private var histories: Set<Int> = []

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// The spec of `seed`; with `regions` (2 or more), its parallel state `q` has that many
    /// regions, the later ones with rows of their own (guarded, raising, eventless, leaving `q`
    /// from inside a region, to a region's own history) and entry and exit actions, and `q` has
    /// a targetless row.
    static func text(seed: UInt64, regions: Int? = nil) -> String {
        var generator = GeneratedStatecharts(seed: seed)
        return generator.spec(regions: regions)
    }

    private mutating func spec(regions: Int? = nil) -> String {
        let hasHistory = random.chance(60), completes = random.chance(40), drawnParallel = random.chance(50)
        let hasParallel = regions.map { $0 >= 2 } ?? drawnParallel
        let extra = max(0, (regions ?? 2) - 2)
        let hasFinal = hasParallel && random.chance(50)
        let hasInner = random.chance(40)
        var text = "spin: G\ninitial: s0\n"
        text += "data:\n  m: { type: int, initial: 0, range: [0, 5] }\n  n: { type: int, initial: 0, range: [-4, 8] }\n"
        text += "events: [a, b, c]\ninputs: [a, b\(random.chance(50) ? ", c" : "")]\n"
        text += "states:\n"
        text += "  s0: \(random.chance(40) ? "{ entry: { set: { m: 'm < 4 ? m + 1 : m' } } }" : "{}")\n"
        text += "  p:\n"
        if hasHistory { text += "    history: \(random.pick(["shallow", "deep"]))\n" }
        if random.chance(50) { text += "    entry: { set: { n: 'n < 6 ? n + 1 : n' } }\n" }
        switch random.int(0...3) {
        case 0: text += "    exit: { emit: c }\n"
        case 1: text += "    exit: { emit: b }\n"
        case 2: text += "    exit: [{ set: { m: 'm > 0 ? m - 1 : m' } }, { emit: c }]\n"
        default: break
        }
        if completes { text += "    final: [s2]\n" }
        text += "    states:\n      s1: {}\n"
        text += "      s2: \(random.chance(30) ? "{ entry: { emit: c } }" : "{}")\n"
        if hasInner { text += "      s3: { states: [w0, w1] }\n" }
        if hasParallel {
            text += "  q:\n    parallel:\n      r1: { states: [u0, u1] }\n"
            text += "      r2: { \(random.chance(50) ? "initial: v1, " : "")states: [v0, v1] }\n"
            for region in 0..<extra { text += extraRegion(region) }
        }
        if hasFinal { text += "  done: {}\nfinal: done\n" }
        text += "transitions:\n"
        text += "  - { from: s0, on: a, to: s1, set: { n: 'n < 8 ? n + 1 : n' } }\n"
        text += "  - { from: s1, on: b, when: n > \(random.int(0...2)), to: s2, set: { m: 'm < 5 ? m + 1 : m' } }\n"
        text += "  - { from: p, on: b, when: n <= 0, to: s0 }\n"
        text += "  - { from: s2, on: a, to: s0, set: { n: 'n > -4 ? n - 1 : n' } }\n"
        text += "  - { from: [s0, s2], on: c, when: m < 3, set: { m: m + 1, n: \(random.pick(["'n < 4 ? n * 2 : n'", "'n < 5 ? n + 3 : n'", "'n > -4 and n < 4 ? -n : 0'"])) } }\n"
        text += "  - { from: s1, on: a, set: { n: 'n < 5 ? n + \(random.int(1...3)) : n' } }\n"
        if hasInner {
            text += "  - { from: s1, on: c, when: m > 1, to: s3 }\n  - { from: w0, on: a, to: w1 }\n  - { from: w1, on: b, to: s1 }\n"
        }
        if hasHistory { text += "  - { from: s0, on: b, when: m < 5, to: history(p) }\n" }
        if random.chance(50) { text += "  - { from: s1, when: 'm < 2 and n > 1', set: { m: m + 1 } }\n" }
        if random.chance(40) { text += "  - { from: p, on: c, when: m >= 3, to: s1, internal: true, set: { m: 0 } }\n" }
        if random.chance(40) { text += "  - { from: p, on: a, when: m == 2, to: p, set: { m: 3 } }\n" }
        if random.chance(40) { text += "  - { from: s2, on: b, when: m < 4, emit: c, set: { m: m + 1 } }\n" }
        if completes { text += "  - { from: p, on: done.p, when: m < 4, set: { m: m + 1 }\(random.chance(50) ? ", to: s0" : "") }\n" }
        if hasParallel {
            text += "  - { from: s2, on: c, when: m >= 3, to: q }\n  - { from: u0, on: a, to: u1 }\n"
            text += "  - { from: v0, on: a, to: v1, set: { n: 'n > -4 ? n - 1 : n' } }\n"
            text += "  - { from: u1, on: c, when: m > 0, to: u0, set: { m: m - 1 } }\n  - { from: v1, on: c, to: v0 }\n"
            text += "  - { from: q, on: b, to: s0 }\n"
            if random.chance(50) { text += "  - { from: v1, when: 'n > 5 and m > 0', to: v0, set: { m: m - 1 } }\n" }
            if hasFinal { text += "  - { from: q, on: a, when: 'active(.u1) and n > 3', to: done }\n" }
            for region in 0..<extra { text += extraRows(region) }
            // A targetless row of the parallel state: the regions without a row of their own on
            // `c` fall to it, and it is taken once.
            if extra > 0 { text += "  - { from: q, on: c, when: 'm < 2', set: { n: 'n > -4 ? n - 1 : n' } }\n" }
        }
        var rules: [String] = []
        if extra > 0, random.chance(30) { rules.append("  inside: { enter: x0_1, emit: \(random.pick(["a", "b"])) }\n") }
        if random.chance(40) { rules.append("  again: { enter: \(random.pick(["p", "s1", "[s0, p]"])), emit: b }\n") }
        if random.chance(30) { rules.append("  level: { when: 'n > 6 and m < 5', emit: a }\n") }
        if random.chance(30) { rules.append("  timer: { enter: \(random.pick(["s1", "s2", "p"])), after: 50ms, emit: c }\n") }
        if !rules.isEmpty { text += "feedbacks:\n" + rules.joined() }
        if random.chance(30) {
            text += "invariants:\n  bounded: \(random.pick(["m <= 4", "not (active(.p) and m > 4)", "n > -4"]))\n"
        }
        return text
    }

    /// Region `xR` of `q` (after `r1` and `r2`): two states, sometimes three, now and then with
    /// history and entry and exit actions.
    private mutating func extraRegion(_ region: Int) -> String {
        var parts: [String] = []
        if random.chance(30) {
            parts.append("history: \(random.pick(["shallow", "deep"]))")
            histories.insert(region)
        }
        if random.chance(30) { parts.append("exit: { set: { n: 'n > -4 ? n - 1 : n' } }") }
        var states = ["x\(region)_0: \(random.chance(30) ? "{ entry: { set: { m: 'm < 5 ? m + 1 : m' } } }" : "{}")"]
        states.append("x\(region)_1: \(random.chance(30) ? "{ exit: { emit: \(random.pick(["a", "b", "c"])) } }" : "{}")")
        if random.chance(25) {
            states.append("x\(region)_2: {}")
            threeStates.insert(region)
        }
        parts.append("states: { " + states.joined(separator: ", ") + " }")
        return "      x\(region): { " + parts.joined(separator: ", ") + " }\n"
    }

    /// The rows of region `xR`.
    private mutating func extraRows(_ region: Int) -> String {
        let name = "x\(region)"
        var text = "  - { from: \(name)_0, on: \(random.pick(["a", "b", "c"])), to: \(name)_1\(random.chance(50) ? ", set: { n: 'n < 8 ? n + 1 : n' }" : "") }\n"
        text += "  - { from: \(name)_1, on: \(random.pick(["a", "b", "c"])), when: \(random.pick(["m > 0", "n < 3", "m < 4", "n != 2"])), to: \(name)_\(threeStates.contains(region) ? 2 : 0) }\n"
        if threeStates.contains(region) { text += "  - { from: \(name)_2, on: \(random.pick(["a", "b"])), to: \(name)_0 }\n" }
        if histories.contains(region) { text += "  - { from: \(name), on: c, when: m == \(random.int(0...5)), to: history(\(name)) }\n" }
        if random.chance(30) { text += "  - { from: \(name)_1, on: \(random.pick(["b", "c"])), when: 'n > 4', to: s1, set: { n: 0 } }\n" }
        if random.chance(25) { text += "  - { from: \(name)_0, on: a, set: { m: 'm > 0 ? m - 1 : m' }, emit: c }\n" }
        if random.chance(20) { text += "  - { from: \(name)_1, when: 'm > 3 and n < 0', to: \(name)_0, set: { n: 'n < 8 ? n + 1 : n' } }\n" }
        return text
    }
}
