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

extension SpecModel {
    /// Whether a text trace of this spec can hold a control character at all: one of its names
    /// has one, or some data or payload field is a string (whose value may). When not, a trace
    /// writer need not look for them (`TerminalText`) on every line.
    package var mayShowControlCharacters: Bool {
        func has(_ text: String) -> Bool { text.unicodeScalars.contains(where: TerminalText.isControl) }
        return spins.contains { spin in
            has(spin.name.text) || spin.states.contains { has($0.text) } || spin.feedbacks.contains { has($0.name.text) }
                || spin.fields.contains { $0.type == .string || has($0.name.text) }
                || spin.events.contains { event in has(event.name.text) || event.fields.contains { $0.type == .string || has($0.name.text) } }
                || spin.fields.contains { if case .enumeration(let type) = $0.type { type.cases.contains(where: has) } else { false } }
        }
    }
}
