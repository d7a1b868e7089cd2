import SpinDSLFrontEnd

extension SpinModel {
    /// The input event `name` with `payload`'s Swift values converted to the types its fields
    /// declare: an int, a double (or an integer, widened), a bool, a string, a `Duration` of whole
    /// milliseconds or its text (`"1.5s"`), and for an enum field
    /// the case's name as a `String`, a `String`-backed `RawRepresentable`, or a Swift enum value
    /// whose case has that name.
    ///
    /// - Throws: the problem, naming the event, the field, the type it wants and the value given.
    func inputEvent(_ name: String, _ payload: [String: any Sendable]) throws(UsageProblem) -> SpecEvent {
        guard let kind = eventIndex(named: name) else {
            throw UsageProblem(
                .unknownInputEvent, ["spin": self.name, "event": name],
                suggestion: Suggestion.hint(for: name, in: events.filter(\.isInput).map(\.name.text)))
        }
        let event = events[kind]
        guard event.isInput else { throw UsageProblem(.notAnInput, ["event": name, "spin": self.name]) }
        if let extra = payload.keys.sorted().first(where: { key in !event.fields.contains { $0.name.text == key } }) {
            throw UsageProblem(
                .inputUnknownField, ["event": name, "field": extra],
                suggestion: Suggestion.hint(for: extra, in: event.fields.map(\.name.text)))
        }
        var values: [SpinValue] = []
        values.reserveCapacity(event.fields.count)
        for field in event.fields {
            guard let given = payload[field.name.text] else {
                throw UsageProblem(.inputInvalidField, ["event": name, "field": field.name, "type": field.type])
            }
            guard let value = Self.spinValue(given, as: field.type) else {
                throw UsageProblem(.payloadFieldType, [
                    "field": field.name, "event": name, "expected": field.type.inputDescription, "value": Self.describe(given),
                ])
            }
            values.append(value)
        }
        return SpecEvent(kind: kind, payload: values)
    }

    /// The snapshot of `state`: the control state's name and each data field by name.
    func snapshot(_ state: SpecState) -> SpinSnapshot {
        var data: [String: SpinSnapshot.Value] = [:]
        for (field, value) in zip(visibleFields, state.data) {
            data[field.name.text] = Self.snapshotValue(value, as: field.type)
        }
        return SpinSnapshot(spin: name.text, state: controlName(state.control), data: data)
    }

    /// The value of data field `field` in `state`.
    func value(of field: String, in state: SpecState) throws(UsageProblem) -> SpinSnapshot.Value {
        guard let slot = visibleFields.firstIndex(where: { $0.name.text == field }), slot < state.data.count else {
            throw UsageProblem(
                .unknownDataField, ["field": field], suggestion: Suggestion.hint(for: field, in: fields.map(\.name.text)))
        }
        return Self.snapshotValue(state.data[slot], as: fields[slot].type)
    }

    /// The value of data field `field` in `state` as a `T`: `Int`, `Int64` or `Double` for an int,
    /// `Double` for a double, `Bool`, `String` for a string or an enum's case name, `Duration`.
    func value<T>(of field: String, in state: SpecState, as type: T.Type) throws(UsageProblem) -> T {
        let value = try value(of: field, in: state)
        let converted: Any?
        switch value {
        case .int(let number):
            converted = T.self == Int.self ? Int(exactly: number) : T.self == Int64.self ? number : T.self == Double.self ? Double(number) : nil
        case .double(let number): converted = T.self == Double.self ? number : nil
        case .bool(let flag): converted = T.self == Bool.self ? flag : nil
        case .string(let text), .enumCase(let text): converted = T.self == String.self ? text : nil
        case .duration(let duration): converted = T.self == Duration.self ? duration : nil
        }
        guard let result = converted as? T else {
            let type = fields.first { $0.name.text == field }?.type ?? .int
            throw UsageProblem(.dataFieldReadType, [
                "field": field, "spin": name, "type": type, "requested": String(describing: T.self),
                "readable": Self.readableTypes(type),
            ])
        }
        return result
    }

    private static func readableTypes(_ type: ValueType) -> String {
        switch type {
        case .int: return "Int, Int64 or Double"
        case .double: return "Double"
        case .bool: return "Bool"
        case .string, .enumeration: return "String"
        case .duration: return "Duration"
        }
    }

    private static func snapshotValue(_ value: SpinValue, as type: ValueType) -> SpinSnapshot.Value {
        switch value {
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .duration(let milliseconds): return .duration(.milliseconds(milliseconds))
        case .symbol: return .enumCase(value.formatted(as: type))
        }
    }

    /// A Swift value given by a host as a value of `type`, or nil when it does not fit.
    static func spinValue(_ given: any Sendable, as type: ValueType) -> SpinValue? {
        if let value = given as? SpinValue { return value.fits(type) ? value : nil }
        if let value = given as? SpinSnapshot.Value { return spinValue(value.hostValue, as: type) }
        switch type {
        case .int:
            return (given as? any BinaryInteger).flatMap { Int64(exactly: $0) }.map(SpinValue.int)
        case .double:
            if let number = given as? any BinaryFloatingPoint { return .double(Double(number)) }
            return (given as? any BinaryInteger).flatMap { Double(exactly: $0) }.map(SpinValue.double)
        case .bool:
            return (given as? Bool).map(SpinValue.bool)
        case .string:
            return (given as? String).map(SpinValue.string)
        case .duration:
            if let text = given as? String { return SpinValue(durationText: text) }
            guard let duration = given as? Duration else { return nil }
            let milliseconds = SpinSnapshot.Value.milliseconds(duration)
            // Only a whole number of milliseconds, as a spec's durations.
            return Duration.milliseconds(milliseconds) == duration ? .duration(milliseconds) : nil
        case .enumeration(let enumType):
            return caseName(given).flatMap(enumType.index(of:)).map(SpinValue.symbol)
        }
    }

    /// The case name a host means: a `String`, a `String` raw value, or a Swift enum case.
    private static func caseName(_ given: any Sendable) -> String? {
        if let text = given as? String { return text }
        if let raw = given as? any RawRepresentable, let text = raw.rawValue as? String { return text }
        if Mirror(reflecting: given).displayStyle == .enum { return String(describing: given) }
        return nil
    }

    /// `"25" (String)`: the value and its Swift type, for messages.
    private static func describe(_ given: any Sendable) -> String {
        let text = given is String ? "\"\(given)\"" : "\(given)"
        return "\(text) (\(type(of: given)))"
    }
}

extension SpinSnapshot.Value {
    /// The value as the Swift value a host would pass for it.
    var hostValue: any Sendable {
        switch self {
        case .int(let value): return value
        case .double(let value): return value
        case .bool(let value): return value
        case .string(let value), .enumCase(let value): return value
        case .duration(let value): return value
        }
    }
}
