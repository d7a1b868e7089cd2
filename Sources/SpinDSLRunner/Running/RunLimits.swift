import SpinDSLFrontEnd

/// Limits that end a run before it is final or idle.
public struct RunLimits: Sendable, Equatable {
    /// The most events reduced, all spins together (protects against runaway loops).
    public var maxSteps: Int
    /// The most virtual time, in milliseconds; nil for no limit.
    public var maxTimeMilliseconds: Int64?
    /// A livelock is reported once the same cycle of whole-spec states (every spin's control
    /// state and data, with the step's spin and event) has repeated this many times in a row
    /// without virtual time passing; 0 turns the check off. Default 100.
    public var livelockRepeats: Int
    /// The most events that may wait in one spin's queue: feedbacks that emit faster than the spin
    /// reduces grow it without end. Default 1,000,000: ten times the default step limit, so that a
    /// runaway whose feedbacks emit up to ten events per state is reported by the step limit (a
    /// step pops one event and queues what the feedbacks emit).
    public var maxQueueLength: Int

    /// Creates limits; by default 100,000 steps, one virtual day, livelock after 100 repeats and
    /// 1,000,000 events waiting in a queue.
    public init(maxSteps: Int = 100_000, maxTimeMilliseconds: Int64? = 86_400_000, livelockRepeats: Int = 100, maxQueueLength: Int = 1_000_000) {
        self.maxSteps = maxSteps
        self.maxTimeMilliseconds = maxTimeMilliseconds
        self.livelockRepeats = livelockRepeats
        self.maxQueueLength = maxQueueLength
    }

    /// These limits, but those a recorded trace's header gives (`--replay` runs to the same end
    /// as the recorded run); these alone when there is no header.
    public func recorded(in header: TraceHeader?) -> RunLimits {
        var limits = self
        if let header {
            if let maxTime = header.maxTimeMilliseconds { limits.maxTimeMilliseconds = maxTime }
            if let maxSteps = header.maxSteps { limits.maxSteps = maxSteps }
            if let repeats = header.livelockRepeats { limits.livelockRepeats = repeats }
        }
        return limits
    }
}
