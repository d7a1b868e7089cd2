extension YAMLSourceText {
    /// Where each scalar of `value`, a YAML scalar written in `style` between libyaml's marks
    /// `start` and `end` (1-based), stands in the source; nil when it needs no layout (one line,
    /// no escapes) or when the source cannot be aligned with the value.
    ///
    /// The value is matched against its source text character by character: escapes of double
    /// quotes and `''` in single quotes stand for one character each, whitespace the value does not
    /// have (indentation, spaces folded away) is skipped, and a line break stands for the `" "` or
    /// `"\n"` folding made of it, or for nothing (an escaped line break, a run of empty lines).
    /// Anything else that differs means the source was not understood, and no layout is made:
    /// locations then count in the value, as before.
    mutating func layout(of value: String, style: YAMLScalar.Style, start: SourceLocation, end: SourceLocation) -> SourceLayout? {
        // Asked of every scalar read: most answer no here, without a copy of their text.
        guard !value.isEmpty, needsLayout(value, style: style, start: start, end: end) else { return nil }
        let scalars = Array(value.unicodeScalars)
        guard let source = stream(style: style, start: start, end: end, value: scalars) else { return nil }
        var lines: [Int32] = []
        var columns: [Int32] = []
        lines.reserveCapacity(scalars.count + 1)
        columns.reserveCapacity(scalars.count + 1)
        var j = source.skipIndentation(from: 0)
        var i = 0
        func place(at index: Int) {
            lines.append(source.lines[index])
            columns.append(source.columns[index])
        }
        while i < scalars.count {
            guard j < source.count else { return nil }
            let wanted = scalars[i]
            guard let character = source.characters[j] else {
                // A line break: the folding made of it, if the value has one here.
                if wanted == " " || wanted == "\n" {
                    place(at: j)
                    i += 1
                }
                j = source.skipIndentation(from: j + 1)
                continue
            }
            if style == .doubleQuoted, character == "\\" {
                guard j + 1 < source.count else { return nil }
                guard source.characters[j + 1] != nil else {
                    // An escaped line break stands for nothing.
                    j = source.skipIndentation(from: j + 2)
                    continue
                }
                guard let (decoded, length) = source.escape(at: j + 1), decoded == wanted else { return nil }
                place(at: j)
                i += 1
                j += 1 + length
                continue
            }
            if style == .singleQuoted, character == "'", j + 1 < source.count, source.characters[j + 1] == "'" {
                guard wanted == "'" else { return nil }
                place(at: j)
                i += 1
                j += 2
                continue
            }
            if character == wanted {
                place(at: j)
                i += 1
                j += 1
                continue
            }
            guard character == " " || character == "\t" else { return nil }
            j += 1
        }
        // Just after the last character.
        if j < source.count {
            place(at: j)
        } else {
            lines.append(lines[lines.count - 1])
            columns.append(columns[columns.count - 1] + 1)
        }
        return SourceLayout(lines: lines, columns: columns)
    }

    /// Whether the value may not be laid out as written from its first character on.
    private func needsLayout(_ value: String, style: YAMLScalar.Style, start: SourceLocation, end: SourceLocation) -> Bool {
        switch style {
        case .plain:
            return start.line != end.line
        case .singleQuoted, .doubleQuoted:
            // Escapes and folding always make the value shorter than its source.
            return start.line != end.line || value.unicodeScalars.count != end.column - start.column - 2
        case .literal, .folded:
            // One content line is placed by the scalar's content location.
            var trimmed = value.unicodeScalars[...]
            while trimmed.last == "\n" { trimmed = trimmed.dropLast() }
            return trimmed.contains("\n")
        }
    }

    /// The source text of the scalar as one stream of characters (nil standing for a line break)
    /// with their positions.
    private mutating func stream(style: YAMLScalar.Style, start: SourceLocation, end: SourceLocation, value: [Unicode.Scalar]) -> ScalarSource? {
        // 0-based lines and columns; the end is exclusive.
        var firstLine = start.line - 1
        var firstColumn = start.column - 1
        let lastLine = end.line - 1
        var lastColumn = end.column - 1
        var indentation: Int?
        switch style {
        case .plain:
            break
        case .singleQuoted, .doubleQuoted:
            firstColumn += 1
            lastColumn -= 1
        case .literal, .folded:
            // Content starts on the line after the header, indented by the block's indentation.
            firstLine += 1
            firstColumn = 0
            indentation = blockIndentation(from: firstLine, through: lastLine, value: value)
            guard indentation != nil else { return nil }
        }
        guard firstLine <= lastLine, firstLine >= 0 else { return nil }
        var source = ScalarSource(indentation: indentation)
        for line in firstLine...lastLine {
            guard let text = scalars(ofLine: line) else { return nil }
            let from = line == firstLine ? min(firstColumn, text.count) : 0
            let to = line == lastLine ? max(from, min(lastColumn, text.count)) : text.count
            for column in from..<to {
                source.append(text[column], line: line + 1, column: column + 1)
            }
            if line < lastLine {
                source.append(nil, line: line + 1, column: text.count + 1)
            }
        }
        return source
    }

    /// A block scalar's indentation: the first content line's, less the spaces the value itself
    /// starts with (an explicit indentation indicator such as `|2`).
    private mutating func blockIndentation(from firstLine: Int, through lastLine: Int, value: [Unicode.Scalar]) -> Int? {
        let firstValueLine = value.drop { $0 == "\n" }.prefix { $0 != "\n" }
        let valueIndent = firstValueLine.prefix { $0 == " " }.count
        var line = firstLine
        while line <= lastLine {
            if let text = scalars(ofLine: line), let firstNonSpace = text.firstIndex(where: { $0 != " " }) {
                return firstNonSpace >= valueIndent ? firstNonSpace - valueIndent : nil
            }
            line += 1
        }
        return nil
    }
}

