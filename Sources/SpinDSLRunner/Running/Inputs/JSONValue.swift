import SpinDSLFrontEnd


/// A JSON value of a recorded trace's line (`--replay`): objects keep their keys in order, numbers
/// their text.
public indirect enum JSONValue: Equatable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case scalar(JSONScalar)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)): return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        case let (.array(a), .array(b)): return a == b
        case let (.scalar(a), .scalar(b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var string: String? {
        if case .scalar(.string(let text)) = self { return text }
        return nil
    }

    public var int64: Int64? {
        if case .scalar(.number(let text)) = self { return Int64(text) }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// `text` as a JSON string literal, escaped as the traces escape it.
    public static func quoted(_ text: String) -> String {
        SpinValue.string(text).json(as: .string)
    }

    /// A flat object's text (`{"amount":25}`), as `JSONObjectParser` reads payloads; nil when a
    /// member is not a scalar.
    public var flatObjectText: String? {
        guard case .object(let members) = self else { return nil }
        var parts: [String] = []
        for (key, value) in members {
            guard case .scalar(let scalar) = value else { return nil }
            let text = switch scalar {
            case .number(let number): number
            case .bool(let flag): flag ? "true" : "false"
            case .string(let string): Self.quoted(string)
            }
            parts.append(Self.quoted(key) + ":" + text)
        }
        return "{" + parts.joined(separator: ",") + "}"
    }
}
