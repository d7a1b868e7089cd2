/// What an unbound named effect does.
struct SimulationModel: Sendable {
    /// `after`: the latency of outcomes without their own.
    let delay: TimerDuration?
    /// The outcomes: one for `emit`, one per choice for `choose`, each with its own `after`.
    let outcome: [(weight: Int, delay: TimerDuration?, emit: EmitModel)]
}
