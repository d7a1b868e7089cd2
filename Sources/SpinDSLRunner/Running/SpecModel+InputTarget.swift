import SpinDSLFrontEnd

extension SpecModel {
    /// The spin and the event an input named `name` goes to, or the problem, told so that the
    /// user can act on it.
    ///
    /// - `Spin.event` names its spin (whatever `spin` says), unless `Spin` is no spin's name and
    ///   an event's name starts with `Spin.`: it is then an event's name (`door.open`), dots and all.
    /// - Else `spin`, when given, receives it.
    /// - Else the first spin that has `name` as an input; else the first spin that declares it
    ///   (which refuses it as not an input); else the first spin (a spec of one spin).
    ///
    /// - Returns: the spin's index and the event's index in it; the event may not be an input
    ///   (the caller refuses it with `UsageProblem(.notAnInput, …)` when it matters).
    public func inputTarget(_ name: String, spin spinName: String?) -> Result<(spin: Int, event: Int), UsageProblem> {
        var spinName = spinName
        var eventName = name
        if let dot = name.firstIndex(of: "."), spins.contains(where: { $0.name.text == name[..<dot] }) || !hasDottedEvent(prefixedBy: name[...dot]) {
            spinName = String(name[..<dot])
            eventName = String(name[name.index(after: dot)...])
        }
        if let spinName {
            guard let index = spins.firstIndex(where: { $0.name.text == spinName }) else {
                return .failure(unknownSpin(spinName))
            }
            guard let event = spins[index].eventIndex(named: eventName) else {
                return .failure(unknownEvent(eventName, in: index))
            }
            return .success((index, event))
        }
        if let index = spins.firstIndex(where: { $0.events.contains { $0.isInput && $0.name.text == eventName } })
            ?? spins.firstIndex(where: { $0.eventIndex(named: eventName) != nil }),
           let event = spins[index].eventIndex(named: eventName) {
            return .success((index, event))
        }
        guard !spins.isEmpty else { return .failure(UsageProblem(.specWithoutSpins)) }
        if spins.count == 1 { return .failure(unknownEvent(eventName, in: 0)) }
        // Several spins, none has it: the nearest input of any spin, qualified with its spin.
        let inputs = spins.flatMap { spin in spin.events.filter(\.isInput).map { (spin: spin.name.text, event: $0.name.text) } }
        let nearest = Suggestion.closest(to: eventName, in: inputs.map(\.event))
        let suggestion = inputs.first { $0.event == nearest }.map { "did you mean '\($0.spin).\($0.event)'?" }
        let list = inputs.isEmpty ? "none" : inputs.map { "\($0.spin).\($0.event)" }.joined(separator: ", ")
        return .failure(UsageProblem(.noSpinHasEvent, ["event": eventName, "inputs": list], suggestion: suggestion))
    }

    /// Whether some spin declares an event whose name starts with `prefix` (`door.`).
    private func hasDottedEvent(prefixedBy prefix: Substring) -> Bool {
        spins.contains { spin in spin.events.contains { $0.name.text.hasPrefix(prefix) } }
    }

    /// `unknown spin 'X'`, with the nearest name and the list of the spins.
    public func unknownSpin(_ name: String) -> UsageProblem {
        let names = spins.map(\.name.text)
        let list = names.joined(separator: ", ")
        let suggestion = Suggestion.hint(for: name, in: names).map { "\($0) (the spins: \(list))" }
        return UsageProblem(.unknownSpin, ["spin": name, "spins": list], suggestion: suggestion)
    }

    /// `spin 'S' has no event 'e'`, with the spins that do have it (the `--spin` to use), or the
    /// nearest input of this spin.
    private func unknownEvent(_ event: String, in index: Int) -> UsageProblem {
        let spin = spins[index]
        let others = spins.filter { $0.eventIndex(named: event) != nil }.map(\.name.text)
        let suggestion: String?
        if let other = others.first {
            let which = others.count == 1 ? "spin '\(other)' has it" : "spins " + others.map { "'\($0)'" }.joined(separator: ", ") + " have it"
            suggestion = "\(which): --spin \(other), or '\(other).\(event)'"
        } else {
            let inputs = spin.events.filter(\.isInput).map(\.name.text)
            suggestion = Suggestion.hint(for: event, in: inputs.isEmpty ? spin.events.map(\.name.text) : inputs)
        }
        return UsageProblem(.unknownInputEvent, ["spin": spin.name, "event": event], suggestion: suggestion)
    }
}
