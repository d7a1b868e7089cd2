/// One branch of a `choose`.
public struct WeightedEmit: Hashable, Sendable {
    /// The positive weight.
    public let weight: Int
    /// Where the weight is written.
    public let weightLocation: SourceLocation
    /// The event to emit.
    public let emit: EmitDeclaration

    /// Creates a branch.
    public init(weight: Int, weightLocation: SourceLocation, emit: EmitDeclaration) {
        self.weight = weight
        self.weightLocation = weightLocation
        self.emit = emit
    }
}
