/// Resolves names and checks types, turning `ExpressionSyntax` into `TypedExpression`.
///
/// Every error is reported at the sub-expression it concerns. A sub-expression that has an error
/// yields nil, and its parents then stay silent, so one mistake produces one diagnostic.
struct ExpressionChecker {
    /// The names visible to the expression.
    let scope: ExpressionScope
    /// Everything found so far.
    private(set) var diagnostics: [Diagnostic] = []
    /// The whole text being checked and the YAML key it is written under (`label`, `when`), when
    /// known: a bare word where a string belongs gets a hint showing it quoted in place.
    private var written: (text: [Unicode.Scalar], key: String?)?

    /// Creates a checker for expressions in `scope`.
    init(scope: ExpressionScope) {
        self.scope = scope
    }

    /// Checks `syntax` in `scope`. With `expecting`, the expression must have that type (an int is
    /// accepted where a double is expected and converted); otherwise "expected bool, found int".
    static func check(
        _ syntax: ExpressionSyntax, in scope: ExpressionScope, expecting expected: ValueType? = nil
    ) -> (expression: TypedExpression?, diagnostics: [Diagnostic]) {
        var checker = ExpressionChecker(scope: scope)
        let expression = checker.check(syntax, expecting: expected)
        return (expression, checker.diagnostics)
    }

    /// Parses and checks `text`, whose first character is at `location`; `key` is the YAML key
    /// it is the value of (`label` in `set: { label: … }`, `when`), for hints that rewrite it.
    static func check(
        _ text: String, at location: SourceLocation, layout: SourceLayout? = nil, in scope: ExpressionScope,
        expecting expected: ValueType? = nil, key: String? = nil
    ) -> (expression: TypedExpression?, diagnostics: [Diagnostic]) {
        let (syntax, diagnostics) = ExpressionParser.parse(text, at: location, layout: layout)
        guard let syntax else { return (nil, diagnostics) }
        var checker = ExpressionChecker(scope: scope)
        checker.written = (Array(text.unicodeScalars), key)
        let expression = checker.check(syntax, expecting: expected)
        return (expression, checker.diagnostics)
    }

    /// Checks one expression against an optional expected type, recording diagnostics.
    mutating func check(_ syntax: ExpressionSyntax, expecting expected: ValueType?) -> TypedExpression? {
        guard let expression = infer(syntax, context: expected) else { return nil }
        guard let expected else { return expression }
        if expression.type == expected { return expression }
        if expected == .double, expression.type == .int { return promoted(expression) }
        // A number where a duration belongs is nearly always a missing unit.
        let unitHint = expected == .duration && expression.type.isNumeric ? Self.durationUnitHint : nil
        report(.typeMismatch, at: syntax.location, ["expected": expected, "found": expression.type], suggestion: unitHint)
        return nil
    }

    /// What to say where a number stands for a duration.
    static let durationUnitHint = "a duration has a unit: write 500ms, 1.5s, 2m or 1h"

    // MARK: - Helpers

    private mutating func report(
        _ group: DiagnosticGroup, at location: SourceLocation,
        _ values: KeyValuePairs<String, any CustomStringConvertible> = [:], suggestion: String? = nil
    ) {
        diagnostics.append(Diagnostic(group, at: location, values, suggestion: suggestion))
    }

    private func promoted(_ expression: TypedExpression) -> TypedExpression {
        guard expression.type == .int else { return expression }
        if case .constant(.int(let value)) = expression.kind {
            // Literals are converted now, so that `x + 1` on a double is `x + 1.0` structurally too.
            return TypedExpression(kind: .constant(.double(Double(value))), type: .double, location: expression.location, text: expression.text)
        }
        return TypedExpression(kind: .toDouble(expression), type: .double, location: expression.location, text: expression.text)
    }

    private func node(_ kind: TypedExpression.Kind, _ type: ValueType, _ syntax: ExpressionSyntax) -> TypedExpression {
        TypedExpression(kind: kind, type: type, location: syntax.operatorLocation, text: syntax.text)
    }

    private static func isEnumCase(_ syntax: ExpressionSyntax) -> Bool {
        if case .enumCase = syntax.kind { return true }
        return false
    }

    private func spelling(_ syntax: ExpressionSyntax, _ fallback: String) -> String {
        syntax.operatorSpelling.isEmpty ? fallback : syntax.operatorSpelling
    }

