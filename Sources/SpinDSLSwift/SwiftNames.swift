/// How the names of a spec become Swift names: types in UpperCamelCase (`traffic-light` is
/// `TrafficLight`), cases in lowerCamelCase (`door.open` is `doorOpen`), fields as written, and
/// a Swift keyword in backticks.
enum SwiftNames {
    /// `name` as a type name: its words (split at anything but letters and digits) capitalised and
    /// joined. Nil when that is no Swift identifier.
    static func typeName(_ name: String) -> String? {
        let joined = words(name).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return isIdentifier(joined) ? joined : nil
    }

    /// `name` as a case name: the first word as written, the others capitalised, joined; in
    /// backticks when a keyword. Nil when that is no Swift identifier.
    static func caseName(_ name: String) -> String? {
        let parts = words(name)
        guard let first = parts.first else { return nil }
        let joined = first + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return isIdentifier(joined) ? escaped(joined) : nil
    }

    /// A field written as `name`: itself, in backticks when a keyword; nil when it is no Swift
    /// identifier (an array element, `flag[1]`).
    static func fieldName(_ name: String) -> String? {
        isIdentifier(name) ? escaped(name) : nil
    }

    /// `name` without its backticks.
    static func bare(_ name: String) -> String {
        name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
    }

    private static func words(_ name: String) -> [String] {
        name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
    }

    /// Whether `text` is an ASCII Swift identifier: a letter or `_`, then letters, digits or `_`.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    private static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The words Swift reserves, which a case or a property may only be named in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "package",
        "consume", "copy", "discard", "borrowing", "consuming", "Type", "Protocol",
    ]
}
