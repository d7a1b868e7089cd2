/// Code for the functions on strings: `length`, `contains`, `startsWith`, `endsWith`,
/// `lowercased`, `uppercased`, `trimmed`, `isEmpty`.
///
/// Strings compare as Swift compares them: by characters (extended grapheme clusters) under
/// canonical equivalence, so `length("é")` is 1 however the `é` is encoded, and every string
/// contains, starts and ends with the empty string.
extension ExpressionCompiler {
    /// `length(s)`: the number of characters.
    static func length(_ argument: TypedExpression) -> IntCode {
        let f = string(argument)
        return { (c: EvaluationView) throws(EvaluationError) -> Int64 in Int64(try f(c).count) }
    }

    /// `contains`, `startsWith`, `endsWith` and `isEmpty`.
    static func stringPredicate(_ function: ExpressionFunction, _ arguments: [TypedExpression], _ e: TypedExpression) -> BoolCode {
        let codes = arguments.map(string)
        switch (function, codes.count) {
        case (.isEmpty, 1):
            let s = codes[0]
            return { (c: EvaluationView) throws(EvaluationError) -> Bool in try s(c).isEmpty }
        case (.contains, 2):
            let s = codes[0], t = codes[1]
            return { (c: EvaluationView) throws(EvaluationError) -> Bool in
                let text = try s(c), part = try t(c)
                return part.isEmpty || text.contains(part)
            }
        case (.startsWith, 2):
            let s = codes[0], t = codes[1]
            return { (c: EvaluationView) throws(EvaluationError) -> Bool in try s(c).hasPrefix(try t(c)) }
        case (.endsWith, 2):
            let s = codes[0], t = codes[1]
            return { (c: EvaluationView) throws(EvaluationError) -> Bool in try s(c).hasSuffix(try t(c)) }
        default:
            let wrong = mismatch(e, "bool")
            return { (_: EvaluationView) throws(EvaluationError) -> Bool in throw wrong }
        }
    }

    /// `lowercased`, `uppercased` and `trimmed` (whitespace and line breaks removed at both ends).
    static func stringFunction(_ function: ExpressionFunction, _ arguments: [TypedExpression], _ e: TypedExpression) -> StringCode {
        guard arguments.count == 1, let argument = arguments.first else {
            let wrong = mismatch(e, "string")
            return { (_: EvaluationView) throws(EvaluationError) -> String in throw wrong }
        }
        let s = string(argument)
        switch function {
        case .lowercased:
            return { (c: EvaluationView) throws(EvaluationError) -> String in try s(c).lowercased() }
        case .uppercased:
            return { (c: EvaluationView) throws(EvaluationError) -> String in try s(c).uppercased() }
        case .trimmed:
            return { (c: EvaluationView) throws(EvaluationError) -> String in
                let text = try s(c)
                guard let first = text.firstIndex(where: { !$0.isWhitespace }),
                      let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
                return String(text[first...last])
            }
        default:
            let wrong = mismatch(e, "string")
            return { (_: EvaluationView) throws(EvaluationError) -> String in throw wrong }
        }
    }
}
