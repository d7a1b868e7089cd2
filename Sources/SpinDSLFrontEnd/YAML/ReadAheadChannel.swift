import Foundation

/// The hand-over between the thread that runs libyaml and the reader (see `ReadAheadEvents`):
/// batches of events in order, at most `capacity` waiting, so that a reader that falls behind holds
/// the parser back instead of letting it fill memory.
final class ReadAheadChannel: @unchecked Sendable {
    // @unchecked: every stored `var` is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var batches: [MovingBuffer<YAMLParseEvent>] = []
    private var cancelled = false
    private var producerDone = false

    /// Batches that may wait at once: enough that neither side waits for the other's jitter.
    private static var capacity: Int { 8 }

    /// Hands a batch over, waiting while `capacity` batches wait; false when the reader has
    /// stopped listening (`cancel`), and the batch was dropped.
    func put(_ batch: MovingBuffer<YAMLParseEvent>) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= Self.capacity, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    /// The next batch, waiting for it; nil only when the producer has finished without another.
    func take() -> MovingBuffer<YAMLParseEvent>? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty, !producerDone { condition.wait() }
        guard !batches.isEmpty else { return nil }
        let batch = batches.removeFirst()
        condition.broadcast()
        return batch
    }

    /// The reader wants no more batches: a producer waiting in `put` returns false.
    func cancel() {
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The producer is done and will not touch its input again.
    func producerFinished() {
        condition.lock()
        producerDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until `producerFinished` has been called.
    func waitForProducer() {
        condition.lock()
        while !producerDone { condition.wait() }
        condition.unlock()
    }
}
