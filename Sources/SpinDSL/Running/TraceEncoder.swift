/// Writes the JSON Lines trace of a spec straight into a byte buffer, byte for byte what
/// `TraceRecord.json` gives, without building a string per field.
///
/// Everything that depends only on the spec (the escaped spin, event, state, field and enum case
/// names, and the fixed JSON between them) is encoded once, when the encoder is made, into one
/// block of bytes with flat tables of where each piece is; a step then costs a few `memcpy`s of
/// those pieces and its numbers written digit by digit, with no reference counting. Only strings
/// and doubles in the data, and feedback names, are formatted per step.
public struct TraceEncoder: Sendable {
    /// A run of bytes in `pieces`.
    private struct Piece {
        var start: Int
        var count: Int
    }

    private struct SpinEntry {
        /// Its events in `events`.
        var eventStart: Int
        var eventCount: Int
        /// `,"spin":"S","event":{"name":"error","payload":` for an event kind the spin does not
        /// declare (a recorded fault).
        var unknownEventPrefix: Piece
        /// Its control state names in `controls`.
        var controlStart: Int
        var controlCount: Int
        var hasControlStates: Bool
        /// Its data fields in `fields`.
        var dataStart: Int
        var dataCount: Int
    }

    private struct EventEntry {
        /// `,"spin":"S","event":{"name":"E","payload":`
        var prefix: Piece
        /// Its payload fields in `fields`.
        var fieldStart: Int
        var fieldCount: Int
    }

    private struct FieldEntry {
        /// `"name":`
        var key: Piece
        /// Its case names in `cases` (an enumeration; none for other types).
        var caseStart: Int
        var caseCount: Int
        /// Its type in `types`, for values written the slow way.
        var type: Int
    }

    /// Every piece, back to back.
    private let pieces: PieceStore
    private let spins: [SpinEntry]
    private let events: [EventEntry]
    private let fields: [FieldEntry]
    /// Control state names as JSON strings.
    private let controls: [Piece]
    /// Enumeration case names as JSON strings.
    private let cases: [Piece]
    private let types: [ValueType]

    /// Encodes the names of `model` once.
    public init(_ model: SpecModel) {
        var bytes: [UInt8] = []
        func piece(_ text: String) -> Piece {
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            return Piece(start: start, count: bytes.count &- start)
        }
        var spins: [SpinEntry] = []
        var events: [EventEntry] = []
        var fields: [FieldEntry] = []
        var controls: [Piece] = []
        var cases: [Piece] = []
        var types: [ValueType] = []
        func field(name: String, type: ValueType) -> FieldEntry {
            let key = piece(JSONText.string(name) + ":")
            let caseStart = cases.count
            if case .enumeration(let enumType) = type {
                cases.append(contentsOf: enumType.cases.map { piece(JSONText.string($0)) })
            }
            types.append(type)
            return FieldEntry(key: key, caseStart: caseStart, caseCount: cases.count &- caseStart, type: types.count &- 1)
        }
        for spin in model.spins {
            let spinName = JSONText.string(spin.name.text)
            func prefix(_ eventName: String) -> String {
                ",\"spin\":" + spinName + ",\"event\":{\"name\":" + JSONText.string(eventName) + ",\"payload\":"
            }
            let eventStart = events.count
            for event in spin.events {
                let eventPrefix = piece(prefix(event.name.text))
                let fieldStart = fields.count
                fields.append(contentsOf: event.fields.map { field(name: $0.name.text, type: $0.type) })
                events.append(EventEntry(prefix: eventPrefix, fieldStart: fieldStart, fieldCount: fields.count &- fieldStart))
            }
            let unknownEventPrefix = piece(prefix("error"))
            let controlStart = controls.count
            controls.append(contentsOf: spin.states.map { piece(JSONText.string($0.text)) })
            let dataStart = fields.count
            fields.append(contentsOf: spin.fields.map { field(name: $0.name.text, type: $0.type) })
            spins.append(SpinEntry(
                eventStart: eventStart, eventCount: events.count &- eventStart, unknownEventPrefix: unknownEventPrefix,
                controlStart: controlStart, controlCount: controls.count &- controlStart, hasControlStates: spin.hasControlStates,
                dataStart: dataStart, dataCount: fields.count &- dataStart))
        }
        self.pieces = PieceStore(bytes)
        self.spins = spins
        self.events = events
        self.fields = fields
        self.controls = controls
        self.cases = cases
        self.types = types
    }