    /// Checks two operands; an enum-case literal is checked second so that it can take the other
    /// operand's type as context.
    private mutating func inferPair(_ left: ExpressionSyntax, _ right: ExpressionSyntax, context: ValueType?) -> (TypedExpression?, TypedExpression?) {
        if Self.isEnumCase(left), !Self.isEnumCase(right) {
            let r = infer(right, context: context)
            let l = infer(left, context: r?.type ?? context)
            return (l, r)
        }
        let l = infer(left, context: context)
        let r = infer(right, context: l?.type ?? context)
        return (l, r)
    }

    // MARK: - Inference

    /// The typed form of `syntax`. `context` only guides the resolution of `.case` literals; it is
    /// not enforced here.
    private mutating func infer(_ syntax: ExpressionSyntax, context: ValueType?) -> TypedExpression? {
        switch syntax.kind {
        case .integer(let value): return node(.constant(.int(value)), .int, syntax)
        case .double(let value): return node(.constant(.double(value)), .double, syntax)
        case .duration(let milliseconds): return node(.constant(.duration(milliseconds)), .duration, syntax)
        case .bool(let value): return node(.constant(.bool(value)), .bool, syntax)
        case .string(let value): return node(.constant(.string(value)), .string, syntax)
        case .enumCase(let name): return inferEnumCase(name, syntax, context: context)
        case .name(let name): return inferName(name, syntax, context: context)
        case .eventField(let name): return inferEventField(name, syntax)
        case .unary(let op, let operand): return inferUnary(op, operand, syntax)
        case .binary(let op, let left, let right): return inferBinary(op, left, right, syntax, context: context)
        case .conditional(let condition, let then, let otherwise):
            return inferConditional(condition, then, otherwise, syntax, context: context)
        case .call(let name, let arguments): return inferCall(name, arguments, syntax)
        case .index(let name, let index): return inferIndex(name, index, syntax)
        }
    }

    /// `active(.S)`: whether state `S` is active.
    private mutating func inferActive(_ argumentSyntax: [ExpressionSyntax], _ syntax: ExpressionSyntax) -> TypedExpression? {
        guard argumentSyntax.count == 1, let argument = argumentSyntax.first, case .enumCase(let name) = argument.kind else {
            report(.activeArgument, at: syntax.operatorLocation)
            return nil
        }
        guard let states = scope.states else {
            report(.stateWithoutStates, at: argument.location)
            return nil
        }
        return activeState(name, argument, syntax, states: states)
    }

    /// The test that state `name` (written at `argument`) is active.
    private mutating func activeState(
        _ name: String, _ argument: ExpressionSyntax, _ syntax: ExpressionSyntax, states: StateScope
    ) -> TypedExpression? {
        guard let membership = states.membership(of: name) else {
            report(.unknownState, at: argument.location, ["state": name], suggestion: Suggestion.hint(for: name, in: states.names))
            return nil
        }
        return node(.activeState(membership, name: name), .bool, syntax)
    }

    /// In a spin with nested or parallel states, `state == .S` (either way round) is `active(.S)`
    /// and `state != .S` its negation; nil for anything else.
    private mutating func inferStateComparison(
        _ op: BinaryOperator, _ left: ExpressionSyntax, _ right: ExpressionSyntax, _ syntax: ExpressionSyntax
    ) -> TypedExpression?? {
        guard let states = scope.states, states.isNested else { return .none }
        let pair: (ExpressionSyntax, String)?
        switch (left.kind, right.kind) {
        case (.name("state"), .enumCase(let name)) where scope.dataField(named: "state") == nil: pair = (right, name)
        case (.enumCase(let name), .name("state")) where scope.dataField(named: "state") == nil: pair = (left, name)
        default: pair = nil
        }
        guard let (argument, name) = pair else { return .none }
        guard let test = activeState(name, argument, syntax, states: states) else { return .some(nil) }
        return .some(op == .equal ? test : node(.unary(.not, test), .bool, syntax))
    }

    private mutating func inferEnumCase(_ name: String, _ syntax: ExpressionSyntax, context: ValueType?) -> TypedExpression? {
        if case .enumeration(let type) = context {
            guard let index = type.index(of: name) else {
                report(.notACase, at: syntax.location, ["name": name, "type": type.name], suggestion: Suggestion.hint(for: name, in: type.cases))
                return nil
            }
            return node(.constant(.symbol(index)), .enumeration(type), syntax)
        }
        // No enumeration from context: use the only enumeration that has this case.
        let owners = scope.allEnumerations.filter { $0.index(of: name) != nil }
        if owners.count == 1, let owner = owners.first, let index = owner.index(of: name) {
            return node(.constant(.symbol(index)), .enumeration(owner), syntax)
        }
        if owners.isEmpty {
            let allCases = scope.allEnumerations.flatMap(\.cases)
            report(.unknownEnumCase, at: syntax.location, ["name": name], suggestion: Suggestion.hint(for: name, in: allCases, sigil: "."))
            return nil
        }
        let names = owners.map(\.name).joined(separator: ", ")
        report(.ambiguousEnumCase, at: syntax.location, ["name": name, "types": names])
        return nil
    }

