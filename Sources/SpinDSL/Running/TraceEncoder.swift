/// Writes the JSON Lines trace of a spec straight into a byte buffer, byte for byte what
/// `TraceRecord.json` gives, without building a string per field.
///
/// Everything that depends only on the spec (the escaped spin, event, state, field and enum case
/// names, and the fixed JSON between them) is encoded once, when the encoder is made; a step then
/// costs a few copies of those fragments and its numbers written digit by digit. Only strings and
/// doubles in the data, and feedback names, are formatted per step.
public struct TraceEncoder: Sendable {
    private struct SpinFragments: Sendable {
        /// Per event kind: `,"spin":"S","event":{"name":"E","payload":`.
        var eventPrefix: [[UInt8]]
        /// The same for an event kind the spin does not declare (a recorded fault): `"error"`.
        var unknownEventPrefix: [UInt8]
        /// Per event kind, the payload's fields.
        var payloadFields: [[FieldFragment]]
        /// Per control state: `"name"`, or `null` for a data-only spin.
        var controlNames: [[UInt8]]
        var hasControlStates: Bool
        /// The data's fields.
        var dataFields: [FieldFragment]
    }

    private struct FieldFragment: Sendable {
        /// `"name":`
        var key: [UInt8]
        var type: ValueType
        /// For an enumeration: each case name as a JSON string.
        var caseNames: [[UInt8]]
    }

    private let spins: [SpinFragments]

    /// Encodes the names of `model` once.
    public init(_ model: SpecModel) {
        spins = model.spins.map { spin in
            let spinName = Array(JSONText.string(spin.name.text).utf8)
            func prefix(_ eventName: String) -> [UInt8] {
                Array(",\"spin\":".utf8) + spinName + Array(",\"event\":{\"name\":".utf8)
                    + Array(JSONText.string(eventName).utf8) + Array(",\"payload\":".utf8)
            }
            return SpinFragments(
                eventPrefix: spin.events.map { prefix($0.name.text) },
                unknownEventPrefix: prefix("error"),
                payloadFields: spin.events.map { event in event.fields.map { Self.fragment(name: $0.name.text, type: $0.type) } },
                controlNames: spin.states.map { Array(JSONText.string($0.text).utf8) },
                hasControlStates: spin.hasControlStates,
                dataFields: spin.fields.map { Self.fragment(name: $0.name.text, type: $0.type) })
        }
    }

    private static func fragment(name: String, type: ValueType) -> FieldFragment {
        var caseNames: [[UInt8]] = []
        if case .enumeration(let enumType) = type {
            caseNames = enumType.cases.map { Array(JSONText.string($0).utf8) }
        }
        return FieldFragment(key: Array((JSONText.string(name) + ":").utf8), type: type, caseNames: caseNames)
    }

    /// Appends the JSON Lines form of `step`, newline included.
    public func appendLine(_ step: TraceStep, to buffer: inout [UInt8]) {
        guard spins.indices.contains(step.spin) else {
            // Not a spin of this spec (a step of another run): the record's own fallback text.
            buffer.append(contentsOf: TraceRecord.foreign(step).json.utf8)
            buffer.append(UInt8(ascii: "\n"))
            return
        }
        buffer.append(contentsOf: "{\"step\":".utf8)
        Self.appendInteger(Int64(truncatingIfNeeded: step.number), to: &buffer)
        buffer.append(contentsOf: ",\"time\":".utf8)
        Self.appendInteger(step.time, to: &buffer)
        let spin = spins[step.spin]
        let kind = step.event.kind
        if spin.eventPrefix.indices.contains(kind) {
            buffer.append(contentsOf: spin.eventPrefix[kind])
            appendObject(spin.payloadFields[kind], step.event.payload, to: &buffer)
        } else {
            buffer.append(contentsOf: spin.unknownEventPrefix)
            buffer.append(contentsOf: "{}".utf8)
        }
        buffer.append(contentsOf: "},\"source\":".utf8)
        switch step.origin {
        case .input:
            buffer.append(contentsOf: "\"input\"".utf8)
        case .feedback(_, let name?):
            Self.appendString(name, to: &buffer)
        case .feedback(let index, nil):
            buffer.append(contentsOf: "\"feedback#".utf8)
            Self.appendInteger(Int64(truncatingIfNeeded: index), to: &buffer)
            buffer.append(UInt8(ascii: "\""))
        }
        buffer.append(contentsOf: ",\"from\":".utf8)
        appendControl(step.from, of: spin, to: &buffer)
        buffer.append(contentsOf: ",\"to\":".utf8)
        appendControl(step.state.control, of: spin, to: &buffer)
        buffer.append(contentsOf: ",\"state\":".utf8)
        appendObject(spin.dataFields, step.state.data, to: &buffer)
        buffer.append(contentsOf: "}\n".utf8)
    }

    private func appendControl(_ index: Int, of spin: SpinFragments, to buffer: inout [UInt8]) {
        if !spin.hasControlStates {
            buffer.append(contentsOf: "null".utf8)
        } else if spin.controlNames.indices.contains(index) {
            buffer.append(contentsOf: spin.controlNames[index])
        } else {
            buffer.append(contentsOf: "\"#".utf8)
            Self.appendInteger(Int64(truncatingIfNeeded: index), to: &buffer)
            buffer.append(UInt8(ascii: "\""))
        }
    }

    /// `{"a":1,"b":true}`: as many fields as both the declaration and the values have, like `zip`.
    private func appendObject(_ fields: [FieldFragment], _ values: [SpinValue], to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "{"))
        for (offset, (field, value)) in zip(fields, values).enumerated() {
            if offset > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(contentsOf: field.key)
            switch value {
            case .int(let number):
                Self.appendInteger(number, to: &buffer)
            case .bool(let flag):
                buffer.append(contentsOf: flag ? "true".utf8 : "false".utf8)
            case .symbol(let index) where field.caseNames.indices.contains(index):
                buffer.append(contentsOf: field.caseNames[index])
            case .double, .string, .symbol:
                buffer.append(contentsOf: value.json(as: field.type).utf8)
            }
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// Decimal digits, with a minus sign when negative; no allocation.
    static func appendInteger(_ value: Int64, to buffer: inout [UInt8]) {
        var magnitude = value.magnitude
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        if magnitude < 10 {
            buffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        // At most 20 digits; written backwards into a fixed-size tuple, then copied in order.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            while magnitude > 0 {
                count &+= 1
                raw[24 &- count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            }
            buffer.append(contentsOf: raw[(24 &- count)...])
        }
    }

    /// `text` as a JSON string literal, escaped exactly as `SpinValue.jsonString` does it.
    ///
    /// Working on UTF-8 bytes gives the same result as working on scalars: every byte of a
    /// multi-byte scalar is 0x80 or above, and only ASCII characters are escaped.
    static func appendString(_ text: String, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): buffer.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): buffer.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): buffer.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): buffer.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): buffer.append(contentsOf: "\\t".utf8)
            case 0x08: buffer.append(contentsOf: "\\b".utf8)
            case 0x0C: buffer.append(contentsOf: "\\f".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                buffer.append(contentsOf: "\\u00".utf8)
                buffer.append(hex[Int(byte >> 4)])
                buffer.append(hex[Int(byte & 0x0F)])
            default:
                buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }
}
