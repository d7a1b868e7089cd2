import SpinDSLFrontEnd
import SpinDSLRunner

/// The line each move's `d_step` of the Promela model prints, saying in the spec's terms which move
/// it is, so that a trail of SPIN's (`spin -t`, a guided simulation, runs the printfs; `./pan`'s
/// verification does not) can be read back as the checker's moves (`PromelaTrail`):
///
///     spinrun move: input 0 3: Vending.coin amount=10
///     spinrun move: time 3 x 1000ms
///
/// An input names its spin and its place among the spin's input moves (`Explorer.inputEvents`),
/// then the spin, event and payload in words for a reader of SPIN's output; time names the units it
/// moves by (the model's time left, `m`) and the unit in milliseconds. The line is one `printf`, the
/// first statement after the `d_step`'s guard, before anything that may fail an `assert`.
enum PromelaMarker {
    /// What every marker line starts with (SPIN indents a process's output).
    static let prefix = "spinrun move: "

    /// A move a marker names.
    enum Move: Equatable {
        /// Input `index` of spin `spin` (`Explorer.inputEvents(of:)` order).
        case input(spin: Int, index: Int)
        /// Time moves by `units` of `unit` milliseconds.
        case time(units: Int64, unit: Int64)
    }

    /// The `printf` statement of input `index` of spin `spin`, `words` what it is
    /// (`Vending.coin amount=10`).
    static func input(spin: Int, index: Int, words: String) -> String {
        "printf(\"\(prefix)input \(spin) \(index): \(printable(words))\\n\");"
    }

    /// The `printf` statement of time moving by `m` units of `unit` milliseconds (the model's `m`
    /// holds the units when it runs: a product could pass SPIN's 32-bit `int`).
    static func time(unit: Int64) -> String {
        "printf(\"\(prefix)time %d x \(unit)ms\\n\", m);"
    }

    /// `words` as a printf's text: SPIN's `printf` takes no `%%`, and a name with `"` or `\` would
    /// end or escape the string, so anything but letters, digits and `_ . = , -` is a `?` (a spec's
    /// names are letters, digits and `_`: nothing is lost there).
    static func printable(_ words: String) -> String {
        String(words.map { character in
            character.isASCII && (character.isLetter || character.isNumber || "_.=,- ".contains(character)) ? character : "?"
        })
    }

    /// The move of a line SPIN printed, or nil when it is not a marker (SPIN's own lines).
    static func move(_ line: Substring) -> Move? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix(prefix) else { return nil }
        let words = trimmed.dropFirst(prefix.count).split(separator: " ", omittingEmptySubsequences: true)
        if words.first == "input", words.count >= 3, let spin = Int(words[1]), words[2].hasSuffix(":"),
           let index = Int(words[2].dropLast()), spin >= 0, index >= 0 {
            return .input(spin: spin, index: index)
        }
        if words.first == "time", words.count == 4, let units = Int64(words[1]), words[2] == "x",
           words[3].hasSuffix("ms"), let unit = Int64(words[3].dropLast(2)), units >= 0, unit >= 1 {
            return .time(units: units, unit: unit)
        }
        return nil
    }
}
