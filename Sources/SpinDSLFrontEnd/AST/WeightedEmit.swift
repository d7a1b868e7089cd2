/// One branch of a `choose`.
public struct WeightedEmit: Hashable, Sendable {
    /// The positive weight.
    public let weight: Int
    /// Where the weight is written.
    public let weightLocation: SourceLocation
    /// The event to emit.
    public let emit: EmitDeclaration
    /// `after`: the latency of this outcome of a simulated effect (only there), a duration
    /// expression; it replaces the `after` of `simulate`.
    public let delay: ExpressionText?

    /// Creates a branch.
    public init(weight: Int, weightLocation: SourceLocation, emit: EmitDeclaration, delay: ExpressionText? = nil) {
        self.weight = weight
        self.weightLocation = weightLocation
        self.emit = emit
        self.delay = delay
    }
}
