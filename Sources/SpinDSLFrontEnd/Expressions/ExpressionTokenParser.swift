/// The recursive-descent parser proper; see `ExpressionParser` for the grammar.
struct ExpressionTokenParser {
    let scalars: [Unicode.Scalar]
    let positions: TextPositions
    let tokens: [ExpressionToken]
    var index = 0

    init(scalars: [Unicode.Scalar], positions: TextPositions, tokens: [ExpressionToken]) {
        self.scalars = scalars
        self.positions = positions
        self.tokens = tokens
    }

    private var current: ExpressionToken {
        // `tokens` always ends with `.end`, and `index` never moves past it.
        index < tokens.count ? tokens[index] : ExpressionToken(kind: .end, range: scalars.count..<scalars.count)
    }

    private func token(at ahead: Int) -> ExpressionToken {
        let position = index &+ ahead
        return position < tokens.count ? tokens[position] : ExpressionToken(kind: .end, range: scalars.count..<scalars.count)
    }

    private mutating func advance() {
        if index < tokens.count &- 1 { index &+= 1 }
    }

    private func isSymbol(_ symbol: String) -> Bool {
        current.kind == .symbol(symbol)
    }

    private func isKeyword(_ word: String) -> Bool {
        current.kind == .identifier(word)
    }

    private func location(_ offset: Int) -> SourceLocation {
        positions.location(at: offset)
    }