    private mutating func inferName(_ name: String, _ syntax: ExpressionSyntax, context: ValueType?) -> TypedExpression? {
        if let field = scope.dataField(named: name) {
            return node(.dataField(slot: field.slot, name: name), field.type, syntax)
        }
        if let constant = scope.constants[name] {
            return node(.constant(constant.value), constant.type, syntax)
        }
        if name == "state" {
            guard let states = scope.controlStates else {
                report(.stateWithoutStates, at: syntax.location)
                return nil
            }
            return node(.controlState, .enumeration(states), syntax)
        }
        if name == "event" {
            report(.eventNotAValue, at: syntax.location)
            return nil
        }
        if let array = scope.array(named: name) {
            report(.arrayWithoutIndex, at: syntax.location, ["name": name, "count": array.count, "last": array.count &- 1])
            return nil
        }
        let nearest = Suggestion.hint(for: name, in: scope.namesInScope)
        if context == .string, nearest == nil, !name.contains(".") {
            report(.unquotedString, at: syntax.location, ["name": name], suggestion: quotingHint(name, syntax))
            return nil
        }
        report(.unknownName, at: syntax.location, ["name": name], suggestion: nearest)
        return nil
    }

    /// `name[index]`: an element of an array data field.
    private mutating func inferIndex(_ name: String, _ indexSyntax: ExpressionSyntax, _ syntax: ExpressionSyntax) -> TypedExpression? {
        guard let array = scope.array(named: name) else {
            if scope.dataField(named: name) != nil || scope.constants[name] != nil || name == "state" {
                report(.notAnArray, at: syntax.location, ["name": name])
            } else {
                report(.unknownName, at: syntax.location, ["name": name], suggestion: Suggestion.hint(for: name, in: scope.namesInScope))
            }
            return nil
        }
        guard let index = check(indexSyntax, expecting: .int) else { return nil }
        if case .constant(.int(let value)) = index.kind {
            guard value >= 0, value < Int64(array.count) else {
                report(.indexOutsideArray, at: indexSyntax.location, ["index": value, "count": array.count, "array": name, "last": array.count &- 1])
                return nil
            }
            return array.element(Int(value), at: syntax.location, text: syntax.text)
        }
        return array.read(at: index, text: syntax.text)
    }

    /// `write the text in quotes: label: '"busy"'`: the value as written, the bare word quoted,
    /// and the whole value in single quotes for YAML (which would take plain quotes as its own).
    private func quotingHint(_ word: String, _ syntax: ExpressionSyntax) -> String? {
        guard let written, syntax.range.lowerBound >= 0, syntax.range.upperBound <= written.text.count else { return nil }
        var fixed = String.UnicodeScalarView()
        fixed.append(contentsOf: written.text[..<syntax.range.lowerBound])
        fixed.append(contentsOf: "\"\(word)\"".unicodeScalars)
        fixed.append(contentsOf: written.text[syntax.range.upperBound...])
        let text = String(fixed)
        guard let key = written.key else { return "write the text in quotes: \(text)" }
        // In a single-quoted YAML scalar, a quote is written twice.
        var singleQuoted = String.UnicodeScalarView()
        for scalar in fixed {
            singleQuoted.append(scalar)
            if scalar == "'" { singleQuoted.append(scalar) }
        }
        return "write the text in quotes, and the value in single quotes for YAML: \(key): '\(String(singleQuoted))'"
    }

    private mutating func inferEventField(_ name: String, _ syntax: ExpressionSyntax) -> TypedExpression? {
        guard let fields = scope.eventFields else {
            report(.eventFieldsUnavailable, at: syntax.location)
            return nil
        }
        guard let field = scope.eventField(named: name) else {
            report(.unknownEventField, at: syntax.location, ["field": name], suggestion: Suggestion.hint(for: name, in: fields.map(\.name)))
            return nil
        }
        return node(.eventField(slot: field.slot, name: name), field.type, syntax)
    }

