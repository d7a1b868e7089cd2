import SpinTestSupport
import Testing
@testable import SpinDSLChecker
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// The parallel search in process (`CheckOptions.workers`), where the thread sanitizer of CI
/// runs it: two and three workers give the one-worker result — states, transitions, depth, dead
/// ends, findings and each counterexample's moves — without the machine (a spec with no rule) and
/// with it (a rule).
@Suite struct ParallelSearchTests {
    /// Three bounded counters whose invariant breaks at x + y + z = 30, and a dead end at the
    /// far corner; with `rule`, a feedback that pulls z back down.
    static func spec(rule: Bool) -> String {
        var text = """
            spin: Grid
            initial: open
            states: [open, shut]
            data:
              x: { type: int, initial: 0, range: [0, 14] }
              y: { type: int, initial: 0, range: [0, 14] }
              z: { type: int, initial: 0, range: [0, 4] }
            events: [incX, decX, incY, decY, incZ, pull]
            inputs: [incX, decX, incY, decY, incZ]
            invariants:
              bounded: x + y + z < 30
            transitions:
              - { from: open, on: incX, when: x < 14, set: { x: x + 1 } }
              - { from: open, on: decX, when: x > 0 and y < 14, set: { x: x - 1 } }
              - { from: open, on: incY, when: y < 14, set: { y: y + 1 } }
              - { from: open, on: decY, when: y > 0 and x < 14, set: { y: y - 1 } }
              - { from: open, on: incZ, when: z < 4, set: { z: z + 1 } }
              - { from: open, on: incZ, when: z == 4 and x == 14, to: shut }
              - { from: open, on: pull, when: z > 2, set: { z: z - 2 } }

            """
        if rule { text += "feedbacks:\n  puller: { when: 'z == 4 and x < 3', emit: pull }\n" }
        return text
    }

    static func checked(_ text: String, workers: Int) throws -> CheckResult {
        let compiled = try #require(TestSpec.load(text: text, path: "grid.yaml").compiled)
        return SpecChecker(compiled).check(CheckOptions(workers: workers))
    }

    @Test(arguments: [false, true])
    func workersFindWhatOneFinds(rule: Bool) throws {
        let one = try Self.checked(Self.spec(rule: rule), workers: 1)
        #expect(one.states > 1_000)
        #expect(!one.violations.isEmpty)
        for workers in [2, 3] {
            let many = try Self.checked(Self.spec(rule: rule), workers: workers)
            #expect(many.status == one.status)
            #expect(many.states == one.states)
            #expect(many.transitions == one.transitions)
            #expect(many.depth == one.depth)
            #expect(many.deadEnds == one.deadEnds)
            #expect(many.violations.map(\.kind) == one.violations.map(\.kind))
            #expect(many.violations.map(\.depth) == one.violations.map(\.depth))
            #expect(many.violations.map(\.counterexample) == one.violations.map(\.counterexample))
        }
    }

    @Test func aSpecWithAnInvariantThatHoldsIsOkWithTwoWorkers() throws {
        let text = Self.spec(rule: false).replacingOccurrences(of: "x + y + z < 30", with: "x + y + z < 40")
        let one = try Self.checked(text, workers: 1)
        let two = try Self.checked(text, workers: 2)
        #expect(two.states == one.states)
        #expect(two.transitions == one.transitions)
        #expect(two.status == one.status)
        #expect(two.violations.isEmpty == one.violations.isEmpty)
    }
}
