/// A spin's resolved `fairness`: the inputs (event indices of the spin) that `spinrun --check`
/// schedules fairly when it checks properties.
public struct FairnessModel: Sendable, Equatable {
    /// Inputs that cannot stay enabled at every state of a cycle without being taken in it.
    public let weak: [Int]
    /// Inputs that cannot be enabled at some state of a cycle without being taken in it.
    public let strong: [Int]

    /// The most inputs a spec's spins may name in `fairness`, all spins together (each input
    /// once, weak or strong): the checker follows them as the bits of one 64-bit word per
    /// strongly connected part (`FairInputs`). More is `[#TooManyFairInputs]`.
    package static let maxFairInputs = 64

    /// No fairness: every cycle counts.
    static let none = FairnessModel(weak: [], strong: [])
}
