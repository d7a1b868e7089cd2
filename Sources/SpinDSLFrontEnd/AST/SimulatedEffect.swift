/// What an unbound named effect does in simulation: wait, then emit or choose.
public struct SimulatedEffect: Hashable, Sendable {
    /// Where `simulate` is written.
    public let location: SourceLocation
    /// `after`: simulated latency, a duration expression (a choice's own `after` replaces it).
    public let delay: ExpressionText?
    /// `emit` or `choose`.
    public let outcome: SimulatedOutcome

    /// Creates a simulated behaviour.
    public init(location: SourceLocation, delay: ExpressionText?, outcome: SimulatedOutcome) {
        self.location = location
        self.delay = delay
        self.outcome = outcome
    }
}
