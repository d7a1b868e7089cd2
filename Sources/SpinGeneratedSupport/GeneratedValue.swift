/// A value of a generated machine's data or payload, as the spec names it: what a trace shows and
/// what a driver reads events from, whatever Swift type the field has.
public enum GeneratedValue: Hashable, Sendable, CustomStringConvertible {
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case string(String)
    /// A case of an enumeration, by its name in the spec.
    case symbol(String)

    /// Identity of values: doubles by bit pattern, so that `0.0` and `-0.0` differ, except that
    /// every NaN is one value. Which NaN an operation on NaNs gives (its sign, its payload) is up
    /// to the processor and the optimizer, so neither the interpreter nor generated code can
    /// promise one (docs/semantics.md).
    public static func == (lhs: GeneratedValue, rhs: GeneratedValue) -> Bool {
        switch (lhs, rhs) {
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case let (.bool(a), .bool(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.symbol(a), .symbol(b)): return a == b
        default: return false
        }
    }

    /// Hashes consistently with `==`: doubles by bit pattern, every NaN as one.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .int(let value):
            hasher.combine(0)
            hasher.combine(value)
        case .double(let value):
            hasher.combine(1)
            hasher.combine(value.isNaN ? Double.nan.bitPattern : value.bitPattern)
        case .bool(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .string(let value):
            hasher.combine(3)
            hasher.combine(value)
        case .symbol(let name):
            hasher.combine(4)
            hasher.combine(name)
        }
    }

    /// The value as the interpreter's traces write it in text: `25`, `2.5`, `true`, `text`, `heat`.
    public var description: String {
        switch self {
        case .int(let value): return String(value)
        case .double(let value): return GeneratedStrings.text(value)
        case .bool(let value): return value ? "true" : "false"
        case .string(let value): return value
        case .symbol(let name): return name
        }
    }
}
