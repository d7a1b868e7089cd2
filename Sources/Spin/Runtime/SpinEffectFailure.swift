/// An error an effect's sequence threw: the effect ended there (the events it produced before
/// stand). Reported to `SpinRuntime.onEffectFailure(_:)` observers.
public struct SpinEffectFailure: Sendable, CustomStringConvertible {
    /// The feedback whose effect failed.
    public let origin: EventOrigin
    /// What its sequence threw.
    public let error: any Error

    /// `origin: error`.
    public var description: String { "\(origin): \(error)" }
}
