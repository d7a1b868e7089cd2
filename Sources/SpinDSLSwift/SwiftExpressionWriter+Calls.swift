import SpinDSLFrontEnd

/// The built-in functions as Swift: each computes what the interpreter's code for it computes
/// (`ExpressionCompiler`), on the same argument order.
extension SwiftExpressionWriter {
    mutating func call(_ function: ExpressionFunction, _ arguments: [TypedExpression], _ e: TypedExpression) throws(SwiftRefusal) -> Code {
        var codes: [Code] = []
        for argument in arguments {
            if argument.type == .duration { throw refusal(e, "durations are not generated yet") }
            codes.append(try write(argument))
        }
        let throwsAny = codes.contains { $0.canThrow }
        let texts = codes.map(\.text)
        let argumentType = arguments.first?.type
        func plain(_ text: String) -> Code { Code(text: text, canThrow: throwsAny) }
        switch (function, texts.count) {
        case (.min, 2...), (.max, 2...):
            if e.type == .double {
                let pick = function == .min ? "GeneratedArithmetic.minimum" : "GeneratedArithmetic.maximum"
                // A left fold, as the interpreter picks: pick(pick(a, b), c).
                return plain(texts.dropFirst().reduce(texts[0]) { "\(pick)(\($0), \($1))" })
            }
            return plain("Swift.\(function.rawValue)(\(texts.joined(separator: ", ")))")
        case (.abs, 1):
            if e.type == .int {
                return Code(text: "GeneratedArithmetic.magnitude(\(texts[0]), site: \(site(e, .overflow(expression: e.text))))", canThrow: true)
            }
            return plain("Swift.abs(\(texts[0]))")
        case (.clamp, 3):
            if e.type == .double {
                return plain("GeneratedArithmetic.minimum(GeneratedArithmetic.maximum(\(texts[0]), \(texts[1])), \(texts[2]))")
            }
            return plain("Swift.min(Swift.max(\(texts[0]), \(texts[1])), \(texts[2]))")
        case (.string, 1):
            switch argumentType {
            case .int?: return plain("String(\(texts[0]))")
            case .double?: return plain("GeneratedStrings.text(\(texts[0]))")
            case .bool?: return plain("(\(texts[0]) ? \"true\" : \"false\")")
            case .string?: return plain(texts[0])
            case .enumeration?: return plain("\(texts[0]).rawValue")
            default: break
            }
        case (.int, 1):
            if argumentType == .int { return plain(texts[0]) }
            if argumentType == .double {
                let nan = site(e, .nanToInt(expression: e.text))
                let message = DiagnosticGroup.intConversionOverflow.message(["value": SwiftLiteral.placeholder, "expression": e.text])
                let doesNotFit = site(.intConversionOverflow, at: e.location, message: message)
                return Code(text: "GeneratedArithmetic.int(\(texts[0]), nan: \(nan), doesNotFit: \(doesNotFit))", canThrow: true)
            }
        case (.double, 1):
            return plain(argumentType == .int ? "Double(\(texts[0]))" : texts[0])
        case (.length, 1):
            return plain("Int64(\(texts[0]).count)")
        case (.isEmpty, 1):
            return plain("\(texts[0]).isEmpty")
        case (.contains, 2):
            return plain("GeneratedStrings.contains(\(texts[0]), \(texts[1]))")
        case (.startsWith, 2):
            return plain("\(texts[0]).hasPrefix(\(texts[1]))")
        case (.endsWith, 2):
            return plain("\(texts[0]).hasSuffix(\(texts[1]))")
        case (.lowercased, 1):
            return plain("\(texts[0]).lowercased()")
        case (.uppercased, 1):
            return plain("\(texts[0]).uppercased()")
        case (.trimmed, 1):
            return plain("GeneratedStrings.trimmed(\(texts[0]))")
        case (.checkedIndex, _):
            throw refusal(e, "arrays are not generated yet")
        default:
            break
        }
        throw refusal(e, "the writer has no Swift form of this call")
    }
}
