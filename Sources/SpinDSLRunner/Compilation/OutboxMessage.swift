import SpinDSLFrontEnd

/// A gear event a statechart's step propagated: sent into the gear when the step's state is
/// delivered.
public struct OutboxMessage: Hashable, Sendable {
    /// The gear's index in the spec.
    public let gear: Int
    /// The event.
    public let message: GearMessage

    /// Creates a message.
    public init(gear: Int, message: GearMessage) {
        self.gear = gear
        self.message = message
    }
}
