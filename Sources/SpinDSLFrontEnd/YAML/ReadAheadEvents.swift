import Foundation

/// libyaml's events of a large document, parsed on a thread of their own while the reader builds
/// the tree from the events before them.
///
/// Reading a spec is libyaml's scan plus the reader's own work on each event, in about equal
/// parts; on a second core the two overlap, so a large spec is read in about the longer of the two
/// instead of their sum (docs/performance.md). The events, their order and every failure are exactly those of `LibYAMLEvents`, which
/// runs on the other thread: only the hand-over (`ReadAheadChannel`) is added. A small document
/// is read on the caller's thread, where starting a thread would cost more than it saves.
///
/// Used on one thread only; the input must stay alive and unchanged until `finish()` returns.
final class ReadAheadEvents: YAMLEventSource {
    private let channel = ReadAheadChannel()
    /// The batch being handed out.
    private var batch: MovingBuffer<YAMLParseEvent>?
    private var finished = false

    /// Events per batch: enough that the hand-over costs nothing measurable per event, few enough
    /// that the reader starts at once.
    private static var batchSize: Int { 1024 }

    /// Starts parsing the `count` bytes at `input` on a new thread.
    init(_ input: UnsafePointer<UInt8>, count: Int, file: SourceFileName) {
        let channel = channel
        let input = SharedInput(base: input, count: count)
        let thread = Thread {
            // Made, used and freed on this thread only.
            let events = LibYAMLEvents(input.base, count: input.count, file: file)
            var batch = MovingBuffer<YAMLParseEvent>(capacity: Self.batchSize)
            while true {
                let event = events.next()
                let ends = event.endsStream
                // Never full here: a full batch is handed over at once.
                _ = batch.append(event)
                guard ends || batch.isFull else { continue }
                guard channel.put(batch), !ends else { break }
                batch = MovingBuffer<YAMLParseEvent>(capacity: Self.batchSize)
            }
            channel.producerFinished()
        }
        thread.name = "spin.yaml-read-ahead"
        thread.start()
    }

    deinit {
        finish()
    }

    func next() -> YAMLParseEvent {
        if let event = batch?.take() { return event }
        batch = channel.take()
        // Nil only when the parser's thread ended without the last event: only if it was stopped.
        return batch?.take() ?? .failed(YAMLParseFailure(kind: .parserNotStarted))
    }

    /// Stops the parser's thread, wherever it is, and waits for it: after this the input is not
    /// read again.
    func finish() {
        guard !finished else { return }
        finished = true
        channel.cancel()
        channel.waitForProducer()
    }
}

/// The input of `ReadAheadEvents`, given to the parser's thread.
private struct SharedInput: @unchecked Sendable {
    // @unchecked: the bytes are only read, and their owner waits in `ReadAheadEvents.finish()` for
    // the thread to end before it may release or change them.
    let base: UnsafePointer<UInt8>
    let count: Int
}
