extension SpinModel {
    /// The name of configuration `index`: its active state, or `[a, b]` with parallel regions;
    /// nil for a data-only spin.
    package func controlName(_ index: Int) -> String? {
        guard !states.isEmpty else { return nil }
        return configurations.names.indices.contains(index) ? configurations.names[index] : "#\(index)"
    }

    /// Configuration `index` as JSON: its active state as a string, or the array of its active
    /// states in document order with parallel regions; `null` for a data-only spin.
    package func controlJSON(_ index: Int) -> String {
        guard !states.isEmpty else { return "null" }
        guard index >= 0, index < configurations.count else { return JSONText.string("#\(index)") }
        let leaves = configurations.leaves(of: index).map { states.indices.contains($0) ? states[$0].text : "#\($0)" }
        if leaves.count == 1 { return JSONText.string(leaves[0]) }
        return "[" + leaves.map(JSONText.string).joined(separator: ",") + "]"
    }

    /// The names of states `indices` (a re-entry's), `#N` for an index the spin does not have.
    package func stateNames(_ indices: [Int]) -> [String] {
        indices.map { states.indices.contains($0) ? states[$0].text : "#\($0)" }
    }

    /// The data as a JSON object, fields in declaration order.
    package func dataJSON(_ data: [SpinValue]) -> String {
        "{" + zip(visibleFields, data).map { "\(JSONText.string($0.name.text)):\($1.json(as: $0.type))" }.joined(separator: ",") + "}"
    }

    /// The data as `name=value` pairs.
    package func dataText(_ data: [SpinValue]) -> String {
        zip(visibleFields, data).map { "\($0.name.text)=\($1.formatted(as: $0.type))" }.joined(separator: " ")
    }

    /// An event's payload as a JSON object.
    package func payloadJSON(_ event: SpecEvent) -> String {
        guard events.indices.contains(event.kind) else { return "{}" }
        return "{" + zip(events[event.kind].fields, event.payload).map { "\(JSONText.string($0.name.text)):\($1.json(as: $0.type))" }.joined(separator: ",") + "}"
    }

    /// An event's name (empty for the eventless pseudo-event).
    package func eventName(_ event: SpecEvent) -> String {
        if event.kind == eventlessKind, !event.hasFault { return "" }
        return events.indices.contains(event.kind) ? events[event.kind].name.text : "error"
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
