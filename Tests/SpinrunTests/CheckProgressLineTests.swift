import Foundation
import Testing

/// `spinrun --check`'s progress line: on a terminal only (here, `script`'s pseudo-terminal), on
/// stderr, rewritten in place, at most once a second, cleared before the result; `--quiet`
/// silences it.
@Suite("spinrun --check progress line")
struct CheckProgressLineTests {
    /// Three counters in 0…50: 132,651 states, so the exploration reports its progress twice.
    static let counters = """
        spin: Counters
        data:
          a: { type: int, initial: 0, range: [0, 50] }
          b: { type: int, initial: 0, range: [0, 50] }
          c: { type: int, initial: 0, range: [0, 50] }
        events: [incA, incB, incC, decA]
        inputs: [incA, incB, incC, decA]
        transitions:
          - { on: incA, when: a < 50, set: { a: a + 1 } }
          - { on: incB, when: b < 50, set: { b: b + 1 } }
          - { on: incC, when: c < 50, set: { c: c + 1 } }
          - { on: decA, when: a > 0, set: { a: a - 1 } }
        """

    /// Runs `spinrun ARGUMENTS` on a pseudo-terminal; returns what the terminal showed.
    private func onTerminal(_ arguments: String) throws -> SpinrunProcess.Output {
        let path = try HostileRun.temporary("counters.yaml", Self.counters)
        return try HostileRun.shell("script -qec '\"$SPINRUN\" \(arguments) \(path)' /dev/null", within: 120)
    }

    @Test("on a terminal: the first report is drawn, then at most one a second, and the line is cleared before the result")
    func drawnAndCleared() throws {
        // One worker reports after exactly 65,536 states expanded.
        let output = try onTerminal("--check --workers 1")
        #expect(output.status == 0)
        let line = #/\r\u{1B}\[K  ([0-9]+) states, ([0-9]+) in the frontier, depth ([0-9]+), [0-9]+ states/s, [0-9]+\.[0-9] MiB/#
        let drawn = output.stdout.matches(of: line)
        // The first report is always drawn; the second only if a second has passed since.
        #expect((1...2).contains(drawn.count))
        let first = try #require(drawn.first)
        #expect(Int(first.output.1).map { $0 - (Int(first.output.2) ?? 0) } == 65_536)
        // Cleared: the result starts on a clean line.
        let cleared = try #require(output.stdout.range(of: "\r\u{1B}[K", options: .backwards))
        #expect(output.stdout[cleared.upperBound...].hasPrefix("ok: 132651 states, "))
    }

    @Test("with two workers: reported at the end of the level that passes 65,536 states expanded")
    func drawnByLevels() throws {
        let output = try onTerminal("--check --workers 2")
        #expect(output.status == 0)
        let line = #/\r\u{1B}\[K  ([0-9]+) states, ([0-9]+) in the frontier, depth ([0-9]+), [0-9]+ states/s, [0-9]+\.[0-9] MiB/#
        let first = try #require(output.stdout.matches(of: line).first)
        let expanded = (Int(first.output.1) ?? 0) - (Int(first.output.2) ?? 0)
        #expect(expanded >= 65_536 && expanded < 132_651)
        let cleared = try #require(output.stdout.range(of: "\r\u{1B}[K", options: .backwards))
        #expect(output.stdout[cleared.upperBound...].hasPrefix("ok: 132651 states, "))
    }

    @Test("--quiet: no progress line, even on a terminal")
    func quiet() throws {
        let output = try onTerminal("--check --quiet")
        #expect(output.status == 0)
        #expect(!output.stdout.contains("\u{1B}"))
        #expect(!output.stdout.contains("in the frontier"))
    }
}
