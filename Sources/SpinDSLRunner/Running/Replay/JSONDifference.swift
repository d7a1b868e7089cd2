import SpinDSLFrontEnd

/// A member in which two JSON values differ: its path (`state.credit`, `event.payload.amount`,
/// `to`) and its text on each side (nil where that side has no such member).
public struct JSONDifference: Equatable {
    public let path: String
    public let expected: String?
    public let got: String?

    /// The members of `got` that differ from `expected`, depth first in `expected`'s order, then
    /// the members only `got` has. Values that are not both objects differ as a whole.
    public static func between(expected: JSONValue, got: JSONValue, at path: String = "") -> [JSONDifference] {
        guard case .object(let want) = expected, case .object(let have) = got else {
            return expected == got ? [] : [JSONDifference(path: path, expected: expected.text, got: got.text)]
        }
        var found: [JSONDifference] = []
        for (key, value) in want {
            let member = path.isEmpty ? key : path + "." + key
            if let other = got[key] {
                found += between(expected: value, got: other, at: member)
            } else {
                found.append(JSONDifference(path: member, expected: value.text, got: nil))
            }
        }
        for (key, value) in have where expected[key] == nil {
            found.append(JSONDifference(path: path.isEmpty ? key : path + "." + key, expected: nil, got: value.text))
        }
        return found
    }

    /// `state.credit expected 35, got 10` (`nothing` for a missing member).
    public var description: String {
        "\(path) expected \(expected ?? "nothing"), got \(got ?? "nothing")"
    }
}

extension JSONValue {
    /// The value as JSON text, compact, members in their order.
    public var text: String {
        switch self {
        case .object(let members):
            return "{" + members.map { Self.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        case .array(let items):
            return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .scalar(.string(let string)):
            return Self.quoted(string)
        case .scalar(let scalar):
            return scalar.description
        case .null:
            return "null"
        }
    }
}
