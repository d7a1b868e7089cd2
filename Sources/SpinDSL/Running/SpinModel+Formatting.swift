extension SpinModel {
    /// The name of control state `index`, or nil for a data-only spin.
    func controlName(_ index: Int) -> String? {
        guard !states.isEmpty else { return nil }
        return states.indices.contains(index) ? states[index].text : "#\(index)"
    }

    /// The data as a JSON object, fields in declaration order.
    func dataJSON(_ data: [SpinValue]) -> String {
        "{" + zip(fields, data).map { "\(JSONText.string($0.name.text)):\($1.json(as: $0.type))" }.joined(separator: ",") + "}"
    }

    /// The data as `name=value` pairs.
    func dataText(_ data: [SpinValue]) -> String {
        zip(fields, data).map { "\($0.name.text)=\($1.formatted(as: $0.type))" }.joined(separator: " ")
    }

    /// An event's payload as a JSON object.
    func payloadJSON(_ event: SpecEvent) -> String {
        guard events.indices.contains(event.kind) else { return "{}" }
        return "{" + zip(events[event.kind].fields, event.payload).map { "\(JSONText.string($0.name.text)):\($1.json(as: $0.type))" }.joined(separator: ",") + "}"
    }

    /// An event's name.
    func eventName(_ event: SpecEvent) -> String {
        events.indices.contains(event.kind) ? events[event.kind].name.text : "error"
    }
}
