/// The texts of `spinrun --check`'s findings and diagnostics, in one place.
enum CheckMessages {
    static func deadEnd(waiting spins: [String]) -> String {
        let names = spins.map { "'\($0)'" }.joined(separator: ", ")
        let which = spins.count == 1 ? "spin \(names) is" : "spins \(names) are"
        return "dead end: no input and no timer changes anything, and \(which) not in a final state"
    }

    static func livelock(steps: Int) -> String {
        "the spins do not settle: more than \(steps) steps after one move, with no input and no time passing"
    }

    static func queueFull(spin: String) -> String {
        "the queue of spin '\(spin)' does not stop growing after one move"
    }

    static func rowNeverFires(event: String) -> String {
        "this row never fires in any reachable state (on '\(event)')"
    }

    static let rowNeverFiresHint = "check its 'from' states and its guard, or remove it"

    static func ruleNeverActs(_ rule: String) -> String {
        "rule '\(rule)' never acts in any reachable state"
    }

    static let ruleNeverActsHint = "check its trigger, or remove it"

    static func stateNeverReached(_ state: String, spin: String) -> String {
        "state '\(state)' of spin '\(spin)' is never reached"
    }

    static let stateNeverReachedHint = "no run reaches it from the initial state with these inputs and payloads"

    static func payloadNeedsValues(field: String, event: String, type: ValueType) -> String {
        "input '\(event)' has \(type == .int ? "an" : "a") \(type) payload field '\(field)' without 'values': --check does not know which payloads to try"
    }

    static func payloadNeedsValuesHint(field: String, type: ValueType) -> String {
        let example = switch type {
        case .double: "[0.5, 1.0]"
        case .string: "[\"a\", \"b\"]"
        default: "[10, 25]"
        }
        return "write it as '\(field): { type: \(type), values: \(example) }'"
    }
}
