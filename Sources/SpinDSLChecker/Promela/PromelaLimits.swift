import SpinDSLFrontEnd
import SpinDSLRunner

/// SPIN's limits on the text of a model (SPIN 6.5.2), measured on the model `PromelaWriter` wrote, so
/// that `spinrun --promela` refuses a model SPIN would refuse (docs/checking.md, "SPIN's limits").
///
/// - An `inline` definition is read into a buffer of 65,536 characters (`SOMETHINGBIG` in SPIN's
///   `spin.h`; `spin -a` stops with "inline text too long"). SPIN reads the text after the C
///   preprocessor, which removes comments and keeps indentation, and the buffer also holds a
///   `#line N "FILE"` line naming the model's file, for which 1,024 characters are kept.
/// - A `d_step` holds at most 2,048 statements (`MAXDSTEP` in SPIN's `dstep.c`; "d_step sequence
///   too long"), inlines expanded: every guard, assignment, `assert`, `skip`, `break` and `else`
///   is one, an `if` two (itself and the place after its `fi`), a `do` three, a use of an inline
///   its statements and one (SPIN reads the inline as a block). Measured on SPIN 6.5.2: a
///   `d_step` of a guard, 2,045 assignments and a `skip` is accepted, one more refused; the counts
///   of exported models, flat and statecharts, padded with `skip`s to the limit, agree.
struct PromelaLimits {
    /// The most characters of an inline's text (comments removed) the model may have.
    static let inlineCharacters = 65_536 - 1_024
    /// The most statements of a `d_step` the model may have (one is kept for the place after it).
    static let dStepStatements = 2_047

    /// A part of the model past one of the limits.
    struct Excess: Equatable {
        /// What is too long: `the step of its statechart (inline s0_step)`, `the move 'coin(10)'`.
        let part: String
        /// The spin whose part it is.
        let spin: Int
        /// How long it is, and the limit, in characters or statements.
        let size: Int
        let limit: Int
        /// Whether the sizes count statements (else characters).
        let statements: Bool
    }

    /// The inlines' statement counts, by name, as the `d_step`s that use them are measured.
    private var inlineStatements: [String: Int] = [:]

    /// Every part of `text` past a limit: `dStepSpins` gives the spin of each `d_step`, in order,
    /// and `dStepNames` what each is (`coin(10)`, `time`).
    static func excesses(in text: String, dStepSpins: [Int], dStepNames: [String]) -> [Excess] {
        var limits = PromelaLimits()
        var found: [Excess] = []
        var dSteps = 0
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            if line.hasPrefix("inline "), line.hasSuffix("() {") {
                let name = String(line.dropFirst("inline ".count).dropLast("() {".count))
                var body: [Substring] = []
                while let next = lines.popFirst(), next != "}" { body.append(next) }
                let characters = body.reduce(1) { $0 &+ Self.code($1).utf8.count &+ 1 }
                let spin = Self.spin(ofInline: name)
                if characters > inlineCharacters {
                    found.append(Excess(part: "inline \(name)", spin: spin, size: characters, limit: inlineCharacters, statements: false))
                }
                limits.inlineStatements[name] = limits.statements(body)
            } else if line.drop(while: { $0 == " " }).hasPrefix(":: d_step {") {
                let indent = line.prefix { $0 == " " }
                var body: [Substring] = []
                while let next = lines.popFirst(), !(next.hasPrefix(indent) && next.dropFirst(indent.count) == "}") { body.append(next) }
                // The place after the d_step is one more (`putcode`'s `Sourced(nxt)`).
                let count = limits.statements(body)
                let spin = dStepSpins.indices.contains(dSteps) ? dStepSpins[dSteps] : 0
                let name = dStepNames.indices.contains(dSteps) ? dStepNames[dSteps] : "a move"
                if count > dStepStatements {
                    found.append(Excess(part: "the d_step of the move \(name)", spin: spin, size: count, limit: dStepStatements, statements: true))
                }
                dSteps &+= 1
            }
        }
        return found
    }

    /// The spin of a generated inline: `s3_step` is spin 3's, `advance` spin 0's.
    private static func spin(ofInline name: String) -> Int {
        guard name.hasPrefix("s") else { return 0 }
        return Int(name.dropFirst().prefix { $0.isNumber }) ?? 0
    }

    /// A line without its comments and trailing blanks, as the preprocessor leaves it.
    static func code(_ line: Substring) -> Substring {
        guard line.contains("/") || line.last == " " else { return line }
        var rest = line
        var kept = ""
        while let open = rest.firstRange(of: "/*") {
            kept += rest[..<open.lowerBound]
            kept += " "
            guard let close = rest[open.upperBound...].firstRange(of: "*/") else {
                rest = rest[rest.endIndex...]
                break
            }
            rest = rest[close.upperBound...]
        }
        kept += rest
        var end = kept.endIndex
        while end > kept.startIndex, kept[kept.index(before: end)] == " " { end = kept.index(before: end) }
        return kept[..<end]
    }

    /// How many statements SPIN makes of `body`: outside parentheses, each text between `;`,
    /// `->`, `::` and the keywords `if`, `fi`, `do`, `od` is one (a call of an inline, its
    /// statements and one); `if` adds two, `do` three.
    private func statements(_ body: [Substring]) -> Int {
        var count = 0
        var depth = 0
        var chunk = ""
        func close() {
            let text = chunk.filter { $0 != " " }
            if text.hasSuffix("()"), let inline = inlineStatements[String(text.dropLast(2))] {
                // SPIN reads an inline's text as a block `{ … }`, one statement more.
                count &+= inline &+ 1
            } else if !text.isEmpty {
                count &+= 1
            }
            chunk = ""
        }
        for line in body {
            let code = Array(Self.code(line))
            var index = 0
            while index < code.count {
                let character = code[index]
                let next = index &+ 1 < code.count ? code[index &+ 1] : " "
                if character == "(" { depth &+= 1 }
                if character == ")" { depth &-= 1 }
                if depth == 0, character == ";" {
                    close()
                    index &+= 1
                    continue
                }
                if depth == 0, (character == "-" && next == ">") || (character == ":" && next == ":") {
                    close()
                    index &+= 2
                    continue
                }
                if depth == 0, character.isLetter, index == 0 || !Self.isNameCharacter(code[index &- 1]) {
                    var end = index
                    while end < code.count, Self.isNameCharacter(code[end]) { end &+= 1 }
                    let word = String(code[index..<end])
                    if ["if", "fi", "do", "od"].contains(word) {
                        close()
                        if word == "if" { count &+= 2 }
                        if word == "do" { count &+= 3 }
                        index = end
                        continue
                    }
                    chunk += word
                    index = end
                    continue
                }
                chunk.append(character)
                index &+= 1
            }
            chunk.append(" ")
        }
        close()
        return count
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
