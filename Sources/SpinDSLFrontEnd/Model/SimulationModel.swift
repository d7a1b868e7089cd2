/// What an unbound named effect does.
package struct SimulationModel: Sendable {
    /// `after`: the latency of outcomes without their own.
    package let delay: TimerDuration?
    /// The outcomes: one for `emit`, one per choice for `choose`, each with its own `after`.
    package let outcome: [(weight: Int, delay: TimerDuration?, emit: EmitModel)]
}
