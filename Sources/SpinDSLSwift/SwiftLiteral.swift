import SpinDSLFrontEnd

/// Swift source text for the values of a spec: string literals, numbers, faults.
enum SwiftLiteral {
    /// `text` as a Swift string literal, quotes included; `\(` is escaped with the backslash.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A double as a Swift expression that has exactly its value.
    static func double(_ value: Double) -> String {
        if value.isNaN { return "Double.nan" }
        if value.isInfinite { return value < 0 ? "(-Double.infinity)" : "Double.infinity" }
        let text = value.description
        return value.sign == .minus ? "(\(text))" : text
    }

    /// An int as a Swift expression.
    static func int(_ value: Int64) -> String {
        value < 0 ? "(\(value))" : String(value)
    }

    /// The placeholder a message template is filled with where the generated code writes a value
    /// known only when the fault happens (`\($0)`).
    static let placeholder = "\u{1}"

    /// `GeneratedFault(location, group, message)`; `message` holds `placeholder` where the
    /// failure's value goes, written `\u{1}` in the literal.
    static func fault(_ group: DiagnosticGroup, at location: SourceLocation, message: String) -> String {
        "GeneratedFault(\(string(location.description)), \(string(group.name)), \(string(message)))"
    }
}
