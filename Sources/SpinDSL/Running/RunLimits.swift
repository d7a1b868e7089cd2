/// Limits that end a run before it is final or idle.
public struct RunLimits: Sendable, Equatable {
    /// The most events reduced, all spins together (protects against runaway loops).
    public var maxSteps: Int
    /// The most virtual time, in milliseconds; nil for no limit.
    public var maxTimeMilliseconds: Int64?

    /// Creates limits; by default 100,000 steps and one virtual day.
    public init(maxSteps: Int = 100_000, maxTimeMilliseconds: Int64? = 86_400_000) {
        self.maxSteps = maxSteps
        self.maxTimeMilliseconds = maxTimeMilliseconds
    }
}
