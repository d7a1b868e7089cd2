import Foundation
import Testing

/// Hostile runs through the built `spinrun` (issue 14): limits at their extremes, faults that must
/// not be swallowed, values that must not wrap. Each case with its exact exit status and message.
@Suite("hostile runs (spinrun)")
struct HostileRunTests {
    private static let fixtures = HostileRun.fixtures

    @Test("--max-steps near Int.max with --livelock-repeats 2 or 1: the livelock window saturates, the run ends as usual", arguments: [
        ("9223372036854775807", "2"), ("4611686018427387904", "1"),
    ])
    func livelockWindowAtIntMax(maxSteps: String, repeats: String) throws {
        let levels = try HostileRun.run(["--quiet", "--max-steps", maxSteps, "--livelock-repeats", repeats, "Specs/levels.yaml"])
        #expect(levels.status == 0)
        #expect(levels.stdout == "idle: 20 steps, 0ms\n  Levels  left=15 right=15\n")
        #expect(levels.stderr == "")
        // The window still finds a livelock (after `repeats` repeats of its 2-step cycle).
        let livelock = try HostileRun.run(["--quiet", "--format", "jsonl", "--max-steps", maxSteps, "--livelock-repeats", repeats, "\(Self.fixtures)/livelock.yaml"])
        #expect(livelock.status == 4)
        let steps = repeats == "2" ? 6 : 4
        #expect(livelock.stdout == #"{"summary":{"status":"livelock","steps":\#(steps),"time":0,"spins":{"Switch":{"state":"off","data":{}}},"cycle":["Switch: flip off → on","Switch: flip on → off"]}}"# + "\n")
    }

    @Test("a negative number after an option is its value, refused by its range (it was taken for an option: 'Missing value')")
    func negativeOptionValues() throws {
        let steps = try HostileRun.run(["--max-steps", "-1", "Specs/levels.yaml"])
        #expect(steps.status == 64)
        #expect(steps.stderr.hasPrefix("Error: --max-steps must be at least 1 [#OptionOutOfRange]\n"))
        let repeats = try HostileRun.run(["--livelock-repeats", "-5", "Specs/levels.yaml"])
        #expect(repeats.stderr.hasPrefix("Error: --livelock-repeats must be 0 (off) or more [#OptionOutOfRange]\n"))
        let seed = try HostileRun.run(["--seed", "-1", "Specs/levels.yaml"])
        #expect(seed.status == 64)
        #expect(seed.stderr.hasPrefix("Error: The value '-1' is invalid for '--seed <seed>'\n"))
    }
}
