import Spin
import SpinDSLFrontEnd

/// The spins of one run of a spec, and the gears between them.
public struct SpecInstance: Sendable {
    /// The model the spins come from.
    public let model: SpecModel
    /// One core spin per spin of the spec, in document order.
    public let spins: [Spin<SpecState, SpecEvent>]
    /// One gear per gear of the spec, in document order.
    public let gears: [Gear<GearMessage>]
}

extension SpecInstance {
    /// A runtime for the spin named `name`, driven by names (`SpecSpinRuntime`), on `clock`.
    /// Each call makes a new runtime: make one per spin and start each once.
    /// - Throws: `UsageProblem` for an unknown spin, with the nearest name and the list of spins.
    public func runtime(named name: String, clock: any Clock<Duration> = ContinuousClock()) throws(UsageProblem) -> SpecSpinRuntime {
        guard let index = model.spins.firstIndex(where: { $0.name.text == name }) else { throw model.unknownSpin(name) }
        return SpecSpinRuntime(model.spins[index], runtime: SpinRuntime(spins[index], clock: clock))
    }
}