    /// Appends the JSON Lines form of `step`, newline included.
    public func appendLine(_ step: TraceStep, to buffer: inout TraceBuffer) {
        guard spins.indices.contains(step.spin) else {
            // Not a spin of this spec (a step of another run): the record's own fallback text.
            buffer.append(TraceRecord.foreign(step).json)
            buffer.append(UInt8(ascii: "\n"))
            return
        }
        let spin = spins[step.spin]
        buffer.append("{\"step\":" as StaticString)
        Self.appendInteger(Int64(truncatingIfNeeded: step.number), to: &buffer)
        buffer.append(",\"time\":" as StaticString)
        Self.appendInteger(step.time, to: &buffer)
        let kind = step.event.kind
        if kind >= 0, kind < spin.eventCount {
            let event = events[spin.eventStart &+ kind]
            append(event.prefix, to: &buffer)
            appendObject(fieldStart: event.fieldStart, fieldCount: event.fieldCount, step.event.payload, to: &buffer)
        } else {
            append(spin.unknownEventPrefix, to: &buffer)
            buffer.append("{}" as StaticString)
        }
        buffer.append("},\"source\":" as StaticString)
        switch step.origin {
        case .input:
            buffer.append("\"input\"" as StaticString)
        case .feedback(_, let name?):
            Self.appendString(name, to: &buffer)
        case .feedback(let index, nil):
            buffer.append("\"feedback#" as StaticString)
            Self.appendInteger(Int64(truncatingIfNeeded: index), to: &buffer)
            buffer.append(UInt8(ascii: "\""))
        }
        buffer.append(",\"from\":" as StaticString)
        appendControl(step.from, of: spin, to: &buffer)
        buffer.append(",\"to\":" as StaticString)
        appendControl(step.state.control, of: spin, to: &buffer)
        buffer.append(",\"state\":" as StaticString)
        appendObject(fieldStart: spin.dataStart, fieldCount: spin.dataCount, step.state.data, to: &buffer)
        buffer.append("}\n" as StaticString)
    }

