import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// The livelock detector reports exactly what the straightforward version reports (every spin's
/// whole state hashed on every step, every signature kept), on long random step sequences.
@Suite struct LivelockDetectorTests {
    /// The first version of the detector, kept as the reference.
    struct ReferenceDetector {
        var states: [SpecState?]
        var time: Int64 = -1
        var history: [Int] = []
        var steps: [LivelockDetector.Step] = []
        var lastSeen: [Int: Int] = [:]
        var period = 0
        var run = 0

        /// `longest`: the longest reportable period (the detector's `maxSteps / repeats + 1`).
        mutating func observe(_ step: LivelockDetector.Step, state: SpecState, time now: Int64, repeats: Int, longest: Int = .max) -> [LivelockDetector.Step]? {
            if states.indices.contains(step.spin) { states[step.spin] = state }
            if now != time {
                time = now
                history.removeAll()
                steps.removeAll()
                lastSeen.removeAll()
                period = 0
                run = 0
            }
            var hasher = Hasher()
            hasher.combine(step)
            hasher.combine(states)
            let signature = hasher.finalize()
            let position = history.count
            if period > 0, position >= period, history[position - period] == signature, steps[position - period] == step {
                run += 1
            } else if let seen = lastSeen[signature] {
                period = position - seen
                run = 1
            } else {
                period = 0
                run = 0
            }
            history.append(signature)
            steps.append(step)
            lastSeen[signature] = position
            guard period > 0, period <= longest, run >= period * repeats else { return nil }
            let cycle = Array(steps[(position + 1 - period)...])
            guard cycle.contains(where: \.changed) else { return nil }
            return cycle
        }
    }

    /// Steps that wander among few states, fall into cycles of a few steps for a while, and now
    /// and then let time pass: both detectors see the same steps and must answer alike each time.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func agreesWithTheReferenceOnRandomRuns(seed: UInt64) {
        var random = SeededGenerator(seed: seed)  // deterministic, so that a failure can be replayed
        let spins = Int.random(in: 1...3, using: &random)
        let repeats = Int.random(in: 1...6, using: &random)
        let maxSteps = 20_000
        var detector = LivelockDetector(spins: spins, maxSteps: maxSteps, repeats: repeats)
        var reference = ReferenceDetector(states: Array(repeating: nil, count: spins))
        var controls = Array(repeating: 0, count: spins)
        var time: Int64 = 0
        var cycle: [(spin: Int, event: Int, control: Int, value: Int64)] = []
        var cycleLeft = 0
        var reports = 0
        for number in 0..<maxSteps {
            if Int.random(in: 0..<500, using: &random) == 0 { time += 1 }
            if cycleLeft == 0, Int.random(in: 0..<50, using: &random) == 0 {
                cycle = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    (Int.random(in: 0..<spins, using: &random), Int.random(in: 0..<2, using: &random), Int.random(in: 0..<2, using: &random), Int64.random(in: 0..<2, using: &random))
                }
                cycleLeft = cycle.count * Int.random(in: 1...(repeats + 3), using: &random)
            }
            let (spin, event, control, value): (Int, Int, Int, Int64)
            if cycleLeft > 0 {
                (spin, event, control, value) = cycle[cycleLeft % cycle.count]
                cycleLeft -= 1
            } else {
                (spin, event, control, value) = (Int.random(in: 0..<spins, using: &random), Int.random(in: 0..<2, using: &random), Int.random(in: 0..<2, using: &random), Int64.random(in: 0..<3, using: &random))
            }
            let state = SpecState(control: control, data: [.int(value)])
            let step = LivelockDetector.Step(spin: spin, event: SpecEvent(kind: event), from: controls[spin], to: control, changed: controls[spin] != control || value != 0)
            controls[spin] = control
            let found = detector.observe(step, state: state, time: time)
            let expected = reference.observe(step, state: state, time: time, repeats: repeats)
            #expect(found == expected, "step \(number)")
            if found != expected { return }
            if found != nil { reports += 1 }
        }
        #expect(reports > 0, "the run should contain livelocks to compare")
    }

    /// Runs that repeat long stretches of earlier steps, further back than any reportable period
    /// (a window of a few steps here), mixed with short cycles: the detector leaves such periods
    /// open and settles them by replaying, and must still answer as the reference does.
    @Test(arguments: [11, 12, 13, 14, 15, 16])
    func agreesWithTheReferenceWhenRepeatsLieBeyondTheWindow(seed: UInt64) {
        var random = SeededGenerator(seed: seed)  // deterministic, so that a failure can be replayed
        let repeats = Int.random(in: 1...4, using: &random)
        let maxSteps = repeats * Int.random(in: 2...12, using: &random)
        let longest = maxSteps / repeats + 1
        var detector = LivelockDetector(spins: 1, maxSteps: maxSteps, repeats: repeats)
        var reference = ReferenceDetector(states: [nil])
        var made: [(control: Int, value: Int64)] = []
        var script: [(control: Int, value: Int64)] = []
        var time: Int64 = 0
        var control = 0
        var reports = 0
        for number in 0..<30_000 {
            if Int.random(in: 0..<3000, using: &random) == 0 { time += 1 }
            if script.isEmpty {
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where made.count > 100:
                    // A stretch of earlier steps again, from well beyond the window.
                    let length = Int.random(in: 1...60, using: &random)
                    let start = Int.random(in: max(0, made.count - 2000)..<(made.count - length), using: &random)
                    script = Array(made[start..<(start + length)])
                case 1:
                    let cycle = (0..<Int.random(in: 1...longest + 2, using: &random)).map { _ in
                        (control: Int.random(in: 0..<2, using: &random), value: Int64.random(in: 0..<4, using: &random))
                    }
                    script = Array(repeating: cycle, count: Int.random(in: 1...(repeats + 2), using: &random)).flatMap { $0 }
                default:
                    script = (0..<Int.random(in: 1...30, using: &random)).map { _ in
                        (control: Int.random(in: 0..<2, using: &random), value: Int64.random(in: 0..<40, using: &random))
                    }
                }
            }
            let next = script.removeFirst()
            made.append(next)
            let state = SpecState(control: next.control, data: [.int(next.value)])
            let step = LivelockDetector.Step(spin: 0, event: SpecEvent(kind: 0), from: control, to: next.control, changed: control != next.control || next.value != 0)
            control = next.control
            let found = detector.observe(step, state: state, time: time)
            let expected = reference.observe(step, state: state, time: time, repeats: repeats, longest: longest)
            #expect(found == expected, "step \(number)")
            if found != expected { return }
            if found != nil { reports += 1 }
        }
        #expect(reports > 0, "the run should contain livelocks to compare")
    }

    /// The rule's own answer, which a first-repetition cycle finder would not give: signatures
    /// `a b a c a b a c …` follow distance 2 from the second `a` and distance 4 only from the second
    /// `b`, so the four-step cycle is reported at position 5 + 4 * repeats - 1.
    @Test func aCycleIsReportedWhereTheRuleFindsIt() {
        let repeats = 3
        var detector = LivelockDetector(spins: 1, maxSteps: 1000, repeats: repeats)
        // Steps of one spin whose state returns to `a` every other step, by way of `b` or `c`.
        let a0 = LivelockDetector.Step(spin: 0, event: SpecEvent(kind: 0), from: 1, to: 0, changed: true)
        let b = LivelockDetector.Step(spin: 0, event: SpecEvent(kind: 1), from: 0, to: 1, changed: true)
        let c = LivelockDetector.Step(spin: 0, event: SpecEvent(kind: 2), from: 0, to: 1, changed: true)
        var reportedAt: Int?
        for number in 0..<100 where reportedAt == nil {
            let step = [a0, b, a0, c][number % 4]
            if detector.observe(step, state: SpecState(control: step.to, data: []), time: 0) != nil { reportedAt = number }
        }
        #expect(reportedAt == 5 + 4 * repeats - 1)
    }

    /// A two-step cycle is reported after it repeated `repeats` times, not one step earlier.
    @Test func aCycleIsReportedWhenItHasRepeatedEnough() {
        var detector = LivelockDetector(spins: 1, maxSteps: 1000, repeats: 3)
        let on = LivelockDetector.Step(spin: 0, event: SpecEvent(kind: 0), from: 0, to: 1, changed: true)
        let off = LivelockDetector.Step(spin: 0, event: SpecEvent(kind: 0), from: 1, to: 0, changed: true)
        var reportedAt: Int?
        for number in 0..<20 where reportedAt == nil {
            let step = number.isMultiple(of: 2) ? on : off
            if detector.observe(step, state: SpecState(control: step.to, data: []), time: 0) != nil { reportedAt = number }
        }
        // Positions 0, 1 first seen; 2 starts the cycle (run 1); 2 + 3 * 2 - 1 = 7 completes it.
        #expect(reportedAt == 7)
    }

    /// The same cycle with time passing between its steps is no livelock.
    @Test func timePassingResetsTheCheck() {
        var detector = LivelockDetector(spins: 1, maxSteps: 1000, repeats: 3)
        for number in 0..<100 {
            let to = number % 2
            let step = LivelockDetector.Step(spin: 0, event: SpecEvent(kind: 0), from: 1 - to, to: to, changed: true)
            #expect(detector.observe(step, state: SpecState(control: to, data: []), time: Int64(number / 3)) == nil)
        }
    }
}

