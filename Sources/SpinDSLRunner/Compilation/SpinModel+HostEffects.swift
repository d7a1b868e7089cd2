import SpinDSLFrontEnd

extension SpinModel {
    /// The request a host effect receives for `state`.
    func request(for state: SpecState, effect: String) -> EffectRequest {
        var data: [String: SpinValue] = [:]
        for (slot, field) in fields.enumerated() where slot < state.data.count {
            data[field.name.text] = state.data[slot]
        }
        return EffectRequest(spin: name.text, effect: effect, controlState: controlName(state.control), data: data)
    }

    /// The event a host effect answered (or, for `effect` nil, an input sent into the run),
    /// checked against the spec.
    func event(from answer: HostEvent, location: SourceLocation, effect: String?) -> SpecEvent {
        guard let kind = eventIndex(named: answer.name) else {
            guard let effect else {
                return .failure(SpecFault(.unknownInputEvent, at: location, ["spin": name, "event": answer.name]))
            }
            return .failure(SpecFault(.effectAnswerUnknownEvent, at: location, ["effect": effect, "event": answer.name]))
        }
        let event = events[kind]
        var payload: [SpinValue] = []
        for field in event.fields {
            guard let value = answer.payload[field.name.text], value.fits(field.type) else {
                let values: KeyValuePairs<String, any CustomStringConvertible> = [
                    "effect": effect ?? "", "event": answer.name, "field": field.name, "type": field.type,
                ]
                return .failure(SpecFault(effect == nil ? .inputInvalidField : .effectAnswerInvalidField, at: location, values))
            }
            payload.append(value)
        }
        if let extra = answer.payload.keys.sorted().first(where: { key in !event.fields.contains { $0.name.text == key } }) {
            let values: KeyValuePairs<String, any CustomStringConvertible> = ["effect": effect ?? "", "event": answer.name, "field": extra]
            return .failure(SpecFault(effect == nil ? .inputUnknownField : .effectAnswerUnknownField, at: location, values))
        }
        return SpecEvent(kind: kind, payload: payload)
    }
}