    private mutating func inferUnary(_ op: UnaryOperator, _ operandSyntax: ExpressionSyntax, _ syntax: ExpressionSyntax) -> TypedExpression? {
        guard let operand = infer(operandSyntax, context: nil) else { return nil }
        switch op {
        case .negate:
            guard operand.type.isNumeric || operand.type == .duration else {
                report(.invalidUnaryOperand, at: syntax.operatorLocation, ["operator": "-", "type": operand.type])
                return nil
            }
            return node(.unary(.negate, operand), operand.type, syntax)
        case .not:
            guard operand.type == .bool else {
                report(.nonBoolOperand, at: operandSyntax.location, ["operator": spelling(syntax, "!"), "type": operand.type])
                return nil
            }
            return node(.unary(.not, operand), .bool, syntax)
        }
    }

    private mutating func inferBinary(
        _ op: BinaryOperator, _ leftSyntax: ExpressionSyntax, _ rightSyntax: ExpressionSyntax,
        _ syntax: ExpressionSyntax, context: ValueType?
    ) -> TypedExpression? {
        let spelled = spelling(syntax, op.rawValue)
        switch op {
        case .and, .or, .implies:
            let left = infer(leftSyntax, context: .bool)
            let right = infer(rightSyntax, context: .bool)
            var ok = true
            for (operand, operandSyntax) in [(left, leftSyntax), (right, rightSyntax)] {
                if let operand, operand.type != .bool {
                    report(.nonBoolOperand, at: operandSyntax.location, ["operator": spelled, "type": operand.type])
                    ok = false
                }
            }
            guard ok, let left, let right else { return nil }
            return node(.binary(op, left, right), .bool, syntax)
        case .equal, .notEqual:
            if case .some(let comparison) = inferStateComparison(op, leftSyntax, rightSyntax, syntax) { return comparison }
            let (l, r) = inferPair(leftSyntax, rightSyntax, context: nil)
            guard let l, let r else { return nil }
            if l.type.isNumeric, r.type.isNumeric {
                let both = l.type == r.type
                return node(.binary(op, both ? l : promoted(l), both ? r : promoted(r)), .bool, syntax)
            }
            guard l.type == r.type else {
                report(.incomparableTypes, at: syntax.operatorLocation, ["operator": spelled, "left": l.type, "right": r.type])
                return nil
            }
            return node(.binary(op, l, r), .bool, syntax)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let (l, r) = inferPair(leftSyntax, rightSyntax, context: nil)
            guard let l, let r else { return nil }
            if l.type.isNumeric, r.type.isNumeric {
                let both = l.type == r.type
                return node(.binary(op, both ? l : promoted(l), both ? r : promoted(r)), .bool, syntax)
            }
            if (l.type == .string && r.type == .string) || (l.type == .duration && r.type == .duration) {
                return node(.binary(op, l, r), .bool, syntax)
            }
            report(.unorderableTypes, at: syntax.operatorLocation, ["operator": spelled, "left": l.type, "right": r.type])
            return nil
        case .add, .subtract, .multiply, .divide, .remainder:
            let l = infer(leftSyntax, context: nil)
            // `"state: " + busy`: the right side of a concatenation is a string too.
            let r = infer(rightSyntax, context: op == .add && l?.type == .string ? .string : nil)
            guard let l, let r else { return nil }
            if l.type.isNumeric, r.type.isNumeric {
                if l.type == r.type {
                    return node(.binary(op, l, r), l.type, syntax)
                }
                return node(.binary(op, promoted(l), promoted(r)), .double, syntax)
            }
            if op == .add, l.type == .string, r.type == .string {
                return node(.binary(.add, l, r), .string, syntax)
            }
            if let type = Self.durationArithmetic(op, l.type, r.type) {
                return node(.binary(op, l, r), type, syntax)
            }
            if op == .add, l.type == .string || r.type == .string {
                let other = l.type == .string ? r.type : l.type
                report(.mixedConcatenation, at: syntax.operatorLocation, ["left": l.type, "right": r.type, "other": other])
            } else {
                // `delay + 500`: a number next to a duration is nearly always a missing unit.
                let mixesDuration = (l.type == .duration && r.type.isNumeric) || (r.type == .duration && l.type.isNumeric)
                report(
                    .invalidOperands, at: syntax.operatorLocation, ["operator": spelled, "left": l.type, "right": r.type],
                    suggestion: mixesDuration && (op == .add || op == .subtract) ? Self.durationUnitHint : nil)
            }
            return nil
        }
    }

