/// Reads a property's formula: the temporal words `always`, `eventually`, `until`, `leadsTo`, the
/// connectives `not`, `and`, `or`, `implies` (`=>`) and parentheses; everything between them is a
/// state expression, an atom, checked later as a boolean expression of the spin.
///
/// ```
/// formula     := implication
/// implication := disjunction [ ("implies" | "=>" | "leadsTo") implication ]   -- right-associative
/// disjunction := conjunction { ("or" | "||") conjunction }
/// conjunction := until { ("and" | "&&") until }
/// until       := unary [ "until" until ]                                      -- right-associative
/// unary       := ("not" | "!" | "always" | "eventually") unary | primary
/// primary     := "(" formula ")"      -- when the parentheses hold a temporal word
///              | atom                 -- tokens up to a connective, a temporal word or ")" outside parentheses
/// ```
///
/// Splitting a state expression at `and`, `or`, `not` and `implies` changes nothing: they mean the
/// same on one state. A conditional `c ? a : b` whose branches use them needs parentheses.
struct TemporalFormulaParser {
    /// What a formula is read into: the formula and its atoms, each the text of its state
    /// expression with its place in the spec.
    struct Parsed {
        let formula: TemporalFormula
        let atoms: [ExpressionText]
    }

    private let scalars: [Unicode.Scalar]
    private let positions: TextPositions
    private let tokens: [ExpressionToken]
    private var index = 0
    private var atoms: [ExpressionText] = []

    /// The words that make a formula temporal; they cannot be read as names inside a property.
    static let temporalWords: Set<String> = ["always", "eventually", "until", "leadsTo"]

    /// Reads `text`: the formula, or the diagnostic of its first problem.
    static func parse(_ text: ExpressionText) -> Result<Parsed, ExpressionSyntaxError> {
        let scalars = Array(text.text.unicodeScalars)
        let positions = TextPositions(scalars, base: text.location, layout: text.layout)
        var lexer = ExpressionLexer(scalars: scalars, positions: positions)
        let tokens: [ExpressionToken]
        do throws(ExpressionSyntaxError) {
            tokens = try lexer.tokenize()
        } catch {
            return .failure(error)
        }
        var parser = TemporalFormulaParser(scalars: scalars, positions: positions, tokens: tokens)
        do throws(ExpressionSyntaxError) {
            let formula = try parser.implication(depth: 0)
            if parser.current.kind != .end {
                throw parser.fail("expected 'and', 'or', 'until', 'implies' or 'leadsTo', found \(parser.describe(parser.current))", at: parser.current.range.lowerBound)
            }
            return .success(Parsed(formula: formula, atoms: parser.atoms))
        } catch {
            return .failure(error)
        }
    }

    private init(scalars: [Unicode.Scalar], positions: TextPositions, tokens: [ExpressionToken]) {
        self.scalars = scalars
        self.positions = positions
        self.tokens = tokens
    }

    private var current: ExpressionToken {
        tokens.indices.contains(index) ? tokens[index] : ExpressionToken(kind: .end, range: scalars.count..<scalars.count)
    }

    private func isWord(_ token: ExpressionToken, _ words: String...) -> Bool {
        switch token.kind {
        case .identifier(let name), .symbol(let name): return words.contains(name)
        default: return false
        }
    }

    private func describe(_ token: ExpressionToken) -> String {
        token.kind == .end ? "the end of the formula" : "'\(scalars.text(token.range))'"
    }

    private func fail(_ problem: String, at offset: Int) -> ExpressionSyntaxError {
        ExpressionSyntaxError(diagnostic: Diagnostic(.propertySyntax, at: positions.location(at: offset), ["problem": problem]))
    }

    private func checkDepth(_ depth: Int) throws(ExpressionSyntaxError) {
        if depth > ExpressionParser.maximumDepth {
            throw fail("the formula is nested more than \(ExpressionParser.maximumDepth) deep", at: current.range.lowerBound)
        }
    }

