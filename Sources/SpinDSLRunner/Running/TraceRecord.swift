import SpinDSLFrontEnd

/// One reduced event of a run, ready to print: the JSON Lines trace has one object per record.
public struct TraceRecord: Sendable, Equatable {
    /// 1 for the first reduced event of the run, across all spins.
    public let step: Int
    /// Virtual (or wall-clock) time since the start, in milliseconds.
    public let time: Int64
    /// The spin that reduced the event.
    public let spin: String
    /// The event's name.
    public let event: String
    /// The payload as JSON (`{"amount":25}`).
    public let payloadJSON: String
    /// The feedback rule that emitted the event, or `input`.
    public let source: String
    /// The control state before and after (the active state, or `[a, b]` with parallel regions),
    /// or nil for a data-only spin.
    public let from: String?
    public let to: String?
    /// `from` and `to` as JSON: a string, an array of the active states with parallel regions, or
    /// `null`.
    public let fromJSON: String
    public let toJSON: String
    /// Whether the step took eventless rows (its event is `null` in JSON).
    public let isEventless: Bool
    /// The data after the step as JSON (`{"left":11,"right":20}`).
    public let dataJSON: String
    /// The data after the step as `name=value` pairs for the text trace.
    public let dataText: String
    /// Whether the step changed the state.
    public let changed: Bool
    /// When the step exited states and entered some of them again: the states exited, in exit
    /// order, and entered, in entry order; both empty otherwise.
    public var exited: [String] = []
    public var entered: [String] = []
    /// Whether the event was deferred (`defer:`): kept for later, not reduced.
    public var isDeferred = false

    /// The JSON Lines form.
    public var json: String {
        "{\"step\":\(step),\"time\":\(time),\"spin\":\(JSONText.string(spin)),\"event\":\(isEventless ? "null" : "{\"name\":\(JSONText.string(event)),\"payload\":\(payloadJSON)}"),\"source\":\(JSONText.string(source)),\"from\":\(fromJSON),\"to\":\(toJSON),\"state\":\(dataJSON)\(Self.reentryJSON(exited: exited, entered: entered))\(changed ? "" : ",\"changed\":false")}"
    }

    /// The members a re-entering step adds to its JSON object (`,"exited":[…],"entered":[…]`),
    /// or nothing for a step that re-entered no state: the one place both JSON writers
    /// (`json`, `TraceEncoder`) take them from.
    static func reentryJSON(exited: [String], entered: [String]) -> String {
        guard !exited.isEmpty || !entered.isEmpty else { return "" }
        func list(_ names: [String]) -> String { "[" + names.map(JSONText.string).joined(separator: ",") + "]" }
        return ",\"exited\":" + list(exited) + ",\"entered\":" + list(entered)
    }

    /// The states the step left and entered again (exited and entered), in entry order, for the
    /// text trace.
    public var reentered: [String] {
        entered.filter(exited.contains)
    }
}
