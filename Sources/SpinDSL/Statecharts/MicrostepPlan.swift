/// A microstep worked out when the spec was compiled, as ranges of `Statechart`'s flat arrays.
struct MicrostepPlan: Sendable {
    /// The configuration after it.
    let target: Int32
    /// Its action blocks, in order, in `Statechart.sequence`.
    let blockStart: Int32
    let blockEnd: Int32
    /// Its history records, in `Statechart.writes`.
    let writeStart: Int32
    let writeEnd: Int32
    /// Its entry parity flips (states `enter` rules watch, exited and entered again), in
    /// `Statechart.flips`.
    let flipStart: Int32
    let flipEnd: Int32
}
