/// A duration written in a spec (`300ms`, `1.5s`, `2m`, `1h`).
public struct DurationLiteral: Hashable, Sendable {
    /// The duration in milliseconds.
    public let milliseconds: Int64
    /// Where it is written.
    public let location: SourceLocation

    /// Creates a duration literal.
    public init(milliseconds: Int64, at location: SourceLocation) {
        self.milliseconds = milliseconds
        self.location = location
    }

    /// As a Swift `Duration`.
    public var duration: Duration { .milliseconds(milliseconds) }
}