    private mutating func implication(depth: Int) throws(ExpressionSyntaxError) -> TemporalFormula {
        try checkDepth(depth)
        let left = try disjunction(depth: depth &+ 1)
        if isWord(current, "implies", "=>") {
            index &+= 1
            return .implies(left, try implication(depth: depth &+ 1))
        }
        if isWord(current, "leadsTo") {
            index &+= 1
            return .leadsTo(left, try implication(depth: depth &+ 1))
        }
        return left
    }

    private mutating func disjunction(depth: Int) throws(ExpressionSyntaxError) -> TemporalFormula {
        var formula = try conjunction(depth: depth &+ 1)
        while isWord(current, "or", "||") {
            index &+= 1
            formula = .or(formula, try conjunction(depth: depth &+ 1))
        }
        return formula
    }

    private mutating func conjunction(depth: Int) throws(ExpressionSyntaxError) -> TemporalFormula {
        var formula = try until(depth: depth &+ 1)
        while isWord(current, "and", "&&") {
            index &+= 1
            formula = .and(formula, try until(depth: depth &+ 1))
        }
        return formula
    }

    private mutating func until(depth: Int) throws(ExpressionSyntaxError) -> TemporalFormula {
        try checkDepth(depth)
        let left = try unary(depth: depth &+ 1)
        if isWord(current, "until") {
            index &+= 1
            return .until(left, try until(depth: depth &+ 1))
        }
        return left
    }

    private mutating func unary(depth: Int) throws(ExpressionSyntaxError) -> TemporalFormula {
        try checkDepth(depth)
        if isWord(current, "not", "!") {
            index &+= 1
            return .not(try unary(depth: depth &+ 1))
        }
        if isWord(current, "always") {
            index &+= 1
            return .always(try unary(depth: depth &+ 1))
        }
        if isWord(current, "eventually") {
            index &+= 1
            return .eventually(try unary(depth: depth &+ 1))
        }
        if isWord(current, "("), let close = matchingParenthesis(index), hasTemporalWord(index &+ 1..<close) {
            index &+= 1
            let formula = try implication(depth: depth &+ 1)
            guard isWord(current, ")") else {
                throw fail("expected ')', found \(describe(current))", at: current.range.lowerBound)
            }
            index &+= 1
            return formula
        }
        return try atom()
    }

    /// The tokens of a state expression: up to a connective, a temporal word, or a `)` that closes
    /// a parenthesis opened before it.
    private mutating func atom() throws(ExpressionSyntaxError) -> TemporalFormula {
        let start = index
        var depth = 0
        while current.kind != .end {
            if depth == 0, isWord(current, "and", "&&", "or", "||", "implies", "=>", "until", "leadsTo", ")") { break }
            if case .identifier(let name) = current.kind, Self.temporalWords.contains(name) {
                throw fail("'\(name)' inside a state expression: put the temporal part in parentheses of its own", at: current.range.lowerBound)
            }
            if isWord(current, "(") { depth &+= 1 }
            if isWord(current, ")") { depth &-= 1 }
            index &+= 1
        }
        guard index > start else {
            throw fail("expected a state expression, found \(describe(current))", at: current.range.lowerBound)
        }
        let range = tokens[start].range.lowerBound..<tokens[index &- 1].range.upperBound
        guard atoms.count < 64 else {
            throw fail("more than 64 state expressions in one formula", at: tokens[start].range.lowerBound)
        }
        atoms.append(ExpressionText(scalars.text(range), at: positions.location(at: range.lowerBound), layout: positions.layout(of: range)))
        return .atom(atoms.count &- 1)
    }

    /// The index of the `)` that closes the `(` at token `open`.
    private func matchingParenthesis(_ open: Int) -> Int? {
        var depth = 0
        var at = open
        while tokens.indices.contains(at), tokens[at].kind != .end {
            if isWord(tokens[at], "(") { depth &+= 1 }
            if isWord(tokens[at], ")") {
                depth &-= 1
                if depth == 0 { return at }
            }
            at &+= 1
        }
        return nil
    }

    private func hasTemporalWord(_ range: Range<Int>) -> Bool {
        range.contains { at in
            if case .identifier(let name) = tokens[at].kind { return Self.temporalWords.contains(name) }
            return false
        }
    }
}