    /// The type of `left op right` when it is arithmetic on durations: `d + d`, `d - d`, `d % d`
    /// (durations); `d * n`, `n * d`, `d / n` (a duration, `n` an int or a double); `d / d` (their
    /// ratio, a double). Nil for anything else.
    private static func durationArithmetic(_ op: BinaryOperator, _ left: ValueType, _ right: ValueType) -> ValueType? {
        switch (op, left, right) {
        case (.add, .duration, .duration), (.subtract, .duration, .duration), (.remainder, .duration, .duration):
            return .duration
        case (.multiply, .duration, _) where right.isNumeric, (.divide, .duration, _) where right.isNumeric:
            return .duration
        case (.multiply, _, .duration) where left.isNumeric:
            return .duration
        case (.divide, .duration, .duration):
            return .double
        default:
            return nil
        }
    }

    private mutating func inferConditional(
        _ conditionSyntax: ExpressionSyntax, _ thenSyntax: ExpressionSyntax, _ otherwiseSyntax: ExpressionSyntax,
        _ syntax: ExpressionSyntax, context: ValueType?
    ) -> TypedExpression? {
        let condition = infer(conditionSyntax, context: .bool)
        if let condition, condition.type != .bool {
            report(.nonBoolCondition, at: conditionSyntax.location, ["type": condition.type])
        }
        let (then, otherwise) = inferPair(thenSyntax, otherwiseSyntax, context: context)
        guard let condition, condition.type == .bool, let then, let otherwise else { return nil }
        if then.type == otherwise.type {
            return node(.conditional(condition, then, otherwise), then.type, syntax)
        }
        if then.type.isNumeric, otherwise.type.isNumeric {
            return node(.conditional(condition, promoted(then), promoted(otherwise)), .double, syntax)
        }
        report(.branchTypeMismatch, at: otherwiseSyntax.location, ["then": then.type, "otherwise": otherwise.type])
        return nil
    }

    private mutating func inferCall(_ name: String, _ argumentSyntax: [ExpressionSyntax], _ syntax: ExpressionSyntax) -> TypedExpression? {
        if name == "active" { return inferActive(argumentSyntax, syntax) }
        guard let function = ExpressionFunction(rawValue: name), function != .checkedIndex else {
            report(
                .unknownFunction, at: syntax.operatorLocation, ["name": name],
                suggestion: Suggestion.hint(for: name, in: ExpressionFunction.written.map(\.rawValue) + ["active"]))
            return nil
        }
        guard function.arity.accepts(argumentSyntax.count) else {
            report(
                .wrongArgumentCount, at: syntax.operatorLocation,
                ["name": name, "expected": function.arity.description, "count": argumentSyntax.count])
            return nil
        }
        var arguments: [TypedExpression] = []
        var ok = true
        for argument in argumentSyntax {
            guard let typed = infer(argument, context: function.takesStrings ? .string : nil) else {
                ok = false
                continue
            }
            if function.takesStrings {
                if typed.type != .string {
                    report(.nonStringArgument, at: argument.location, ["name": name, "type": typed.type])
                    ok = false
                }
            } else if function != .string, !typed.type.isNumeric, !(function.takesDurations && typed.type == .duration) {
                report(.nonNumericArgument, at: argument.location, ["name": name, "type": typed.type])
                ok = false
            }
            arguments.append(typed)
        }
        guard ok else { return nil }
        if function.takesStrings {
            return node(.call(function, arguments), function.stringResult, syntax)
        }
        switch function {
        case .string:
            return node(.call(.string, arguments), .string, syntax)
        case .int:
            return node(.call(.int, arguments), .int, syntax)
        case .double:
            return node(.call(.double, arguments.map(promoted)), .double, syntax)
        default:
            // min, max, abs, clamp: durations with durations only (`min(delay, 30s)`, never
            // `min(delay, 30)`); numbers as ints when all are, else as doubles.
            if arguments.contains(where: { $0.type == .duration }) {
                if let index = arguments.firstIndex(where: { $0.type != .duration }) {
                    report(
                        .mixedDurationArguments, at: argumentSyntax[index].location,
                        ["name": name, "type": arguments[index].type], suggestion: Self.durationUnitHint)
                    return nil
                }
                return node(.call(function, arguments), .duration, syntax)
            }
            let allInt = arguments.allSatisfy { $0.type == .int }
            return node(.call(function, allInt ? arguments : arguments.map(promoted)), allInt ? .int : .double, syntax)
        }
    }
}
