import SpinDSLFrontEnd

/// A scalar of an event payload's JSON object. Numbers keep their text so that an int field reads
/// it exactly (no detour through Double).
public enum JSONScalar: Equatable, CustomStringConvertible {
    case number(String)
    case bool(Bool)
    case string(String)

    public var description: String {
        switch self {
        case .number(let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .string(let text): return "\"\(text)\""
        }
    }
}
