import SpinDSLFrontEnd

/// A scheduled input that was not sent because the spin it was for had already reached a final
/// state (a stopped spin takes no events). `spinrun` prints a warning for them.
public struct IgnoredInput: Sendable, Equatable {
    /// The spin it was for.
    public let spin: String
    /// The final state the spin had stopped in (nil for a spin without control states).
    public let finalState: String?
    /// The event's name.
    public let event: String
    /// When it was due, in milliseconds from the start.
    public let time: Int64
    /// Where it was written (`Specs/turnstile.yaml:31:5`, `coins.events:3`), if known.
    public let origin: String?

    /// Creates the record of an ignored input.
    public init(spin: String, finalState: String?, event: String, time: Int64, origin: String?) {
        self.spin = spin
        self.finalState = finalState
        self.event = event
        self.time = time
        self.origin = origin
    }
}
