import SpinDSLFrontEnd
import SpinDSLRunner

/// One move of an explored run: the start, an input, or time moving to the next deadline — with
/// the outcome of every `choose` made while the spins settled after it.
public struct CheckMove: Sendable, Equatable {
    /// What happens.
    public enum Kind: Sendable, Equatable {
        /// The spins start (the first move of every run).
        case start
        /// An input into spin `spin` (its index in the spec).
        case input(spin: Int, event: SpecEvent)
        /// Time moves to the earliest deadline; every task asleep until then wakes, in order.
        case advance
    }

    public let kind: Kind
    /// The outcome (an index among its branches) of each choice made during the move, in order.
    public let outcomes: [Int]
}
