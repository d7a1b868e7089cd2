/// Splits expression text into tokens.
package struct ExpressionLexer {
    private let scalars: [Unicode.Scalar]
    private let positions: TextPositions
    private var offset = 0

    package init(scalars: [Unicode.Scalar], positions: TextPositions) {
        self.scalars = scalars
        self.positions = positions
    }

    /// All tokens, ending with `.end`.
    package mutating func tokenize() throws(ExpressionSyntaxError) -> [ExpressionToken] {
        var tokens: [ExpressionToken] = []
        while true {
            skipWhitespace()
            guard offset < scalars.count else {
                tokens.append(ExpressionToken(kind: .end, range: offset..<offset))
                return tokens
            }
            tokens.append(try next())
        }
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let index = offset &+ ahead
        return index < scalars.count ? scalars[index] : nil
    }

    private mutating func skipWhitespace() {
        while let scalar = peek(), scalar.properties.isWhitespace {
            offset &+= 1
        }
    }

    private func fail(
        _ group: DiagnosticGroup, at offset: Int, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]
    ) -> ExpressionSyntaxError {
        ExpressionSyntaxError(diagnostic: Diagnostic(group, at: positions.location(at: offset), values))
    }

    static func isDigit(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar >= "0" && scalar <= "9"
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar == "_" || scalar.properties.isAlphabetic
    }

    private mutating func next() throws(ExpressionSyntaxError) -> ExpressionToken {
        let start = offset
        guard let scalar = peek() else { return ExpressionToken(kind: .end, range: start..<start) }
        if Self.isDigit(scalar) {
            return lexNumber()
        }
        if Self.isIdentifierStart(scalar) {
            while Self.isIdentifierStart(peek()) || Self.isDigit(peek()) {
                offset &+= 1
            }
            return ExpressionToken(kind: .identifier(scalars.text(start..<offset)), range: start..<offset)
        }
        if scalar == "\"" || scalar == "'" {
            return try lexString(quote: scalar)
        }
        let pair = peek(1).map { String(scalar) + String($0) }
        if let pair, ["&&", "||", "=>", "==", "!=", "<=", ">="].contains(pair) {
            offset &+= 2
            return ExpressionToken(kind: .symbol(pair), range: start..<offset)
        }
        if "+-*/%!<>(),?:.[]".unicodeScalars.contains(scalar) {
            offset &+= 1
            return ExpressionToken(kind: .symbol(String(scalar)), range: start..<offset)
        }
        switch scalar {
        case "=": throw fail(.assignmentInExpression, at: start)
        case "&": throw fail(.singleAmpersand, at: start)
        case "|": throw fail(.singleVerticalBar, at: start)
        default: throw fail(.unexpectedCharacter, at: start, ["character": scalar.escaped(asASCII: false)])
        }
    }

    private mutating func lexNumber() -> ExpressionToken {
        let start = offset
        var isDouble = false
        while Self.isDigit(peek()) { offset &+= 1 }
        // A fraction needs a digit after the dot, so `1.` stays an integer followed by '.'.
        if peek() == ".", Self.isDigit(peek(1)) {
            isDouble = true
            offset &+= 1
            while Self.isDigit(peek()) { offset &+= 1 }
        }
        if peek() == "e" || peek() == "E" {
            let signed = peek(1) == "+" || peek(1) == "-"
            if Self.isDigit(peek(signed ? 2 : 1)) {
                isDouble = true
                offset &+= signed ? 2 : 1
                while Self.isDigit(peek()) { offset &+= 1 }
            }
        }
        // A unit right after the number makes a duration (`250ms`, `1.5s`), unless letters go on
        // (`2min` stays the number 2 followed by the name `min`). With an exponent (`1e30h`) it is
        // a duration too, one `DurationParser` refuses: so the message is about the duration.
        if let unitLength = durationUnitLength() {
            offset &+= unitLength
            return ExpressionToken(kind: .duration(scalars.text(start..<offset)), range: start..<offset)
        }
        let text = scalars.text(start..<offset)
        return ExpressionToken(kind: isDouble ? .double(text) : .integer(text), range: start..<offset)
    }

    /// The length of the duration unit (`ms`, `s`, `m`, `h`) at the current offset, when one is
    /// there and no letter, digit or `_` follows it.
    private func durationUnitLength() -> Int? {
        let length: Int
        switch peek() {
        case "m": length = peek(1) == "s" ? 2 : 1
        case "s", "h": length = 1
        default: return nil
        }
        let after = peek(length)
        if Self.isIdentifierStart(after) || Self.isDigit(after) { return nil }
        return length
    }

    private mutating func lexString(quote: Unicode.Scalar) throws(ExpressionSyntaxError) -> ExpressionToken {
        let start = offset
        offset &+= 1
        var value = String.UnicodeScalarView()
        while true {
            guard let scalar = peek(), scalar != "\n", scalar != "\r" else {
                throw fail(.unterminatedString, at: start, ["quote": quote])
            }
            offset &+= 1
            if scalar == quote {
                return ExpressionToken(kind: .string(String(value)), range: start..<offset)
            }
            guard scalar == "\\" else {
                value.append(scalar)
                continue
            }
            guard let escaped = peek() else {
                throw fail(.unterminatedString, at: start, ["quote": quote])
            }
            switch escaped {
            case "\"", "'", "\\": value.append(escaped)
            case "n": value.append("\n")
            case "t": value.append("\t")
            default:
                throw fail(.unknownEscape, at: offset &- 1, ["escape": escaped.escaped(asASCII: false)])
            }
            offset &+= 1
        }
    }
}