/// The characters of a scalar's source text, line breaks as nil, with their 1-based positions.
private struct ScalarSource {
    /// The block scalar's indentation: only that much is skipped at a line's start (more is
    /// content); nil for flow scalars, whose leading whitespace is all skipped.
    let indentation: Int?
    var characters: [Unicode.Scalar?] = []
    var lines: [Int32] = []
    var columns: [Int32] = []

    init(indentation: Int?) {
        self.indentation = indentation
    }

    var count: Int { characters.count }

    mutating func append(_ character: Unicode.Scalar?, line: Int, column: Int) {
        characters.append(character)
        lines.append(Int32(clamping: line))
        columns.append(Int32(clamping: column))
    }

    /// The index after the indentation that starts at `index` (a line's start).
    func skipIndentation(from index: Int) -> Int {
        var index = index
        var skipped = 0
        while index < count, let character = characters[index], character == " " || character == "\t" {
            if let indentation, skipped >= indentation { break }
            index += 1
            skipped += 1
        }
        return index
    }

    /// The character a double-quoted escape stands for, the escape's text starting at `index`
    /// (after the backslash), and its length.
    func escape(at index: Int) -> (Unicode.Scalar, Int)? {
        guard let letter = characters[index] else { return nil }
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "0": "\u{0}", "a": "\u{7}", "b": "\u{8}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{B}", "f": "\u{C}",
            "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
            "L": "\u{2028}", "P": "\u{2029}",
        ]
        if let character = simple[letter] { return (character, 1) }
        let digits: Int
        switch letter {
        case "x": digits = 2
        case "u": digits = 4
        case "U": digits = 8
        default: return nil
        }
        guard index + digits < count else { return nil }
        var code: UInt32 = 0
        for offset in 1...digits {
            guard let character = characters[index + offset], let digit = UInt32(String(character), radix: 16) else { return nil }
            code = code * 16 + digit
        }
        guard let scalar = Unicode.Scalar(code) else { return nil }
        return (scalar, 1 + digits)
    }
}
