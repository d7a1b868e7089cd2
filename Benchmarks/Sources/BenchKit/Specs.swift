import Foundation

/// The YAML texts of the workloads, with their size substituted.
public enum BenchSpecs {
    /// The toggle: two control states, one event, a counter, one rule that emits until `n`.
    public static func toggle(_ n: Int) -> String {
        let template = (try? String(contentsOfFile: specsDirectory + "/toggle.yaml", encoding: .utf8)) ?? ""
        return template.replacingOccurrences(of: "limit: 1000", with: "limit: \(n)")
    }

    /// The toggle written as a statechart, its states nested two levels deep: the same behaviour.
    public static func nestedToggle(_ n: Int) -> String {
        let template = (try? String(contentsOfFile: specsDirectory + "/nested-toggle.yaml", encoding: .utf8)) ?? ""
        return template.replacingOccurrences(of: "limit: 1000", with: "limit: \(n)")
    }

    /// Specs/counter.yaml with its bound 10 replaced by `n` (n + 1 steps: n increases, one stop).
    public static func counter(_ n: Int) -> String {
        let text = (try? String(contentsOfFile: mainSpecsDirectory + "/counter.yaml", encoding: .utf8)) ?? ""
        return text.replacingOccurrences(of: "count < 10", with: "count < \(n)")
    }

    /// Specs/levels.yaml started from (0, 2n) instead of (10, 20): 2n steps, converging to (n, n).
    public static func levels(_ n: Int) -> String {
        let text = (try? String(contentsOfFile: mainSpecsDirectory + "/levels.yaml", encoding: .utf8)) ?? ""
        return text.replacingOccurrences(of: "left: 10", with: "left: 0")
            .replacingOccurrences(of: "right: 20", with: "right: \(2 * n)")
    }

    /// A spec with `transitions` rows: `transitions / 10` control states and 10 events; row i goes
    /// from s(i/10) on e(i%10) to the next state and counts.
    public static func large(transitions: Int) -> String {
        let events = 10
        let states = max(2, transitions / events)
        var text = "spin: Large\nstates: ["
        text += (0..<states).map { "s\($0)" }.joined(separator: ", ")
        text += "]\ninitial: s0\ndata:\n  count: 0\nevents: ["
        text += (0..<events).map { "e\($0)" }.joined(separator: ", ")
        text += "]\ntransitions:\n"
        for row in 0..<transitions {
            let from = row / events % states
            text += "  - { from: s\(from), on: e\(row % events), to: s\((from + 1) % states), set: { count: count + 1 } }\n"
        }
        return text
    }

    /// Benchmarks/Specs, found from the environment (set by ./run) or the working directory.
    public static var specsDirectory: String {
        ProcessInfo.processInfo.environment["SPINBENCH_SPECS"] ?? "Specs"
    }

    /// The main package's Specs directory.
    public static var mainSpecsDirectory: String {
        ProcessInfo.processInfo.environment["SPINBENCH_MAIN_SPECS"] ?? "../Specs"
    }
}
