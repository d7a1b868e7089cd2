/// Random specs for differential tests: several spins on a gear, every trigger, timing, strategy
/// and action, ranges and invariants, and a script — the same `seed` gives the same text.
struct GeneratedSpecs {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    }

    private mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    private mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[int(0...(items.count - 1))]
    }

    /// A spec text; `withGear` adds a gear between the spins.
    mutating func spec(spins spinCount: Int, withGear: Bool) -> String {
        var text = withGear ? "gears:\n  bus:\n    events: [ping, pong]\nspins:\n" : "spins:\n"
        for index in 0..<spinCount {
            text += spinBody(index, gear: withGear)
        }
        return text
    }

    private mutating func spinBody(_ index: Int, gear: Bool) -> String {
        let states = ["s0", "s1", "s2"]
        let events = ["a", "b", "c"]
        var text = "  S\(index):\n"
        text += "    states: [\(states.joined(separator: ", "))]\n"
        let hasFinal = chance(30)
        if hasFinal { text += "    final: s2\n" }
        text += "    data:\n      n: { type: int, initial: 0, range: [-50, 50] }\n      m: 0\n"
        text += "    events: [\(events.joined(separator: ", "))]\n"
        text += "    inputs: [a]\n"
        text += "    transitions:\n"
        // Every state reaches the next, so that no state is unreachable.
        text += "      - { from: s0, on: a, to: s1, set: { n: n + 1 } }\n"
        text += "      - { from: s1, on: b, when: n > \(int(0...2)), to: s2, set: { m: m + 1 } }\n"
        text += "      - { from: s1, on: b, when: n <= 0, to: s0 }\n"
        text += "      - { from: s2, on: a, to: s0, set: { n: n - 1 } }\n"
        text += "      - { from: [s0, s2], on: c, when: m < 3, set: { m: m + 1, n: \(pick(["n * 2", "n + 3", "-n"])) } }\n"
        text += "      - { from: s1, on: a, set: { n: n + \(int(1...3)) } }\n"
        text += "    feedbacks:\n"
        for rule in 0..<int(2...4) {
            text += "      r\(rule):\n" + ruleBody(gear: gear, index: index)
        }
        if gear {
            text += "      hear:\n        catch: bus.\(pick(["ping", "pong"]))\n        emit: \(pick(["b", "c"]))\n"
        }
        if chance(30) {
            text += "    invariants:\n      bounded: m <= \(int(2...6))\n"
        }
        text += "    script:\n"
        var at = 0
        for _ in 0..<int(1...4) {
            at += pick([0, 50, 100, 150, 300])
            text += "      - { at: \(at)ms, emit: a }\n"
        }
        return text
    }

    private mutating func ruleBody(gear: Bool, index: Int) -> String {
        var lines: [String] = []
        // Now and then a trigger that divides by zero in some states (its fault ends the run).
        var trigger = chance(4) ? 7 : int(0...6)
        switch trigger {
        case 0: lines.append("when: n > \(int(-1...2))")
        case 1: lines.append("becomes: state == .s1 and n > 0")
        case 2: lines.append("enter: \(pick(["s1", "s2", "[s0, s2]"]))")
        case 3: lines.append("in: \(pick(["s0", "s1"]))")
        case 4: lines.append("changes: \(pick(["state", "n % 3", "m"]))")
        case 5: lines.append("becomes: m >= 1")
        case 6: lines.append("enter: s0")
        default:
            let faulting = pick(["becomes: 4 / (n - 2) > 1", "when: 4 / (m - 1) > 0", "changes: 4 / (n - 3)", "in: s1\n        when: 2 / (m - 2) > 0"])
            if faulting.hasPrefix("changes") { trigger = 4 }
            lines.append(faulting)
        }
        let periodic = trigger != 4 && chance(20)
        if periodic {
            lines.append("every: \(pick(["50ms", "100ms", "200ms", "'50ms * (m + 1)'"]))")
            if chance(40) { lines.append("after: \(pick([0, 30, 120]))ms") }
        } else if chance(50) {
            lines.append("after: \(pick(["0ms", "50ms", "100ms", "150ms", "'25ms * (m + 1)'"]))")
        }
        if chance(25) { lines.append("strategy: continue") }
        switch int(0...5) {
        case 0, 1:
            lines.append("emit: \(pick(["a", "b", "c"]))")
        case 2:
            lines.append("choose: [ { weight: 1, emit: b }, { weight: 2, emit: c } ]")
        case 3 where gear:
            lines.append("propagate: bus.\(pick(["ping", "pong"]))")
        case 4:
            let outcome = chance(50) ? "emit: \(pick(["b", "c"]))"
                : "choose: [ { weight: 1, \(pick(["", "after: 30ms, "]))emit: b }, { weight: 1, emit: a } ]"
            lines.append("effect: work\(index)")
            lines.append("simulate: { \(pick(["", "after: 0ms, ", "after: 50ms, ", "after: 100ms, "]))\(outcome) }")
        default:
            lines.append("render: \"n={n}\"")
        }
        return lines.map { "        \($0)\n" }.joined()
    }
}
