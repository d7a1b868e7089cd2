import SpinDSLFrontEnd

/// One spin's state at a moment, by name: its control state and its data fields, as Swift values.
/// `Codable`: as JSON it reads `{"spin":"Turnstile","state":"locked","data":{"credit":25,…}}`.
public struct SpinSnapshot: Codable, Sendable, Hashable {
    /// A data field's value: enum values are their case names.
    public enum Value: Codable, Sendable, Hashable, CustomStringConvertible {
        case int(Int64)
        case double(Double)
        case bool(Bool)
        case string(String)
        /// A duration (a whole number of milliseconds); in JSON its text, such as `"1.5s"`.
        case duration(Duration)
        /// A case of an enumeration, by name.
        case enumCase(String)

        /// The value as a JSON scalar: a number, a bool, or a string (a case name is a string).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .int(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .bool(let value): try container.encode(value)
            case .string(let value), .enumCase(let value): try container.encode(value)
            case .duration: try container.encode(description)
            }
        }

        /// Reads a JSON scalar back: a bool, an integer that fits in 64 bits as `int`, any other
        /// number as `double`, a string as `string` (JSON does not tell a case name or a duration's
        /// text from a string; a double written without a fraction, such as `2`, reads back as an
        /// int).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Int64.self) {
                self = .int(value)
            } else if let value = try? container.decode(Double.self) {
                self = .double(value)
            } else {
                self = .string(try container.decode(String.self))
            }
        }

        /// As in a trace: `25`, `0.5`, `true`, `text`, `1.5s`, `heat`.
        public var description: String {
            switch self {
            case .int(let value): return String(value)
            case .double(let value): return SpinValue.format(value)
            case .bool(let value): return value ? "true" : "false"
            case .string(let value), .enumCase(let value): return value
            case .duration(let value): return SpinValue.format(milliseconds: Self.milliseconds(value))
            }
        }

        /// A duration's whole milliseconds (truncated), saturating at 64 bits.
        static func milliseconds(_ duration: Duration) -> Int64 {
            let (seconds, attoseconds) = duration.components
            let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
            guard !overflow else { return seconds < 0 ? .min : .max }
            let (sum, overflowed) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
            return overflowed ? (seconds < 0 ? .min : .max) : sum
        }
    }

    /// The spin's name.
    public let spin: String
    /// The control state's name, or nil for a spin without control states.
    public let state: String?
    /// The data fields by name.
    public let data: [String: Value]

    /// Creates a snapshot.
    public init(spin: String, state: String?, data: [String: Value]) {
        self.spin = spin
        self.state = state
        self.data = data
    }
}
