extension SpinModel {
    /// The request a host effect receives for `state`.
    func request(for state: SpecState, effect: String) -> EffectRequest {
        var data: [String: SpinValue] = [:]
        for (slot, field) in fields.enumerated() where slot < state.data.count {
            data[field.name.text] = state.data[slot]
        }
        return EffectRequest(spin: name.text, effect: effect, controlState: controlName(state.control), data: data)
    }

    /// The event a host effect answered, checked against the spec.
    func event(from answer: HostEvent, location: SourceLocation, effect: String) -> SpecEvent {
        guard let kind = eventIndex(named: answer.name) else {
            return .failure(SpecFault(location: location, message: "effect '\(effect)' answered with unknown event '\(answer.name)'"))
        }
        let event = events[kind]
        var payload: [SpinValue] = []
        for field in event.fields {
            guard let value = answer.payload[field.name.text], value.fits(field.type) else {
                return .failure(SpecFault(location: location, message: "effect '\(effect)' answered '\(answer.name)' without a valid '\(field.name.text)' (\(field.type))"))
            }
            payload.append(value)
        }
        if let extra = answer.payload.keys.sorted().first(where: { key in !event.fields.contains { $0.name.text == key } }) {
            return .failure(SpecFault(location: location, message: "effect '\(effect)' answered '\(answer.name)' with unknown field '\(extra)'"))
        }
        return SpecEvent(kind: kind, payload: payload)
    }
}