    private func fail(
        _ group: DiagnosticGroup, at offset: Int, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]
    ) -> ExpressionSyntaxError {
        ExpressionSyntaxError(diagnostic: Diagnostic(group, at: location(offset), values))
    }

    private func describe(_ token: ExpressionToken) -> String {
        switch token.kind {
        case .end: return "end of expression"
        default: return "'\(scalars.text(token.range))'"
        }
    }

    private func tooDeep(at offset: Int) -> ExpressionSyntaxError {
        fail(.expressionTooDeep, at: offset, ["limit": ExpressionParser.maximumDepth])
    }

    /// Builds a node, enforcing the height limit.
    private func node(
        _ kind: ExpressionSyntax.Kind, range: Range<Int>, operatorAt operatorOffset: Int? = nil,
        spelling: String = "", children: [ExpressionSyntax] = []
    ) throws(ExpressionSyntaxError) -> ExpressionSyntax {
        let height = 1 &+ children.reduce(0) { max($0, $1.height) }
        if height > ExpressionParser.maximumDepth {
            throw tooDeep(at: operatorOffset ?? range.lowerBound)
        }
        return ExpressionSyntax(
            kind: kind, location: location(range.lowerBound),
            operatorLocation: location(operatorOffset ?? range.lowerBound), operatorSpelling: spelling,
            text: scalars.text(range), height: height, range: range)
    }

    mutating func parseWhole() throws(ExpressionSyntaxError) -> ExpressionSyntax {
        if case .end = current.kind {
            throw fail(.emptyExpression, at: current.range.lowerBound)
        }
        let expression = try parseExpression(depth: 1)
        if case .end = current.kind {
            return expression
        }
        throw fail(.unexpectedAfterExpression, at: current.range.lowerBound, ["found": describe(current)])
    }

    private mutating func parseExpression(depth: Int) throws(ExpressionSyntaxError) -> ExpressionSyntax {
        if depth > ExpressionParser.maximumDepth {
            throw tooDeep(at: current.range.lowerBound)
        }
        let condition = try parseBinary(minimumPrecedence: BinaryOperator.implies.precedence, depth: depth)
        guard isSymbol("?") else { return condition }
        let question = current.range.lowerBound
        advance()
        let then = try parseExpression(depth: depth &+ 1)
        guard isSymbol(":") else {
            throw fail(.expectedColon, at: current.range.lowerBound, ["found": describe(current)])
        }
        advance()
        let otherwise = try parseExpression(depth: depth &+ 1)
        return try node(
            .conditional(condition, then, otherwise), range: condition.range.lowerBound..<otherwise.range.upperBound,
            operatorAt: question, spelling: "?:", children: [condition, then, otherwise])
    }

    private func binaryOperator() -> BinaryOperator? {
        switch current.kind {
        case .symbol(let symbol): return BinaryOperator(rawValue: symbol)
        case .identifier("and"): return .and
        case .identifier("or"): return .or
        case .identifier("implies"): return .implies
        default: return nil
        }
    }

    /// Precedence climbing; recursion here is bounded by the number of precedence levels.
    private mutating func parseBinary(minimumPrecedence: Int, depth: Int) throws(ExpressionSyntaxError) -> ExpressionSyntax {
        var left = try parseUnary(depth: depth)
        while let op = binaryOperator(), op.precedence >= minimumPrecedence {
            let operatorToken = current
            advance()
            let right = try parseBinary(minimumPrecedence: op.isRightAssociative ? op.precedence : op.precedence &+ 1, depth: depth)
            left = try node(
                .binary(op, left, right), range: left.range.lowerBound..<right.range.upperBound,
                operatorAt: operatorToken.range.lowerBound, spelling: scalars.text(operatorToken.range),
                children: [left, right])
        }
        return left
    }

    private mutating func parseUnary(depth: Int) throws(ExpressionSyntaxError) -> ExpressionSyntax {
        let start = current
        let op: UnaryOperator
        switch start.kind {
        case .symbol("-"): op = .negate
        case .symbol("!"), .identifier("not"): op = .not
        default: return try parsePrimary(depth: depth)
        }
        if depth > ExpressionParser.maximumDepth {
            throw tooDeep(at: start.range.lowerBound)
        }
        advance()
        if op == .negate, case .integer(let digits) = current.kind {
            // Fold the sign into the literal so that Int64.min can be written.
            let literal = current
            advance()
            let range = start.range.lowerBound..<literal.range.upperBound
            guard let value = Int64("-" + digits) else {
                throw fail(.integerLiteralTooLarge, at: start.range.lowerBound, ["value": "-" + digits])
            }
            return try node(.integer(value), range: range)
        }
        let operand = try parseUnary(depth: depth &+ 1)
        return try node(
            .unary(op, operand), range: start.range.lowerBound..<operand.range.upperBound,
            operatorAt: start.range.lowerBound, spelling: scalars.text(start.range), children: [operand])
    }

    private mutating func parsePrimary(depth: Int) throws(ExpressionSyntaxError) -> ExpressionSyntax {
        let start = current
        switch start.kind {
        case .integer(let digits):
            advance()
            guard let value = Int64(digits) else {
                throw fail(.integerLiteralTooLarge, at: start.range.lowerBound, ["value": digits])
            }
            return try node(.integer(value), range: start.range)
        case .double(let text):
            advance()
            guard let value = Double(text), value.isFinite else {
                throw fail(.doubleLiteralTooLarge, at: start.range.lowerBound, ["text": text])
            }
            return try node(.double(value), range: start.range)
        case .duration(let text):
            advance()
            switch DurationParser.parse(text) {
            case .milliseconds(let milliseconds):
                return try node(.duration(milliseconds), range: start.range)
            case .fractional:
                throw fail(.fractionalDuration, at: start.range.lowerBound, ["text": text])
            case .invalid:
                throw fail(.invalidDuration, at: start.range.lowerBound, ["text": text])
            }
        case .string(let value):
            advance()
            return try node(.string(value), range: start.range)
        case .identifier("true"):
            advance()
            return try node(.bool(true), range: start.range)
        case .identifier("false"):
            advance()
            return try node(.bool(false), range: start.range)
        case .identifier(let keyword) where ["and", "or", "not", "implies"].contains(keyword):
            throw fail(.expectedExpression, at: start.range.lowerBound, ["found": "keyword '\(keyword)'"])
        case .identifier(let name):
            advance()
            return try parseName(name, start: start, depth: depth)
        case .symbol("."):
            advance()
            guard case .identifier(let name) = current.kind else {
                throw fail(.expectedCaseName, at: current.range.lowerBound, ["found": describe(current)])
            }
            let end = current.range.upperBound
            advance()
            return try node(.enumCase(name), range: start.range.lowerBound..<end)
        case .symbol("("):
            advance()
            let inner = try parseExpression(depth: depth &+ 1)
            guard isSymbol(")") else {
                throw fail(
                    .unclosedParenthesis, at: current.range.lowerBound,
                    ["found": describe(current), "column": location(start.range.lowerBound).column])
            }
            let end = current.range.upperBound
            advance()
            // Parentheses leave no node of their own; the inner node's range just covers them, so
            // that the enclosing expression's quoted text includes them. Its own `text` stays without
            // them, so an error in it quotes `a + b`, not `(a + b)`.
            var widened = inner
            widened.range = start.range.lowerBound..<end
            widened.location = location(start.range.lowerBound)
            return widened
        default:
            throw fail(.expectedExpression, at: start.range.lowerBound, ["found": describe(start)])
        }
    }

    private mutating func parseName(_ name: String, start: ExpressionToken, depth: Int) throws(ExpressionSyntaxError) -> ExpressionSyntax {
        if isSymbol("(") {
            return try parseCall(name, start: start, depth: depth)
        }
        // Dotted names: `event.amount` is a payload field; anything else dotted is kept whole so that
        // the checker can report it as an unknown name with a suggestion.
        var path = name
        var end = start.range.upperBound
        while isSymbol("."), case .identifier(let member) = token(at: 1).kind {
            advance()
            end = current.range.upperBound
            advance()
            path += "." + member
        }
        if path == name, isSymbol("[") {
            return try parseIndex(name, start: start, depth: depth)
        }
        let range = start.range.lowerBound..<end
        if name == "event", path != "event", !path.dropFirst(6).contains(".") {
            return try node(.eventField(String(path.dropFirst(6))), range: range)
        }
        return try node(.name(path), range: range)
    }

    /// `name[index]`; the `[` is the current token.
    private mutating func parseIndex(_ name: String, start: ExpressionToken, depth: Int) throws(ExpressionSyntaxError) -> ExpressionSyntax {
        let open = current
        advance()
        let index = try parseExpression(depth: depth &+ 1)
        guard isSymbol("]") else {
            throw fail(
                .unclosedIndex, at: current.range.lowerBound,
                ["name": name, "found": describe(current), "column": location(open.range.lowerBound).column])
        }
        let end = current.range.upperBound
        advance()
        return try node(
            .index(name, index), range: start.range.lowerBound..<end, operatorAt: open.range.lowerBound,
            spelling: "[]", children: [index])
    }

    private mutating func parseCall(_ name: String, start: ExpressionToken, depth: Int) throws(ExpressionSyntaxError) -> ExpressionSyntax {
        let open = current
        advance()
        var arguments: [ExpressionSyntax] = []
        if !isSymbol(")") {
            while true {
                arguments.append(try parseExpression(depth: depth &+ 1))
                if isSymbol(",") {
                    advance()
                    continue
                }
                guard isSymbol(")") else {
                    throw fail(
                        .unclosedCall, at: current.range.lowerBound,
                        ["name": name, "found": describe(current), "column": location(open.range.lowerBound).column])
                }
                break
            }
        }
        let end = current.range.upperBound
        advance()
        return try node(
            .call(name, arguments), range: start.range.lowerBound..<end, operatorAt: start.range.lowerBound,
            spelling: name, children: arguments)
    }
}
