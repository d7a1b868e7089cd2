/// The text of a YAML scalar exactly as written (after YAML's own unquoting and folding), plus
/// how it was written.
///
/// The reader deliberately does not guess types the YAML 1.1 way (where `no` is false and
/// `0777` is octal): the schema-driven caller knows what type a field has and asks for it with
/// `asInt()`, `asDouble()`, `asBool()` or `isNull`. Only plain (unquoted) scalars can be numbers,
/// booleans or null, following the YAML 1.2 core schema; a quoted `"42"` is always a string.
public struct YAMLScalar: Sendable, Hashable {
    /// How a scalar was written in the source.
    public enum Style: Sendable, Hashable {
        /// Unquoted: `name: value`.
        case plain
        /// `'value'`.
        case singleQuoted
        /// `"value"`.
        case doubleQuoted
        /// A `|` block scalar; line breaks are kept.
        case literal
        /// A `>` block scalar; line breaks are folded into spaces.
        case folded
    }

    /// The scalar's content, with quoting, escapes, block indentation and folding already resolved.
    public let value: String
    /// How the scalar was written.
    public let style: Style
    /// Where the first character of the content is in the source.
    ///
    /// Callers that report errors inside the scalar's text (an expression, say) add their offset
    /// to this. For plain scalars it equals the node's location; for quoted scalars it is one
    /// column after the opening quote; for literal and folded block scalars it is the first
    /// character of the first content line (the line after the `|`/`>` header, skipping leading
    /// empty lines). For an empty block scalar, which has no content line, it is the location of
    /// the `|`/`>` indicator.
    public let contentLocation: SourceLocation
    /// Where each character of `value` is in the source, when it is not laid out as written from
    /// `contentLocation` on (escapes, folded lines, block indentation); nil for the others.
    public let layout: SourceLayout?

    /// Creates a scalar.
    public init(value: String, style: Style, contentLocation: SourceLocation, layout: SourceLayout? = nil) {
        self.value = value
        self.style = style
        self.contentLocation = contentLocation
        self.layout = layout
    }

    /// Equal scalars have the same value, style and location; the layout follows from where they
    /// were written and is left out.
    public static func == (lhs: YAMLScalar, rhs: YAMLScalar) -> Bool {
        lhs.value == rhs.value && lhs.style == rhs.style && lhs.contentLocation == rhs.contentLocation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(style)
        hasher.combine(contentLocation)
    }

    /// True for a plain `~`, `null`, `Null`, `NULL` or an empty plain scalar (`key:` with no value).
    public var isNull: Bool {
        guard style == .plain else { return false }
        // Most scalars are names, asked this once or more each: a first character that no null
        // spelling starts with answers without comparing strings (five calls into the standard
        // library's comparison, for a name that matches none). Only an ASCII first byte decides:
        // a string starting with any other ASCII character cannot equal these under Unicode
        // canonical equivalence either, whereas for non-ASCII text the comparison is left to `==`.
        guard let first = value.utf8.first else { return true }
        if first < 0x80, first != UInt8(ascii: "~"), first != UInt8(ascii: "n"), first != UInt8(ascii: "N") {
            return false
        }
        switch value {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// The boolean a plain `true`/`True`/`TRUE`/`false`/`False`/`FALSE` stands for, else nil.
    ///
    /// `yes`, `no`, `on` and `off` are strings (they were booleans only in YAML 1.1, a classic
    /// source of surprises such as the country code `NO` turning into false).
    public func asBool() -> Bool? {
        guard style == .plain else { return nil }
        switch value {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// The integer a plain scalar spells, else nil.
    ///
    /// Accepts decimal with an optional sign (`42`, `-7`, `+3`), hexadecimal `0x1F` and octal
    /// `0o17` (YAML 1.2 core; no sign on these). Returns nil rather than trapping when the value
    /// does not fit in `Int64`, and for anything else (`1_000`, `1.0`, `""`).
    public func asInt() -> Int64? {
        guard style == .plain else { return nil }
        let bytes = Array(value.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "x") { return Self.parseUnsigned(bytes.dropFirst(2), radix: 16) }
            if bytes[1] == UInt8(ascii: "o") { return Self.parseUnsigned(bytes.dropFirst(2), radix: 8) }
        }
        var digits = bytes[...]
        var negative = false
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return nil }
        // Accumulate towards the sign so that Int64.min, whose magnitude has no positive
        // counterpart, still parses.
        var result: Int64 = 0
        for byte in digits {
            guard let digit = Self.digitValue(byte, radix: 10) else { return nil }
            let (shifted, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative
                ? shifted.subtractingReportingOverflow(digit)
                : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            result = next
        }
        return result
    }

    /// Whether a plain scalar is written as a decimal integer (optional sign, digits) that does not
    /// fit in `Int64`: the reader reports it ([#IntegerLiteralTooLarge]), so that it is neither
    /// read as a rounded double nor reported again as whatever else the field expected.
    var isOversizedInteger: Bool {
        // Int64 has 19 digits: anything shorter fits. Most scalars are short names, so this is the
        // answer for nearly all of them, without a look at their bytes.
        guard style == .plain, value.utf8.count >= 19 else { return false }
        var digits = 0
        for (offset, byte) in value.utf8.enumerated() {
            if offset == 0, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { continue }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            digits &+= 1
        }
        return digits >= 19 && asInt() == nil
    }

    /// The number a plain scalar spells, else nil.
    ///
    /// Accepts the YAML 1.2 core float forms (`1`, `-2.5`, `.5`, `1.`, `6.02e23`), the special
    /// values `.inf`/`.Inf`/`.INF` (optionally signed) and `.nan`/`.NaN`/`.NAN`, and the integer
    /// forms `asInt()` accepts. A finite spelling too large for `Double` (`1e999`) returns nil
    /// rather than silently becoming infinity.
    public func asDouble() -> Double? {
        guard style == .plain else { return nil }
        switch value {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        if Self.isCoreFloatSyntax(Array(value.utf8)) {
            guard let number = Double(value), number.isFinite else { return nil }
            return number
        }
        // Hex and octal integers are numbers too; decimal integers were handled above.
        return asInt().map { Double($0) }
    }

    /// Matches `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`, checked here
    /// because `Double(String)` also accepts spellings YAML does not (`inf`, `0x1p3`, `nan`).
    private static func isCoreFloatSyntax(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func isDigit(_ i: Int) -> Bool { i < bytes.count && digitValue(bytes[i], radix: 10) != nil }
        func skipDigits() -> Int {
            let start = index
            while isDigit(index) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        let integerDigits = skipDigits()
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = skipDigits()
        }
        // ".5" and "1." are numbers, "." alone is not.
        guard integerDigits > 0 || fractionDigits > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            guard skipDigits() > 0 else { return false }
        }
        return index == bytes.count
    }

    private static func parseUnsigned(_ digits: ArraySlice<UInt8>, radix: Int64) -> Int64? {
        guard !digits.isEmpty else { return nil }
        var result: Int64 = 0
        for byte in digits {
            guard let digit = digitValue(byte, radix: radix) else { return nil }
            let (shifted, overflow1) = result.multipliedReportingOverflow(by: radix)
            let (next, overflow2) = shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            result = next
        }
        return result
    }

    private static func digitValue(_ byte: UInt8, radix: Int64) -> Int64? {
        let value: Int64
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): value = Int64(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): value = Int64(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
        return value < radix ? value : nil
    }
}
