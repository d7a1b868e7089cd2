import SpinDSLFrontEnd

extension TraceRecord {
    /// The record of `step`, with its names, payload and data as text.
    public init(_ step: TraceStep, in model: SpecModel) {
        guard model.spins.indices.contains(step.spin) else {
            self = .foreign(step)
            return
        }
        let spin = model.spins[step.spin]
        self.init(
            step: step.number, time: step.time, spin: spin.name.text, event: spin.eventName(step.event),
            payloadJSON: spin.payloadJSON(step.event), source: step.origin.description,
            from: spin.controlName(step.from), to: spin.controlName(step.state.control),
            dataText: spin.dataText(step.state.data),
            changed: step.changed)
        if let reentry = step.reentry {
            exited = spin.stateNames(reentry.exited)
            entered = spin.stateNames(reentry.entered)
        }
        isDeferred = !step.event.hasFault && (spin.statechart?.deferral?.defers(step.from, step.event.kind) ?? false)
    }

    /// The record of a step whose spin is not in the model at hand (a step of another run):
    /// indices instead of names.
    static func foreign(_ step: TraceStep) -> TraceRecord {
        TraceRecord(
            step: step.number, time: step.time, spin: "#\(step.spin)", event: "#\(step.event.kind)",
            payloadJSON: "{}", source: step.origin.description, from: nil, to: nil, dataText: "", changed: step.changed)
    }
}
