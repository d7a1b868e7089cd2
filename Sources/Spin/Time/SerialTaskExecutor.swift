import Dispatch

/// A task executor that runs jobs one at a time, in the order they were enqueued.
///
/// Effects of loops on a `VirtualClock` run here, so that two effects never interleave by chance.
/// It is also a ready choice for `Feedback.execute(on:)`.
public final class SerialTaskExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: the only stored property is a DispatchQueue, which is thread-safe.
    private let queue: DispatchQueue

    /// Creates an executor backed by a serial dispatch queue with the given label.
    public init(label: String) {
        self.queue = DispatchQueue(label: label)
    }

    /// Runs `job` after the jobs enqueued before it.
    public func enqueue(_ job: consuming ExecutorJob) {
        let unownedJob = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async {
            unownedJob.runSynchronously(on: executor)
        }
    }
}