    /// Appends the JSON Lines form of `step`, newline included.
    public func appendLine(_ step: TraceStep, to bytes: inout [UInt8]) {
        var buffer = TraceBuffer(capacity: 256)
        appendLine(step, to: &buffer)
        buffer.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    private func append(_ piece: Piece, to buffer: inout TraceBuffer) {
        buffer.append(pieces.base + piece.start, count: piece.count)
    }

    private func appendControl(_ index: Int, of spin: SpinEntry, to buffer: inout TraceBuffer) {
        if !spin.hasControlStates {
            buffer.append("null" as StaticString)
        } else if index >= 0, index < spin.controlCount {
            append(controls[spin.controlStart &+ index], to: &buffer)
        } else {
            buffer.append("\"#" as StaticString)
            Self.appendInteger(Int64(truncatingIfNeeded: index), to: &buffer)
            buffer.append(UInt8(ascii: "\""))
        }
    }

    /// `{"a":1,"b":true}`: as many fields as both the declaration and the values have, like `zip`.
    private func appendObject(fieldStart: Int, fieldCount: Int, _ values: [SpinValue], to buffer: inout TraceBuffer) {
        buffer.append(UInt8(ascii: "{"))
        for offset in 0..<min(fieldCount, values.count) {
            if offset > 0 { buffer.append(UInt8(ascii: ",")) }
            let field = fields[fieldStart &+ offset]
            append(field.key, to: &buffer)
            switch values[offset] {
            case .int(let number):
                Self.appendInteger(number, to: &buffer)
            case .bool(let flag):
                if flag { buffer.append("true" as StaticString) } else { buffer.append("false" as StaticString) }
            case .symbol(let index) where index >= 0 && index < field.caseCount:
                append(cases[field.caseStart &+ index], to: &buffer)
            case .string(let text):
                Self.appendString(text, to: &buffer)
            case let value:
                buffer.append(value.json(as: types[field.type]))
            }
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// Decimal digits, with a minus sign when negative.
    static func appendInteger(_ value: Int64, to buffer: inout TraceBuffer) {
        var magnitude = value.magnitude
        // A sign and at most 20 digits.
        let start = buffer.room(21)
        var length = 0
        if value < 0 {
            start.pointee = UInt8(ascii: "-")
            length = 1
        }
        var digits = 1
        var threshold: UInt64 = 10
        while digits < 20, magnitude >= threshold {
            digits &+= 1
            threshold &*= 10
        }
        length &+= digits
        var position = start + length
        repeat {
            position -= 1
            position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        buffer.advance(by: length)
    }

    /// Decimal digits, with a minus sign when negative.
    static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        var buffer = TraceBuffer(capacity: 64)
        appendInteger(value, to: &buffer)
        buffer.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// `text` as a JSON string literal, escaped exactly as `SpinValue.jsonString` does it.
    ///
    /// Working on UTF-8 bytes gives the same result as working on scalars: every byte of a
    /// multi-byte scalar is 0x80 or above, and only ASCII characters are escaped. Runs of bytes
    /// that need no escape (usually the whole text) are copied at once.
    static func appendString(_ text: String, to buffer: inout TraceBuffer) {
        buffer.append(UInt8(ascii: "\""))
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return }
            var runStart = 0
            for (offset, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                buffer.append(base + runStart, count: offset &- runStart)
                appendEscape(byte, to: &buffer)
                runStart = offset &+ 1
            }
            buffer.append(base + runStart, count: bytes.count &- runStart)
        }
        if copied == nil {
            for byte in text.utf8 {
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    appendEscape(byte, to: &buffer)
                } else {
                    buffer.append(byte)
                }
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string literal, escaped exactly as `SpinValue.jsonString` does it.
    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        var buffer = TraceBuffer(capacity: 64)
        appendString(text, to: &buffer)
        buffer.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// The escape of a control character, a quote or a backslash.
    private static func appendEscape(_ byte: UInt8, to buffer: inout TraceBuffer) {
        switch byte {
        case UInt8(ascii: "\""): buffer.append("\\\"" as StaticString)
        case UInt8(ascii: "\\"): buffer.append("\\\\" as StaticString)
        case UInt8(ascii: "\n"): buffer.append("\\n" as StaticString)
        case UInt8(ascii: "\r"): buffer.append("\\r" as StaticString)
        case UInt8(ascii: "\t"): buffer.append("\\t" as StaticString)
        case 0x08: buffer.append("\\b" as StaticString)
        case 0x0C: buffer.append("\\f" as StaticString)
        default:
            // Below 0x20: `\u00` and two lowercase hex digits.
            buffer.append("\\u00" as StaticString)
            buffer.append(hexDigit(byte >> 4))
            buffer.append(hexDigit(byte & 0x0F))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
    }
}

/// The bytes of `TraceEncoder`'s pieces, in memory that is never written after it is made, so
/// that the encoder reads them through a plain pointer (no array, no reference counting per step).
private final class PieceStore: Sendable {
    // `UnsafeMutablePointer` is not Sendable; the bytes are written once, in `init`, and only read
    // after that.
    nonisolated(unsafe) let base: UnsafeMutablePointer<UInt8>

    init(_ bytes: [UInt8]) {
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        bytes.withUnsafeBufferPointer { source in
            if let start = source.baseAddress { base.initialize(from: start, count: source.count) }
        }
    }

    deinit {
        base.deallocate()
    }
}
