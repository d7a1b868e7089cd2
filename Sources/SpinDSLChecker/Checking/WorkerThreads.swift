import Foundation
import SpinDSLFrontEnd
import SpinDSLRunner

/// The threads of the parallel search (`--workers N`): N-1 threads started once for the search,
/// and the caller's, running one job at a time, each with its own index, and waiting for all of
/// them to finish it (a barrier per job).
///
/// Threads of its own rather than Dispatch's `concurrentPerform`: the search's levels are
/// hundreds of short jobs, and Dispatch's pool on Linux now and then ran both halves of a job on
/// one thread (the grid's expansion took 7 to 12 seconds from run to run, 10 on one thread).
final class WorkerThreads: @unchecked Sendable {
    // @unchecked: every stored `var` is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var generation = 0
    private var job: (@Sendable (Int) -> Void)?
    private var running = 0
    private var stopping = false
    /// The number of workers, the caller's thread included.
    let count: Int

    /// Starts `count - 1` threads.
    init(count: Int) {
        self.count = max(1, count)
        for index in 1..<self.count {
            let thread = Thread { [self] in work(as: index) }
            thread.name = "spin.check-worker-\(index)"
            thread.start()
        }
    }

    private func work(as index: Int) {
        var done = 0
        while true {
            condition.lock()
            while generation == done, !stopping { condition.wait() }
            if stopping {
                condition.unlock()
                return
            }
            done = generation
            let job = self.job
            condition.unlock()
            job?(index)
            condition.lock()
            running &-= 1
            if running == 0 { condition.broadcast() }
            condition.unlock()
        }
    }

    /// Runs `body(i)` for every worker i, worker 0 on the caller's thread, and returns when all
    /// have returned.
    func perform(_ body: @escaping @Sendable (Int) -> Void) {
        condition.lock()
        job = body
        running = count &- 1
        generation &+= 1
        condition.broadcast()
        condition.unlock()
        body(0)
        condition.lock()
        while running > 0 { condition.wait() }
        job = nil
        condition.unlock()
    }

    /// Ends the threads (they hold this object until then).
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }
}
