import SpinDSL

/// Parses the event syntaxes of the command line and turns JSON payloads into `HostEvent`s.
enum EventParsing {
    /// `NAME` or `NAME=JSON` (`--event coin={"amount":25}`).
    static func parseOption(_ text: String) -> Result<InputEvent, UsageError> {
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
        if let body = json, body.trimmingSpaces().isEmpty { json = nil }
        return .success(InputEvent(atMilliseconds: 0, name: String(name), payloadJSON: json, origin: "--event \(text)"))
    }

    /// One line of an events file: `[TIME] NAME [JSON] [# comment]`; nil for blank and comment
    /// lines.
    static func parseLine(_ line: String, origin: String, allowTime: Bool) -> Result<InputEvent, UsageError>? {
        let trimmed = withoutComment(line).trimmingSpaces()
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        var rest = Substring(trimmed)
        var time: Int64 = 0
        let firstWord = rest.prefix { !$0.isWhitespace && $0 != "{" }
        if let first = firstWord.first, first.isNumber {
            guard allowTime else {
                return .failure(UsageError(origin, .timeNotAllowed, ["time": firstWord]))
            }
            switch DurationText.parse(String(firstWord)) {
            case .some(let milliseconds): time = milliseconds
            case .none:
                return .failure(UsageError(origin, .invalidDuration, ["text": firstWord]))
            }
            rest = rest.dropFirst(firstWord.count).drop { $0.isWhitespace }
        }
        let name = rest.prefix { !$0.isWhitespace && $0 != "{" }
        guard isName(name) else {
            return .failure(UsageError(origin, .missingEventName, ["found": name.isEmpty ? "nothing" : "'\(name)'"]))
        }
        let json = rest.dropFirst(name.count).trimmingSpaces()
        return .success(InputEvent(atMilliseconds: time, name: String(name), payloadJSON: json.isEmpty ? nil : json, origin: origin))
    }

    /// `line` without its comment: from a `#` that starts the line or follows a space, outside a
    /// JSON string (`coin {"label":"#1"}  # the first` keeps `#1`).
    static func withoutComment(_ line: String) -> Substring {
        var inString = false
        var escaped = false
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "#", previous.isWhitespace {
                return line[..<index]
            }
            previous = character
        }
        return line[...]
    }

    /// The payload converted by the types of the event's fields in the spin that will receive it
    /// (`SpecModel.inputTarget`: the spin an input is sent to). An event no spin can take is
    /// reported here; fields the event does not have are passed through for `SpecRun.emit` to
    /// report.
    static func hostEvent(_ input: InputEvent, spin: String?, in model: SpecModel) -> Result<HostEvent, UsageError> {
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
            switch convert(scalar, to: type) {
            case .some(let value): payload[key] = value
            case .none:
                return .failure(UsageError(
                    input.origin, .payloadFieldType, ["field": key, "event": input.name, "expected": describe(type), "value": scalar]))
            }
        }
        return .success(HostEvent(input.name, payload))
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

    private static func describe(_ type: ValueType?) -> String {
        switch type {
        case .int?: return "an int"
        case .double?: return "a double"
        case .bool?: return "a bool"
        case .string?: return "a string"
        case .duration?: return "a duration such as \"1.5s\""
        case .enumeration(let enumType)?: return "one of " + enumType.cases.map { "\"\($0)\"" }.joined(separator: ", ")
        case nil: return "a value"
        }
    }

    private static func isName(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
    }
}
