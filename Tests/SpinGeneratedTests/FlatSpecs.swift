import SpinTestSupport

/// Random flat specs without rules, for the differential of generated machines: every type the
/// writer writes (int with and without a range, double, bool, enum, string), payloads, guards and
/// assignments that overflow, divide by zero, leave a range or grow a string, rows of several
/// states and of `any`, and now and then a final state. The same seed gives the same text.
struct FlatSpecs {
    /// How many the differential writes, compiles and runs.
    static let count = 72

    private var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// The spec of `seed`: spin `Flat<seed>`.
    static func text(seed: UInt64) -> String {
        var generator = FlatSpecs(seed: seed)
        return generator.spec(name: "Flat\(seed)")
    }

    private static let states = ["a", "b", "c", "d"]

    private mutating func spec(name: String) -> String {
        let hasFinal = random.chance(40)
        var text = "spin: \(name)\nstates: [a, b, c, d]\ninitial: a\n"
        if hasFinal { text += "final: d\n" }
        text += "data:\n"
        text += random.chance(50) ? "  n: { type: int, initial: 0, range: [-20, 20] }\n" : "  n: 0\n"
        text += "  m: \(random.int(1...3))\n"
        text += random.chance(50) ? "  x: { type: double, initial: 0.5, range: [-100.0, 100.0] }\n" : "  x: 0.5\n"
        text += "  on: false\n"
        text += "  mode: { type: enum, values: [low, mid, high], initial: low }\n"
        text += "  label: \"\"\n"
        text += "events:\n  tick: {}\n  add: { k: int }\n  scale: { v: double }\n  flip: { to: bool }\n  say: { word: string }\n"
        text += "inputs: [tick, add, scale, flip, say]\n"
        text += "transitions:\n"
        for _ in 0..<random.int(8...16) {
            text += row(hasFinal: hasFinal)
        }
        return text
    }

    private mutating func row(hasFinal: Bool) -> String {
        let event = random.pick(["tick", "add", "scale", "flip", "say"])
        var parts: [String] = []
        let from: String
        switch random.int(0...5) {
        case 0: from = "any"
        case 1: from = "[a, b]"
        default: from = random.pick(Array(Self.states.prefix(hasFinal ? 3 : 4)))
        }
        parts.append("from: \(from)")
        parts.append("on: \(event)")
        if random.chance(85) { parts.append("when: '\(guardText(event))'") }
        if random.chance(60) { parts.append("to: \(random.pick(Self.states))") }
        var assignments: [String] = []
        for field in ["n", "m", "x", "on", "mode", "label"] where random.chance(35) {
            assignments.append("\(field): '\(value(field, event))'")
        }
        if !assignments.isEmpty { parts.append("set: { \(assignments.joined(separator: ", ")) }") }
        return "  - { \(parts.joined(separator: ", ")) }\n"
    }

    private mutating func guardText(_ event: String) -> String {
        var choices = [
            "n < \(random.int(-3...6))", "m % 3 == \(random.int(0...2))", "on", "not on", "mode == .mid", "mode != .high",
            "x * 2.0 > 1.0", "length(label) < \(random.int(1...6))", "m > n or on", "on => n > 0", "min(n, m) <= 2",
            "contains(label, \"ab\")", "state == .b", "abs(n - m) > 1",
        ]
        switch event {
        case "add": choices += ["event.k > 0", "n / event.k > 0", "event.k % 2 == 0 and m < 100"]
        case "scale": choices += ["event.v < x", "int(event.v) > 1"]
        case "flip": choices += ["event.to", "event.to != on"]
        case "say": choices += ["startsWith(event.word, \"a\")", "event.word == label", "isEmpty(trimmed(event.word))"]
        default: break
        }
        return random.pick(choices)
    }

    private mutating func value(_ field: String, _ event: String) -> String {
        switch field {
        case "n":
            var choices = ["n + 1", "n - m", "-n", "clamp(n + 5, -50, 50)", "int(x * 3.0)", "n - 1", "max(n, m, 2)", "m % 7"]
            if event == "add" { choices += ["n + event.k", "n % event.k", "m / event.k"] }
            if event == "say" { choices += ["length(event.word)"] }
            return random.pick(choices)
        case "m":
            var choices = ["m * 100000", "m + 1", "abs(n - m)", "m - 1", "on ? m : m + 2", "min(m, 7)", "m % 5 + n", "clamp(m * m, -9, 9)"]
            if event == "add" { choices += ["m * event.k", "event.k - m"] }
            return random.pick(choices)
        case "x":
            var choices = ["x / 2.0 + double(n)", "x * x * 10.0", "-x", "x % 3.0", "max(x, 1.5)", "x - 0.25"]
            if event == "scale" { choices += ["x * event.v", "event.v / x", "clamp(event.v, -1.0, 1.0)"] }
            return random.pick(choices)
        case "on":
            var choices = ["not on", "n > m", "mode == .high"]
            if event == "flip" { choices += ["event.to", "event.to and on"] }
            return random.pick(choices)
        case "mode":
            return random.pick([".high", ".low", "on ? .mid : .high", "mode"])
        default:
            var choices = ["label + \"ab\"", "uppercased(label)", "string(m)", "string(x)", "label + string(on)", "string(mode)", "trimmed(label)", "string(state)"]
            if event == "say" { choices += ["event.word", "label + event.word", "lowercased(event.word)"] }
            return random.pick(choices)
        }
    }
}
