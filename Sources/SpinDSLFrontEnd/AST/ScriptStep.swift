/// A timed input of a spin's `script`: `{ at: 1s, emit: coin, with: { amount: 25 } }`.
public struct ScriptStep: Hashable, Sendable {
    /// Where the step is written.
    public let location: SourceLocation
    /// When, in virtual time from the start.
    public let at: DurationLiteral
    /// The input event and its payload.
    public let emit: EmitDeclaration

    /// Creates a script step.
    public init(location: SourceLocation, at: DurationLiteral, emit: EmitDeclaration) {
        self.location = location
        self.at = at
        self.emit = emit
    }
}
