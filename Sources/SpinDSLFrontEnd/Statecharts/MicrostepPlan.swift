/// A microstep worked out when the spec's statecharts were lowered (`StatechartLowering`), as ranges of `Statechart`'s flat arrays.
package struct MicrostepPlan: Sendable {
    /// The configuration after it.
    package let target: Int32
    /// Its action blocks, in order, in `Statechart.sequence`.
    package let blockStart: Int32
    package let blockEnd: Int32
    /// Its history records, in `Statechart.writes`.
    package let writeStart: Int32
    package let writeEnd: Int32
    /// Its entry parity flips (states `enter` rules watch, exited and entered again), in
    /// `Statechart.flips`.
    package let flipStart: Int32
    package let flipEnd: Int32
}
