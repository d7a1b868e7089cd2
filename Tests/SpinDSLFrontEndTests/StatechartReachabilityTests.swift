import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// `StatechartReachability.combinedTargets` works out the configuration after transitions taken in
/// several regions at once from each transition's own microstep (a configuration's number is a sum
/// over a parallel state's regions); planning the combination in full is the reference. Every
/// combination of every cell of several regions' choices, as the analysis enumerates them.
@Suite("statechart reachability")
struct StatechartReachabilityTests {
    /// How many combinations of `spec`'s cells were compared, each equal by both ways.
    static func compareEveryCombination(_ spec: TestSpec, label: String) -> Int {
        guard let model = spec.model else { return 0 }
        var compared = 0
        for spin in model.spins {
            guard let chart = spin.statechart else { continue }
            for (cellIndex, cell) in chart.cells.enumerated() {
                let configuration = cellIndex / max(1, chart.columns)
                let groups = StatechartReachability.groups(of: cellIndex, cell: cell, chart: chart).filter { !$0.isEmpty }
                guard groups.count > 1 else { continue }
                let count = groups.reduce(1) { min($0 &* ($1.count &+ 1), 257) }
                guard count <= 256 else { continue }
                for combination in 0..<count {
                    var rest = combination
                    var chosen: [Int] = []
                    for group in groups {
                        let pick = rest % (group.count &+ 1)
                        rest /= group.count &+ 1
                        if pick > 0 { chosen.append(group.lowerBound &+ pick &- 1) }
                    }
                    guard chosen.count > 1 else { continue }
                    let fast = StatechartReachability.combinedTargets(chosen, from: configuration, spin: spin, chart: chart)
                    let planned = StatechartReachability.combinedTargetsByPlanning(chosen, from: configuration, spin: spin, chart: chart)
                    #expect(fast == planned, "\(label): configuration \(configuration), candidates \(chosen)")
                    compared += 1
                }
            }
        }
        return compared
    }

    @Test("generated statecharts: every combination's configuration is the planned one")
    func generatedStatecharts() {
        var compared = 0
        for seed in UInt64(7000)..<7040 {
            compared += Self.compareEveryCombination(GeneratedSpecs.loaded(seed: seed, nested: true).spec, label: "seed \(seed)")
        }
        #expect(compared == 428)
    }

    /// Six regions of two states, rows on three events, one of each pair guarded: up to 2^6
    /// combinations a cell.
    @Test("six regions: every combination's configuration is the planned one")
    func sixRegions() {
        var text = "spin: P\ninitial: top\ndata:\n  k: { type: int, initial: 0, range: [0, 3] }\n"
        text += "events: [a, b, c]\ninputs: [a, b, c]\nstates:\n  top:\n    parallel:\n"
        for region in 0..<6 { text += "      r\(region): { states: [x\(region)_0, x\(region)_1] }\n" }
        text += "transitions:\n"
        let events = ["a", "b", "c"]
        for region in 0..<6 {
            for state in 0..<2 {
                text += "  - { from: x\(region)_\(state), on: \(events[(region + state) % 3]), to: x\(region)_\(1 - state) }\n"
                text += "  - { from: x\(region)_\(state), on: \(events[(region + state + 1) % 3]), when: k == \(region % 4), to: x\(region)_\(1 - state) }\n"
            }
        }
        #expect(Self.compareEveryCombination(TestSpec.load(text: text, path: "six-regions.yaml"), label: "six regions") == 2_928)
    }

    /// Parallel states inside regions of a parallel state, compound states inside regions, rows
    /// inside a region's compound state and rows from a region's compound state to its sibling.
    @Test("nested parallel and compound regions: every combination's configuration is the planned one")
    func nestedRegions() throws {
        let text = """
            spin: N
            initial: top
            events: [a, b]
            inputs: [a, b]
            states:
              top:
                parallel:
                  r0:
                    initial: p
                    states:
                      p:
                        parallel:
                          s0: { states: [x0, x1] }
                          s1: { states: [y0, y1, y2] }
                      q: {}
                  r1:
                    initial: c
                    states:
                      c:
                        initial: c0
                        states:
                          c0: {}
                          c1: {}
                      d: {}
                  r2: { states: [z0, z1] }
            transitions:
              - { from: x0, on: a, to: x1 }
              - { from: x1, on: a, to: x0 }
              - { from: y0, on: a, to: y1 }
              - { from: y1, on: a, to: y2 }
              - { from: y2, on: b, to: y0 }
              - { from: c0, on: a, to: c1 }
              - { from: c1, on: b, to: d }
              - { from: c, on: a, to: c }
              - { from: d, on: a, to: c }
              - { from: z0, on: a, to: z1 }
              - { from: z1, on: b, to: z0 }
              - { from: p, on: b, to: q }
              - { from: q, on: a, to: p }
            """
        let spec = TestSpec.load(text: text, path: "nested-regions.yaml")
        #expect(spec.model != nil)
        #expect(Self.compareEveryCombination(spec, label: "nested") == 464)
    }
}
