import SpinDSLFrontEnd
import SpinDSLRunner

/// The values of the catalog's `--check` messages that take some putting together.
enum CheckMessages {
    /// `spin 'A' is` or `spins 'A', 'B' are`, for `DeadEnd`.
    static func waiting(_ spins: [String]) -> String {
        let names = spins.map { "'\($0)'" }.joined(separator: ", ")
        return spins.count == 1 ? "spin \(names) is" : "spins \(names) are"
    }

    /// What `NeverSettles` found: the bound on a move's steps reached, or a ring.
    static func neverSettles(steps: Int, ringLength: Int?) -> String {
        guard let ringLength else { return "more than \(steps) steps after one move" }
        let every = ringLength == 1 ? "at every step" : "every \(ringLength) steps"
        return "after one move they come back to the same state \(every) (found at step \(steps) of the move)"
    }

    /// `PayloadWithoutValues` for field `field` of input `event`, with its example.
    static func payloadWithoutValues(field: Name, event: String, type: ValueType, at location: SourceLocation) -> Diagnostic {
        let article = type == .int ? "an" : "a"
        let example = switch type {
        case .double: "[0.5, 1.0]"
        case .string: "[\"a\", \"b\"]"
        case .duration: "[100ms, 1s]"
        default: "[10, 25]"
        }
        return Diagnostic(.payloadWithoutValues, at: location, [
            "event": event, "type": "\(article) \(type)", "field": field.text, "name": type, "example": example,
        ])
    }
}
