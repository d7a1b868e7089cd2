/// Random specs for differential tests: several spins on a gear, every trigger, timing, strategy
/// and action, ranges and invariants, and a script — the same `seed` gives the same text. With
/// `nested`, the spins are statecharts: compound and parallel states, entry and exit actions that
/// set, raise and propagate, history, eventless, internal and self-transition rows, completion
/// events and a final state.
package struct GeneratedSpecs {
    private var random: SeededRandom

    package init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// The spec of `seed` the differential and replay tests use: 1 to 3 spins (`seed % 3`), on a
    /// gear unless `seed % 3 == 0`, statecharts when `nested`; its text and what loading it gives.
    package static func loaded(seed: UInt64, nested: Bool = false) -> (text: String, spec: TestSpec) {
        var generator = GeneratedSpecs(seed: seed)
        let text = generator.spec(spins: 1 + Int(seed % 3), withGear: seed % 3 != 0, nested: nested)
        return (text, TestSpec.load(text: text, path: "generated-\(seed).yaml"))
    }

    /// A spec text; `withGear` adds a gear between the spins; `nested` makes them statecharts.
    package mutating func spec(spins spinCount: Int, withGear: Bool, nested: Bool = false) -> String {
        var text = withGear ? "gears:\n  bus:\n    events: [ping, pong]\nspins:\n" : "spins:\n"
        for index in 0..<spinCount {
            text += nested ? nestedSpinBody(index, gear: withGear) : spinBody(index, gear: withGear)
        }
        return text
    }

    /// A statechart with the leaves `s0`, `s1`, `s2` of the flat spins (so that the rules read the
    /// same), `s1` and `s2` in a compound state `p`, and now and then a parallel state `q` and a
    /// final state `done`. Every state is reachable and every configuration has a way out; raised
    /// events and eventless rows are guarded by counters, so that they settle.
    private mutating func nestedSpinBody(_ index: Int, gear: Bool) -> String {
        let hasHistory = random.chance(60)
        let completes = random.chance(40)
        let hasParallel = random.chance(50)
        let hasFinal = hasParallel && random.chance(50)
        var text = "  S\(index):\n    states:\n"
        text += "      s0: \(random.chance(40) ? "{ entry: { set: { m: 'm < 4 ? m + 1 : m' } } }" : "{}")\n"
        text += "      p:\n"
        if hasHistory { text += "        history: \(random.pick(["shallow", "deep"]))\n" }
        if random.chance(50) { text += "        entry: { set: { n: 'n < 40 ? n + 1 : n' } }\n" }
        switch random.int(0...3) {
        case 0: text += "        exit: { emit: c }\n"
        case 1 where gear: text += "        exit: [{ set: { m: m + 0 } }, { propagate: bus.\(random.pick(["ping", "pong"])) }]\n"
        case 2: text += "        exit: { emit: b }\n"
        default: break
        }
        if completes { text += "        final: [s2]\n" }
        text += "        states:\n          s1: {}\n"
        text += "          s2: \(random.chance(30) ? "{ entry: { emit: c } }" : "{}")\n"
        if hasParallel {
            text += "      q:\n        parallel:\n"
            text += "          r1: { states: [u0, u1] }\n"
            text += "          r2: { \(random.chance(50) ? "initial: v1, " : "")states: [v0, v1] }\n"
        }
        if hasFinal { text += "      done: {}\n    final: done\n" }
        text += Self.dataAndEvents
        text += "    transitions:\n"
        text += "      - { from: s0, on: a, to: s1, set: { n: n + 1 } }\n"
        text += "      - { from: s1, on: b, when: n > \(random.int(0...2)), to: s2, set: { m: m + 1 } }\n"
        text += "      - { from: p, on: b, when: n <= 0, to: s0 }\n"
        text += "      - { from: s2, on: a, to: s0, set: { n: n - 1 } }\n"
        text += "      - { from: [s0, s2], on: c, when: m < 3, set: { m: m + 1, n: \(random.pick(["n * 2", "n + 3", "-n"])) } }\n"
        text += "      - { from: s1, on: a, set: { n: n + \(random.int(1...3)) } }\n"
        if hasHistory { text += "      - { from: s0, on: b, when: m < 5, to: history(p) }\n" }
        if random.chance(50) { text += "      - { from: s1, when: 'm < 2 and n > 1', set: { m: m + 1 } }\n" }
        if random.chance(40) { text += "      - { from: p, on: c, when: m >= 3, to: s1, internal: true, set: { m: 0 } }\n" }
        if random.chance(40) { text += "      - { from: p, on: a, when: m == 2, to: p, set: { m: 3 } }\n" }
        if random.chance(40) { text += "      - { from: s2, on: b, when: m < 4, emit: c, set: { m: m + 1 } }\n" }
        if completes { text += "      - { from: p, on: done.p, when: m < 4, set: { m: m + 1 }\(random.chance(50) ? ", to: s0" : "") }\n" }
        if hasParallel {
            text += "      - { from: s2, on: c, when: m >= 3, to: q }\n"
            text += "      - { from: u0, on: a, to: u1 }\n"
            text += "      - { from: v0, on: a, to: v1, set: { n: 'n > -40 ? n - 1 : n' } }\n"
            text += "      - { from: u1, on: c, when: m > 0, to: u0, set: { m: m - 1 } }\n"
            text += "      - { from: v1, on: c, to: v0 }\n"
            text += "      - { from: q, on: b, to: s0 }\n"
            if random.chance(50) { text += "      - { from: v1, when: 'n > 5 and m > 0', to: v0, set: { m: m - 1 } }\n" }
            if hasFinal { text += "      - { from: q, on: a, when: 'active(.u1) and n > 3', to: done }\n" }
        }
        text += "    feedbacks:\n"
        for rule in 0..<random.int(2...4) {
            text += "      r\(rule):\n" + ruleBody(gear: gear, index: index)
        }
        if random.chance(40) {
            text += "      again:\n        enter: \(random.pick(["p", "s1", "[s0, p]"]))\n        after: \(random.pick(["0ms", "50ms"]))\n        emit: b\n"
        }
        if gear {
            text += "      hear:\n        catch: bus.\(random.pick(["ping", "pong"]))\n        emit: \(random.pick(["b", "c"]))\n"
        }
        if random.chance(30) {
            text += "    invariants:\n      bounded: \(random.pick(["m <= 4", hasParallel ? "not (active(.q) and m > 5)" : "not (active(.p) and m > 5)", "state != .s2 or n > -40"]))\n"
        }
        return text + script()
    }

    /// A spin's script: 1 to 4 `a` inputs, now and then at the same instant.
    private mutating func script() -> String {
        var text = "    script:\n"
        var at = 0
        for _ in 0..<random.int(1...4) {
            at += random.pick([0, 50, 100, 150, 300])
            text += "      - { at: \(at)ms, emit: a }\n"
        }
        return text
    }

    /// The data, events and inputs every generated spin has.
    private static let dataAndEvents = """
            data:
              n: { type: int, initial: 0, range: [-50, 50] }
              m: 0
            events: [a, b, c]
            inputs: [a]

        """

    private mutating func spinBody(_ index: Int, gear: Bool) -> String {
        let states = ["s0", "s1", "s2"]
        var text = "  S\(index):\n"
        text += "    states: [\(states.joined(separator: ", "))]\n"
        let hasFinal = random.chance(30)
        if hasFinal { text += "    final: s2\n" }
        text += Self.dataAndEvents
        text += "    transitions:\n"
        // Every state reaches the next, so that no state is unreachable.
        text += "      - { from: s0, on: a, to: s1, set: { n: n + 1 } }\n"
        text += "      - { from: s1, on: b, when: n > \(random.int(0...2)), to: s2, set: { m: m + 1 } }\n"
        text += "      - { from: s1, on: b, when: n <= 0, to: s0 }\n"
        text += "      - { from: s2, on: a, to: s0, set: { n: n - 1 } }\n"
        text += "      - { from: [s0, s2], on: c, when: m < 3, set: { m: m + 1, n: \(random.pick(["n * 2", "n + 3", "-n"])) } }\n"
        text += "      - { from: s1, on: a, set: { n: n + \(random.int(1...3)) } }\n"
        text += "    feedbacks:\n"
        for rule in 0..<random.int(2...4) {
            text += "      r\(rule):\n" + ruleBody(gear: gear, index: index)
        }
        if gear {
            text += "      hear:\n        catch: bus.\(random.pick(["ping", "pong"]))\n        emit: \(random.pick(["b", "c"]))\n"
        }
        if random.chance(30) {
            text += "    invariants:\n      bounded: m <= \(random.int(2...6))\n"
        }
        return text + script()
    }

    private mutating func ruleBody(gear: Bool, index: Int) -> String {
        var lines: [String] = []
        // Now and then a trigger that divides by zero in some states (its fault ends the run).
        var trigger = random.chance(4) ? 7 : random.int(0...6)
        switch trigger {
        case 0: lines.append("when: n > \(random.int(-1...2))")
        case 1: lines.append("becomes: state == .s1 and n > 0")
        case 2: lines.append("enter: \(random.pick(["s1", "s2", "[s0, s2]"]))")
        case 3: lines.append("in: \(random.pick(["s0", "s1"]))")
        case 4: lines.append("changes: \(random.pick(["state", "n % 3", "m"]))")
        case 5: lines.append("becomes: m >= 1")
        case 6: lines.append("enter: s0")
        default:
            let faulting = random.pick(["becomes: 4 / (n - 2) > 1", "when: 4 / (m - 1) > 0", "changes: 4 / (n - 3)", "in: s1\n        when: 2 / (m - 2) > 0"])
            if faulting.hasPrefix("changes") { trigger = 4 }
            lines.append(faulting)
        }
        let periodic = trigger != 4 && random.chance(20)
        if periodic {
            lines.append("every: \(random.pick(["50ms", "100ms", "200ms", "'50ms * (m + 1)'"]))")
            if random.chance(40) { lines.append("after: \(random.pick([0, 30, 120]))ms") }
        } else if random.chance(50) {
            lines.append("after: \(random.pick(["0ms", "50ms", "100ms", "150ms", "'25ms * (m + 1)'"]))")
        }
        if random.chance(25) { lines.append("strategy: continue") }
        switch random.int(0...5) {
        case 0, 1:
            lines.append("emit: \(random.pick(["a", "b", "c"]))")
        case 2:
            lines.append("choose: [ { weight: 1, emit: b }, { weight: 2, emit: c } ]")
        case 3 where gear:
            lines.append("propagate: bus.\(random.pick(["ping", "pong"]))")
        case 4:
            let outcome = random.chance(50) ? "emit: \(random.pick(["b", "c"]))"
                : "choose: [ { weight: 1, \(random.pick(["", "after: 30ms, "]))emit: b }, { weight: 1, emit: a } ]"
            lines.append("effect: work\(index)")
            lines.append("simulate: { \(random.pick(["", "after: 0ms, ", "after: 50ms, ", "after: 100ms, "]))\(outcome) }")
        default:
            lines.append("render: \"n={n}\"")
        }
        return lines.map { "        \($0)\n" }.joined()
    }
}
