import SpinDSLFrontEnd

/// Parses a flat JSON object (`{"amount":25,"label":"x"}`): payloads are flat, so nested objects,
/// arrays and null are refused with a message.
public struct JSONObjectParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    private init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    public static func parse(_ text: String) -> Result<[String: JSONScalar], JSONParseFailure> {
        var parser = JSONObjectParser(text)
        do {
            let object = try parser.object()
            parser.skipSpaces()
            guard parser.index >= parser.scalars.count else { throw JSONParseFailure("unexpected text after the object") }
            return .success(object)
        } catch let failure as JSONParseFailure {
            return .failure(failure)
        } catch {
            return .failure(JSONParseFailure("\(error)"))
        }
    }

    /// Parses any JSON value (a recorded trace's line), objects and arrays nested at most
    /// `maxDepth` deep.
    public static func parseValue(_ text: String) -> Result<JSONValue, JSONParseFailure> {
        var parser = JSONObjectParser(text)
        do {
            parser.skipSpaces()
            let value = try parser.anyValue(depth: 0)
            parser.skipSpaces()
            guard parser.index >= parser.scalars.count else { throw JSONParseFailure("unexpected text after the value") }
            return .success(value)
        } catch let failure as JSONParseFailure {
            return .failure(failure)
        } catch {
            return .failure(JSONParseFailure("\(error)"))
        }
    }

    /// The deepest nesting `parseValue` reads (a trace's lines nest three deep).
    public static let maxDepth = 32

    private mutating func anyValue(depth: Int) throws -> JSONValue {
        guard depth < Self.maxDepth else { throw JSONParseFailure("nested deeper than \(Self.maxDepth) levels") }
        switch current {
        case "{":
            index += 1
            var members: [(key: String, value: JSONValue)] = []
            skipSpaces()
            if current == "}" {
                index += 1
                return .object(members)
            }
            while true {
                skipSpaces()
                let key = try string()
                try expect(":")
                skipSpaces()
                members.append((key, try anyValue(depth: depth + 1)))
                skipSpaces()
                if current == "," {
                    index += 1
                    continue
                }
                try expect("}")
                return .object(members)
            }
        case "[":
            index += 1
            var items: [JSONValue] = []
            skipSpaces()
            if current == "]" {
                index += 1
                return .array(items)
            }
            while true {
                skipSpaces()
                items.append(try anyValue(depth: depth + 1))
                skipSpaces()
                if current == "," {
                    index += 1
                    continue
                }
                try expect("]")
                return .array(items)
            }
        case "n":
            try word("null")
            return .null
        default:
            return .scalar(try value())
        }
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func skipSpaces() {
        while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { index += 1 }
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws {
        skipSpaces()
        guard current == scalar else { throw JSONParseFailure("expected '\(scalar)'" + (current.map { " at '\($0)'" } ?? " at the end")) }
        index += 1
    }

    private mutating func object() throws -> [String: JSONScalar] {
        try expect("{")
        var result: [String: JSONScalar] = [:]
        skipSpaces()
        if current == "}" {
            index += 1
            return result
        }
        while true {
            skipSpaces()
            let key = try string()
            try expect(":")
            skipSpaces()
            guard result[key] == nil else { throw JSONParseFailure("duplicate key '\(key)'") }
            result[key] = try value()
            skipSpaces()
            if current == "," {
                index += 1
                continue
            }
            try expect("}")
            return result
        }
    }

    private mutating func value() throws -> JSONScalar {
        switch current {
        case "\"": return .string(try string())
        case "t": try word("true"); return .bool(true)
        case "f": try word("false"); return .bool(false)
        case "n": throw JSONParseFailure("null is not a payload value")
        case "{", "[": throw JSONParseFailure("payload values are scalars, not objects or arrays")
        case let scalar? where scalar == "-" || ("0"..."9").contains(scalar): return .number(try number())
        case let scalar?: throw JSONParseFailure("unexpected '\(scalar)'")
        case nil: throw JSONParseFailure("unexpected end")
        }
    }

    private mutating func word(_ text: String) throws {
        for scalar in text.unicodeScalars {
            guard current == scalar else { throw JSONParseFailure("expected '\(text)'") }
            index += 1
        }
    }

    /// A JSON number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; `01`, `1.`, `+1` and
    /// `.5` are not.
    private mutating func number() throws -> String {
        let start = index
        func digits() -> Int {
            var count = 0
            while let scalar = current, ("0"..."9").contains(scalar) { index += 1; count += 1 }
            return count
        }
        func text() -> String { String(String.UnicodeScalarView(scalars[start..<index])) }
        if current == "-" { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw JSONParseFailure("a number needs digits after '\(text())'") }
        if integerDigits > 1, scalars[integerStart] == "0" {
            throw JSONParseFailure("'\(text())' is not a JSON number: no leading zeros")
        }
        if current == "." {
            index += 1
            guard digits() > 0 else { throw JSONParseFailure("'\(text())' is not a JSON number: digits must follow '.'") }
        }
        if current == "e" || current == "E" {
            index += 1
            if current == "+" || current == "-" { index += 1 }
            guard digits() > 0 else { throw JSONParseFailure("'\(text())' is not a JSON number: the exponent needs digits") }
        }
        return text()
    }

    private mutating func string() throws -> String {
        guard current == "\"" else { throw JSONParseFailure("expected a string" + (current.map { " at '\($0)'" } ?? " at the end")) }
        index += 1
        var text = ""
        while let scalar = current {
            index += 1
            switch scalar {
            case "\"":
                return text
            case "\\":
                guard let escaped = current else { throw JSONParseFailure("unterminated string") }
                index += 1
                switch escaped {
                case "\"": text += "\""
                case "\\": text += "\\"
                case "/": text += "/"
                case "n": text += "\n"
                case "t": text += "\t"
                case "r": text += "\r"
                case "b": text += "\u{8}"
                case "f": text += "\u{C}"
                case "u":
                    guard index + 4 <= scalars.count,
                          let code = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16),
                          let decoded = Unicode.Scalar(code) else { throw JSONParseFailure("bad \\u escape") }
                    index += 4
                    text.unicodeScalars.append(decoded)
                default: throw JSONParseFailure("bad escape '\\\(escaped)'")
                }
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        throw JSONParseFailure("unterminated string")
    }
}
