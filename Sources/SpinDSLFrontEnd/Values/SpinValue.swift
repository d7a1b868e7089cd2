/// One run-time value of a spin: a data field, a payload field or the result of an expression.
///
/// Values do not carry their type: the type is known statically from the spec (the field's
/// declaration, the expression's checked type). This keeps a value two words wide and lets
/// `symbol` be a bare case index.
///
/// Equality and hashing are *identity* of values, not IEEE comparison: doubles are compared by bit
/// pattern so that `Hashable` is lawful (a NaN equals itself, `0.0` and `-0.0` differ). Expressions do
/// not use this conformance; `==` inside an expression follows IEEE 754, so there `nan == nan` is false.
public enum SpinValue: Hashable, Sendable {
    /// A value of type `int`.
    case int(Int64)
    /// A value of type `double`.
    case double(Double)
    /// A value of type `bool`.
    case bool(Bool)
    /// A value of type `string`.
    case string(String)
    /// A value of type `duration`: a whole number of milliseconds (negative when a computation
    /// made it so).
    case duration(Int64)
    /// Case index `i` of the enumeration type known from context.
    case symbol(Int)

    /// Identity of values: same case and same payload, doubles by bit pattern (see the type's notes).
    public static func == (lhs: SpinValue, rhs: SpinValue) -> Bool {
        switch (lhs, rhs) {
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a.bitPattern == b.bitPattern
        case let (.bool(a), .bool(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.symbol(a), .symbol(b)): return a == b
        case let (.duration(a), .duration(b)): return a == b
        default: return false
        }
    }

    /// Hashes consistently with `==`: doubles by bit pattern.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .int(let value):
            hasher.combine(0)
            hasher.combine(value)
        case .double(let value):
            hasher.combine(1)
            hasher.combine(value.bitPattern)
        case .bool(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .string(let value):
            hasher.combine(3)
            hasher.combine(value)
        case .symbol(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .duration(let milliseconds):
            hasher.combine(5)
            hasher.combine(milliseconds)
        }
    }

    /// The value as text for people (render templates, `string(x)`).
    ///
    /// - ints: plain decimal (`-42`).
    /// - doubles: the shortest text that reads back as the same double, always recognisable as a
    ///   double: `2.0`, `0.1`, `1e+16` (values of magnitude 2^53 and above use exponent form),
    ///   `nan`, `inf`, `-inf`, `-0.0`.
    /// - bools: `true` / `false`.
    /// - strings: the raw text, unquoted.
    /// - durations: as a spec writes them, in the largest unit that keeps them short: `250ms`,
    ///   `1.5s`, `2m`, `1h`, `90m`, `0s`, `-2s` (see `format(milliseconds:)`).
    /// - symbols: the case name from `type`; if `type` is not an enumeration or the index is out of
    ///   range (a caller bug), `#` followed by the index, so that nothing traps.
    public func formatted(as type: ValueType) -> String {
        switch self {
        case .int(let value): return String(value)
        case .double(let value): return SpinValue.format(value)
        case .bool(let value): return value ? "true" : "false"
        case .string(let value): return value
        case .symbol(let index): return SpinValue.caseName(index, of: type)
        case .duration(let milliseconds): return SpinValue.format(milliseconds: milliseconds)
        }
    }

    /// The value as JSON text.
    ///
    /// Strings are quoted and escaped (`"`, `\`, and control characters); symbols become JSON strings
    /// of their case names; durations JSON strings of their text (`"1.5s"`, read back by inputs); finite doubles are JSON numbers (`2.0`, `1e+16`); non-finite doubles,
    /// which JSON cannot express as numbers, become the strings `"nan"`, `"inf"` and `"-inf"`.
    public func json(as type: ValueType) -> String {
        switch self {
        case .int(let value): return String(value)
        case .double(let value):
            let text = SpinValue.format(value)
            return value.isFinite ? text : "\"\(text)\""
        case .bool(let value): return value ? "true" : "false"
        case .string(let value): return SpinValue.jsonString(value)
        case .symbol(let index): return SpinValue.jsonString(SpinValue.caseName(index, of: type))
        case .duration(let milliseconds): return "\"" + SpinValue.format(milliseconds: milliseconds) + "\""
        }
    }

    /// Shortest round-trip text of a double; Swift's `description` already is exactly that
    /// (`1.0`, `0.1`, `1e+16`, `nan`, `inf`, `-inf`).
    package static func format(_ value: Double) -> String {
        // Every NaN is `nan`: its sign depends on the processor and the optimizer (docs/spec-format.md).
        value.isNaN ? "nan" : value.description
    }

    /// The duration a spec would write as `text` (`250ms`, `1.5s`, `2m`, `1h`): how inputs and
    /// host programs give a duration field its value. Nil for any other text, a duration that is
    /// not a whole number of milliseconds (`0.5ms`), or one beyond 64 bits of them.
    public init?(durationText text: String) {
        guard case .milliseconds(let milliseconds) = DurationParser.parse(text) else { return nil }
        self = .duration(milliseconds)
    }

    /// A duration as a spec writes it: whole hours, minutes or seconds in their unit (`2h`, `90m`,
    /// `30s`), less than a second in milliseconds (`250ms`), otherwise seconds with the fraction's
    /// significant digits (`1.5s`, `61.25s`); zero is `0s`. The text reads back as the same
    /// duration (`DurationParser`), with a minus sign first for a negative one.
    package static func format(milliseconds: Int64) -> String {
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = milliseconds.magnitude
        if magnitude == 0 { return "0s" }
        if magnitude % 3_600_000 == 0 { return "\(sign)\(magnitude / 3_600_000)h" }
        if magnitude % 60_000 == 0 { return "\(sign)\(magnitude / 60_000)m" }
        if magnitude % 1_000 == 0 { return "\(sign)\(magnitude / 1_000)s" }
        if magnitude < 1_000 { return "\(sign)\(magnitude)ms" }
        var fraction = String(magnitude % 1_000)
        fraction = String(repeating: "0", count: 3 &- fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(magnitude / 1_000).\(fraction)s"
    }

    private static func caseName(_ index: Int, of type: ValueType) -> String {
        if case .enumeration(let enumType) = type, let name = enumType.caseName(at: index) {
            return name
        }
        return "#\(index)"
    }

    /// `text` as a JSON string literal, quotes included.
    package static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    // JSON forbids raw control characters; \u00XX is the only other spelling.
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }
}
