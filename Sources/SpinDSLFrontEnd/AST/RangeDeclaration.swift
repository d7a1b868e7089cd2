/// `range: [lo, hi]` of a data field, as written: the bounds every value of the field stays within.
public struct RangeDeclaration: Hashable, Sendable {
    /// The lower bound as written.
    public let low: InitialValue
    /// The upper bound as written.
    public let high: InitialValue
    /// Where the `range` value is written.
    public let location: SourceLocation

    /// Creates a range declaration.
    public init(low: InitialValue, high: InitialValue, at location: SourceLocation) {
        self.low = low
        self.high = high
        self.location = location
    }
}
