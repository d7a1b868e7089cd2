/// The static type of a value in a spin: every data field, payload field and expression has one.
public enum ValueType: Hashable, Sendable, CustomStringConvertible {
    /// A 64-bit signed integer.
    case int
    /// An IEEE 754 double.
    case double
    /// `true` or `false`.
    case bool
    /// Unicode text.
    case string
    /// A length of time, in whole milliseconds (`250ms`, `1.5s`, `2m`, `1h`).
    case duration
    /// One case of a declared enumeration (or of the control states).
    case enumeration(EnumType)

    /// The name used in diagnostics: `int`, `double`, `bool`, `string`, `duration`, or the enumeration's name.
    public var description: String {
        switch self {
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        case .string: return "string"
        case .duration: return "duration"
        case .enumeration(let type): return type.name
        }
    }

    /// Whether values of this type can take part in arithmetic (`int` or `double`).
    public var isNumeric: Bool {
        self == .int || self == .double
    }
}
