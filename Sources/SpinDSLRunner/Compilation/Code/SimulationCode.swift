import SpinDSLFrontEnd

/// What an unbound named effect does (`SimulationModel`), its latencies and outcomes compiled.
package struct SimulationCode: Sendable {
    /// `after`: the latency of outcomes without their own.
    package let delay: TimerCode?
    /// The outcomes: one for `emit`, one per choice for `choose`, each with its own `after`.
    package let outcome: [(weight: Int, delay: TimerCode?, emit: EmitCode)]

    init(_ model: SimulationModel) {
        delay = model.delay.map(TimerCode.init)
        outcome = model.outcome.map { (weight: $0.weight, delay: $0.delay.map(TimerCode.init), emit: EmitCode($0.emit)) }
    }
}
