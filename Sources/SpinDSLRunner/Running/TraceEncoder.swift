import SpinDSLFrontEnd

/// Writes the JSON Lines trace of a spec straight into a byte buffer, without building a string
/// per field: the one writer of a trace's step lines (`spinrun --format jsonl`, `--replay`, a
/// counterexample's file, the viewer's page).
///
/// Everything that depends only on the spec (the escaped spin, event, state, field and enum case
/// names, and the fixed JSON between them) is encoded once, when the encoder is made, into one
/// block of bytes with flat tables of where each piece is; a step then costs a few copies of
/// those pieces and its numbers written digit by digit, with no reference counting. Only strings
/// and doubles in the data, and feedback names, are formatted per step.
///
/// A line is put together from as few pieces as the spec allows:
///
/// ```
/// {"step":  1  ,"time":  0  ,"spin":"Levels","event":{"name":"increaseLeft","payload":{}},"source":
/// "leftEffect"  ,"from":null,"to":null,"state":{  "left":  1  ,"right":  20  }}⏎
/// ```
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
        /// `,"spin":"S","event":{"name":"error","payload":{}},"source":` for an event kind the spin
        /// does not declare (a recorded fault).
        var unknownEvent: Piece
        /// `,"spin":"S","event":null,"source":` for a step of eventless rows.
        var eventless: Piece
        /// Its control states in `fromStates` and `toStates`.
        var controlStart: Int
        var controlCount: Int
        var hasControlStates: Bool
        /// Its data fields in `fields`.
        var dataStart: Int
        var dataCount: Int
    }

    private struct EventEntry {
        /// `,"spin":"S","event":{"name":"E","payload":{`, and when the event has no fields, the
        /// rest up to the source too: `}},"source":`.
        var head: Piece
        /// Its payload fields in `fields`.
        var fieldStart: Int
        var fieldCount: Int
    }

    private struct FieldEntry {
        /// `"name":`, with a comma before it for every field but the first.
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
    /// Per control state: `,"from":"name"`.
    private let fromStates: [Piece]
    /// Per control state: `,"to":"name","state":{`.
    private let toStates: [Piece]
    /// Enumeration case names as JSON strings.
    private let cases: [Piece]
    private let types: [ValueType]
    /// The spins, for the names of the states a step re-enters (rare: written the slow way).
    private let spinModels: [SpinModel]

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
        var fromStates: [Piece] = []
        var toStates: [Piece] = []
        var cases: [Piece] = []
        var types: [ValueType] = []
        func appendFields(_ declared: [(name: String, type: ValueType)]) {
            for (offset, field) in declared.enumerated() {
                let key = piece((offset > 0 ? "," : "") + JSONText.string(field.name) + ":")
                let caseStart = cases.count
                if case .enumeration(let enumType) = field.type {
                    cases.append(contentsOf: enumType.cases.map { piece(JSONText.string($0)) })
                }
                types.append(field.type)
                fields.append(FieldEntry(key: key, caseStart: caseStart, caseCount: cases.count &- caseStart, type: types.count &- 1))
            }
        }
        for spin in model.spins {
            let spinName = JSONText.string(spin.name.text)
            func head(_ eventName: String) -> String {
                ",\"spin\":" + spinName + ",\"event\":{\"name\":" + JSONText.string(eventName) + ",\"payload\":{"
            }
            let eventStart = events.count
            for event in spin.events {
                let fieldStart = fields.count
                let eventHead = piece(head(event.name.text) + (event.fields.isEmpty ? Self.payloadEnd : ""))
                appendFields(event.fields.map { ($0.name.text, $0.type) })
                events.append(EventEntry(head: eventHead, fieldStart: fieldStart, fieldCount: fields.count &- fieldStart))
            }
            let unknownEvent = piece(head("error") + Self.payloadEnd)
            let eventless = piece(",\"spin\":" + spinName + ",\"event\":null,\"source\":")
            let controlStart = fromStates.count
            if spin.hasControlStates {
                // Per configuration: its active state, or the array of them with parallel regions.
                for configuration in 0..<spin.controlCount {
                    let json = spin.controlJSON(configuration)
                    fromStates.append(piece(",\"from\":" + json))
                    toStates.append(piece(",\"to\":" + json + Self.stateStart))
                }
            }
            let dataStart = fields.count
            appendFields(spin.visibleFields.map { ($0.name.text, $0.type) })
            spins.append(SpinEntry(
                eventStart: eventStart, eventCount: events.count &- eventStart, unknownEvent: unknownEvent, eventless: eventless,
                controlStart: controlStart, controlCount: fromStates.count &- controlStart, hasControlStates: spin.hasControlStates,
                dataStart: dataStart, dataCount: fields.count &- dataStart))
        }
        self.pieces = PieceStore(bytes)
        self.spins = spins
        self.events = events
        self.fields = fields
        self.fromStates = fromStates
        self.toStates = toStates
        self.cases = cases
        self.types = types
        self.spinModels = model.spins
    }

    /// What follows the payload's fields, up to the source.
    private static let payloadEnd = "}},\"source\":"
    /// What follows the `to` state, up to the data's fields.
    private static let stateStart = ",\"state\":{"

    /// Appends the JSON Lines form of `step`, newline included.
    public func appendLine(_ step: TraceStep, to buffer: inout TraceBuffer) {
        guard spins.indices.contains(step.spin) else {
            appendForeignLine(step, to: &buffer)
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
            append(event.head, to: &buffer)
            if event.fieldCount > 0 {
                appendFields(start: event.fieldStart, count: event.fieldCount, step.event.payload, to: &buffer)
                buffer.append("}},\"source\":" as StaticString)
            }
        } else if kind == spin.eventCount, !step.event.hasFault {
            append(spin.eventless, to: &buffer)
        } else {
            append(spin.unknownEvent, to: &buffer)
        }
        switch step.origin {
        case .input:
            buffer.append("\"input\"" as StaticString)
        case .feedback(_, let name?):
            Self.appendString(name, to: &buffer)
        case .feedback(let index, nil):
            buffer.append("\"feedback#" as StaticString)
            Self.appendInteger(Int64(truncatingIfNeeded: index), to: &buffer)
            buffer.append(UInt8(ascii: "\""))
        case .internal(let source):
            Self.appendString(source, to: &buffer)
        }
        if !spin.hasControlStates {
            buffer.append(",\"from\":null,\"to\":null,\"state\":{" as StaticString)
        } else {
            let from = step.from, to = step.state.control
            if from >= 0, from < spin.controlCount {
                append(fromStates[spin.controlStart &+ from], to: &buffer)
            } else {
                buffer.append(",\"from\":\"#" as StaticString)
                Self.appendInteger(Int64(truncatingIfNeeded: from), to: &buffer)
                buffer.append(UInt8(ascii: "\""))
            }
            if to >= 0, to < spin.controlCount {
                append(toStates[spin.controlStart &+ to], to: &buffer)
            } else {
                buffer.append(",\"to\":\"#" as StaticString)
                Self.appendInteger(Int64(truncatingIfNeeded: to), to: &buffer)
                buffer.append("\",\"state\":{" as StaticString)
            }
        }
        appendFields(start: spin.dataStart, count: spin.dataCount, step.state.data, to: &buffer)
        buffer.append(UInt8(ascii: "}"))
        if let reentry = step.reentry, spinModels.indices.contains(step.spin) {
            let model = spinModels[step.spin]
            buffer.append(Self.reentryJSON(exited: model.stateNames(reentry.exited), entered: model.stateNames(reentry.entered)))
        }
        appendEnd(changed: step.changed, to: &buffer)
    }

    /// The line of a step whose spin is not in this spec (a step of another run): indices instead
    /// of names, no payload, no data.
    private func appendForeignLine(_ step: TraceStep, to buffer: inout TraceBuffer) {
        buffer.append("{\"step\":" as StaticString)
        Self.appendInteger(Int64(truncatingIfNeeded: step.number), to: &buffer)
        buffer.append(",\"time\":" as StaticString)
        Self.appendInteger(step.time, to: &buffer)
        buffer.append(",\"spin\":\"#" as StaticString)
        Self.appendInteger(Int64(truncatingIfNeeded: step.spin), to: &buffer)
        buffer.append("\",\"event\":{\"name\":\"#" as StaticString)
        Self.appendInteger(Int64(truncatingIfNeeded: step.event.kind), to: &buffer)
        buffer.append("\",\"payload\":{}},\"source\":" as StaticString)
        Self.appendString(step.origin.description, to: &buffer)
        buffer.append(",\"from\":null,\"to\":null,\"state\":{}" as StaticString)
        appendEnd(changed: step.changed, to: &buffer)
    }

    /// The end of a line: a step that changed nothing says so; the others leave it out.
    private func appendEnd(changed: Bool, to buffer: inout TraceBuffer) {
        if changed {
            buffer.append("}\n" as StaticString)
        } else {
            buffer.append(",\"changed\":false}\n" as StaticString)
        }
    }

    /// The members a re-entering step adds to its JSON object (`,"exited":[…],"entered":[…]`),
    /// or nothing for a step that re-entered no state.
    static func reentryJSON(exited: [String], entered: [String]) -> String {
        guard !exited.isEmpty || !entered.isEmpty else { return "" }
        func list(_ names: [String]) -> String { "[" + names.map(JSONText.string).joined(separator: ",") + "]" }
        return ",\"exited\":" + list(exited) + ",\"entered\":" + list(entered)
    }

    /// The JSON Lines form of `step`, without the newline: for a caller that handles one line at a
    /// time (a replay compares lines; a host may log them).
    public func line(_ step: TraceStep) -> String {
        var bytes: [UInt8] = []
        appendLine(step, to: &bytes)
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
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

    /// The members of a JSON object: as many fields as both the declaration and the values
    /// have, like `zip` (`"a":1,"b":true`).
    private func appendFields(start: Int, count: Int, _ values: [SpinValue], to buffer: inout TraceBuffer) {
        for offset in 0..<min(count, values.count) {
            let field = fields[start &+ offset]
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
        // Two digits at a time from the end, from a table of "00" to "99".
        var position = start + length
        Self.digitPairs.withUTF8Buffer { pairs in
            while magnitude >= 10 {
                let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
                magnitude /= 100
                position -= 2
                position[0] = pairs[pair]
                position[1] = pairs[pair &+ 1]
            }
        }
        if position > start + (value < 0 ? 1 : 0) {
            position -= 1
            position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
        }
        buffer.advance(by: length)
    }

    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859606162636465666768697071727374757677787980\
        81828384858687888990919293949596979899
        """

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