/// Strings in step signatures: hashed by their bytes (the same in every process), in full when
/// short, by their length, ends and a spread sample when long, so that a step costs the same
/// however long its strings grow.
@Suite struct SignatureHashStringTests {
    @Test("short strings: every byte counts, and the hash is the same in every process")
    func shortStrings() {
        let text = String(repeating: "x", count: SignatureHash.fullStringBytes)
        var changed = Array(text.utf8)
        changed[517] = UInt8(ascii: "y")
        #expect(SignatureHash.string(text) != SignatureHash.string(String(decoding: changed, as: UTF8.self)))
        #expect(SignatureHash.string("abc") != SignatureHash.string("abd"))
        #expect(SignatureHash.string("") != SignatureHash.string("\u{0}"))
        // Fixed: no per-process seed (Hasher's was).
        #expect(SignatureHash.string("levels") == SignatureHash.string(String("levels".reversed().reversed())))
    }

    @Test("long strings: the length, both ends and 64 spread words count; a byte elsewhere does not (a bounded cost per step)")
    func longStrings() {
        let text = String(repeating: "abcdefghijklmno", count: 10_000)
        let base = SignatureHash.string(text)
        #expect(SignatureHash.string(text + "p") != base)
        #expect(SignatureHash.string("Z" + text.dropFirst()) != base)
        #expect(SignatureHash.string(text.dropLast() + "Z") != base)
        // A byte between the sampled words is not read.
        var between = Array(text.utf8)
        let step = (between.count - 8) / 63
        between[step + 9] = UInt8(ascii: "Z")
        #expect(SignatureHash.string(String(decoding: between, as: UTF8.self)) == base)
        // A byte of a sampled word is.
        var sampled = Array(text.utf8)
        sampled[step * 30 + 3] = UInt8(ascii: "Z")
        #expect(SignatureHash.string(String(decoding: sampled, as: UTF8.self)) != base)
    }
}
