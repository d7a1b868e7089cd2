import SpinDSLFrontEnd


/// Parses the event syntaxes of the command line and turns JSON payloads into `HostEvent`s.
public enum EventParsing {
    /// `NAME` or `NAME=JSON` (`--event coin={"amount":25}`).
    public static func parseOption(_ text: String) -> Result<InputEvent, UsageError> {
        let name: Substring
        var json: String?
        if let equals = text.firstIndex(of: "=") {
            name = text[..<equals]
            json = String(text[text.index(after: equals)...])
        } else {
            name = Substring(text)
        }
        guard isName(name) else {
            return .failure(UsageError("--event", .invalidEventOption, ["text": text]))
        }
        if let body = json, trimmed(body.unicodeScalars[...]).isEmpty { json = nil }
        return .success(InputEvent(atMilliseconds: 0, name: String(name), payloadJSON: json, origin: "--event \(text)"))
    }

    /// One line of an events file: `[TIME] NAME [JSON] [# comment]`; nil for blank and comment
    /// lines.
    ///
    /// Read scalar by scalar, without intermediate strings: an events file may hold millions of
    /// lines.
    /// Whether `line` starts with a time (`2s coin`), after any leading space.
    public static func startsWithTime(_ line: String) -> Bool {
        trimmed(line.unicodeScalars[...]).first?.properties.numericType != nil
    }

    public static func parseLine(_ line: String, origin: String, allowTime: Bool) -> Result<InputEvent, UsageError>? {
        var rest = trimmed(withoutComment(line.unicodeScalars[...]))
        guard let first = rest.first, first != "#" else { return nil }
        var time: Int64 = 0
        let firstWord = rest.prefix { !isSpace($0) && $0 != "{" }
        if first.properties.numericType != nil {
            guard allowTime else {
                return .failure(UsageError(origin, .timeNotAllowed, ["time": String(firstWord)]))
            }
            switch DurationParser.parse(String(firstWord)) {
            case .milliseconds(let milliseconds): time = milliseconds
            case .fractional, .invalid:
                return .failure(UsageError(origin, .invalidDuration, ["text": String(firstWord)]))
            }
            rest = trimmed(rest[firstWord.endIndex...])
        }
        let name = rest.prefix { !isSpace($0) && $0 != "{" }
        guard isName(name) else {
            return .failure(UsageError(origin, .missingEventName, ["found": name.isEmpty ? "nothing" : "'\(String(name))'"]))
        }
        let json = trimmed(rest[name.endIndex...])
        return .success(InputEvent(atMilliseconds: time, name: String(name), payloadJSON: json.isEmpty ? nil : String(json), origin: origin))
    }

    /// `scalars` without leading and trailing whitespace.
    private static func trimmed(_ scalars: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isSpace(scalars[start]) { scalars.formIndex(after: &start) }
        while end > start, isSpace(scalars[scalars.index(before: end)]) { scalars.formIndex(before: &end) }
        return scalars[start..<end]
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// `line` without its comment: from a `#` that starts the line or follows a space, outside a
    /// JSON string (`coin {"label":"#1"}  # the first` keeps `#1`).
    public static func withoutComment(_ line: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        var inString = false
        var escaped = false
        var previous: Unicode.Scalar = " "
        for index in line.indices {
            let scalar = line[index]
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                }
            } else if scalar == "\"" {
                inString = true
            } else if scalar == "#", isSpace(previous) {
                return line[..<index]
            }
            previous = scalar
        }
        return line
    }

    /// The payload converted by the types of the event's fields in the spin that will receive it
    /// (`SpecModel.inputTarget`: the spin an input is sent to). An event no spin can take is
    /// reported here; fields the event does not have are passed through for `SpecRun.emit` to
    /// report.
    public static func hostEvent(_ input: InputEvent, spin: String?, in model: SpecModel) -> Result<HostEvent, UsageError> {
        let event: EventModel
        switch model.inputTarget(input.name, spin: spin) {
        case .failure(let problem): return .failure(UsageError(input.origin, problem))
        case .success(let (spinIndex, kind)): event = model.spins[spinIndex].events[kind]
        }
        var fields: [String: JSONScalar] = [:]
        if let json = input.payloadJSON {
            switch JSONObjectParser.parse(json) {
            case .success(let object): fields = object
            case .failure(let message):
                return .failure(UsageError(input.origin, .payloadNotJSON, ["event": input.name, "problem": message]))
            }
        }
        var payload: [String: SpinValue] = [:]
        for (key, scalar) in fields {
            let type = event.fields.first { $0.name.text == key }?.type
            if case .number(let text) = scalar, let problem = outOfRange(text, as: type) {
                return .failure(UsageError(input.origin, problem))
            }
            switch convert(scalar, to: type) {
            case .some(let value): payload[key] = value
            case .none:
                return .failure(UsageError(
                    input.origin, .payloadFieldType, ["field": key, "event": input.name, "expected": type?.inputDescription ?? "a value", "value": scalar]))
            }
        }
        return .success(HostEvent(input.name, payload))
    }

    /// A number too large for its field, refused as the same literal in a spec is: an integer
    /// past Int64 for an int field, a double that would be infinite (`1e400`) for a double field
    /// (one that underflows, `1e-400`, is 0, as in a spec).
    private static func outOfRange(_ text: String, as type: ValueType?) -> UsageProblem? {
        let isInteger = !text.contains { $0 == "." || $0 == "e" || $0 == "E" }
        switch type {
        case .int?:
            guard isInteger, Int64(text) == nil else { return nil }
            return UsageProblem(.integerLiteralTooLarge, ["value": text])
        case .double?:
            guard let value = Double(text), value.isInfinite else { return nil }
            return UsageProblem(.doubleLiteralTooLarge, ["text": text])
        default:
            return nil
        }
    }

    private static func convert(_ scalar: JSONScalar, to type: ValueType?) -> SpinValue? {
        switch (scalar, type) {
        case (.number(let text), .int?):
            return Int64(text).map(SpinValue.int)
        case (.number(let text), .double?):
            return Double(text).map(SpinValue.double)
        case (.number(let text), nil):
            return Int64(text).map(SpinValue.int) ?? Double(text).map(SpinValue.double)
        case (.bool(let value), .bool?), (.bool(let value), nil):
            return .bool(value)
        case (.string(let text), .string?), (.string(let text), nil):
            return .string(text)
        case (.string(let text), .enumeration(let enumType)?):
            return enumType.index(of: text).map(SpinValue.symbol)
        case (.string(let text), .duration?):
            return SpinValue(durationText: text)
        default:
            return nil
        }
    }

    private static func isName(_ text: Substring) -> Bool {
        isName(text.unicodeScalars)
    }

    /// A letter or `_`, then letters, digits, `_`, `.`, `-` (and the marks that combine with them).
    private static func isName(_ scalars: Substring.UnicodeScalarView) -> Bool {
        guard let first = scalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return scalars.allSatisfy { scalar in
            let properties = scalar.properties
            switch scalar {
            case "_", ".", "-": return true
            default:
                return properties.isAlphabetic || properties.numericType != nil
                    || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
                    || properties.generalCategory == .enclosingMark
            }
        }
    }
}
