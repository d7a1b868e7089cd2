#if canImport(Glibc) || canImport(Musl)
#if canImport(Glibc)
import Glibc
#else
import Musl
#endif

/// libyaml run on a thread of its own, handing its events over in batches, so that parsing a large
/// file and building its tree take the time of the slower of the two instead of their sum.
///
/// A large spec's load was three times a bare libyaml parse of the same file, and more than half
/// of it was building, mapping and checking what libyaml had already parsed: on a machine with a
/// second core that work now overlaps the parse (`Benchmarks/run`'s `compile/libyaml`). The
/// events are the same values in the same order as those read on one thread (`LibYAMLEvents`),
/// so nothing downstream can tell the two apart; `YAMLReaderPipeTests` holds them equal.
///
/// The producer thread owns the parser; the reading thread takes batches (`YAMLPipedEvents`) and
/// must `close()` the pipe before the buffer goes away: `close()` stops the producer (it may be
/// waiting for room, or parsing past a second document the reader has refused) and joins it.
/// A mutex and a condition guard the batches: the thread sanitizer understands them.
final class YAMLEventPipe: @unchecked Sendable {
    // @unchecked: `batches`, `stopRequested` are only touched with `mutex` held; `input`, `count`
    // and `file` are set before the thread starts and never change; the buffer behind `input` is
    // kept alive by the reader until `close()` has joined the thread.
    /// Events per batch (about a megabyte of them). The reader catches up with libyaml and waits
    /// for nearly every batch, and a wait is a sleep and a wake-up, which on a busy machine is
    /// a wait for a core: batches of a thousand events made a 100,000-row load take 2.5 times as
    /// long under load.
    static let batchSize = 16384
    /// Batches parsed ahead at most: bounds the memory a parser ahead of its reader can fill.
    static let batchesAhead = 4

    private let input: UnsafePointer<UInt8>
    private let count: Int
    private let file: SourceFileName
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a batch is added or taken, and when a stop is requested.
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var batches: [[YAMLParseEvent]] = []
    /// Batches the reader is done with, emptied with their memory kept, for the producer to fill
    /// again: a fresh megabyte per batch would be memory the kernel faults in and zeroes each time.
    private var spares: [[YAMLParseEvent]] = []
    private var stopRequested = false
    private var thread = pthread_t()
    private var joined = false

    /// Starts parsing the `count` bytes at `input` on a new thread; nil when no thread could be
    /// started (the caller then parses on its own thread).
    init?(_ input: UnsafePointer<UInt8>, count: Int, file: SourceFileName) {
        self.input = input
        self.count = count
        self.file = file
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        changed.initialize(to: pthread_cond_t())
        pthread_cond_init(changed, nil)
        // The thread holds a reference until it ends.
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<YAMLEventPipe>.fromOpaque(context).takeRetainedValue().produce()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<YAMLEventPipe>.fromOpaque(context).release()
            joined = true
            return nil
        }
    }

    deinit {
        pthread_cond_destroy(changed)
        changed.deinitialize(count: 1)
        changed.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The reading side: the events in order.
    var events: YAMLPipedEvents { YAMLPipedEvents(pipe: self) }

    /// Stops the producer and waits for its thread to end. Called once, by the reader, before the
    /// buffer is released.
    func close() {
        guard !joined else { return }
        pthread_mutex_lock(mutex)
        stopRequested = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
        pthread_join(thread, nil)
        joined = true
    }

    /// The next batch, waiting for the producer, in exchange for the one the reader is done with
    /// (emptied, its memory kept). The producer's last batch ends with an event that `endsStream`,
    /// after which the reader asks for no more.
    func take(returning used: [YAMLParseEvent]) -> [YAMLParseEvent] {
        pthread_mutex_lock(mutex)
        if used.capacity > 0 { spares.append(used) }
        while batches.isEmpty { pthread_cond_wait(changed, mutex) }
        let batch = batches.removeFirst()
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
        return batch
    }

    /// The producer: parses to the end of the stream (or its failure), handing batches over.
    private func produce() {
        let parser = LibYAMLEvents(input, count: count, file: file)
        var batch: [YAMLParseEvent] = []
        batch.reserveCapacity(Self.batchSize)
        while true {
            let event = parser.next()
            let last = event.endsStream
            batch.append(event)
            guard last || batch.count >= Self.batchSize else { continue }
            guard let next = hand(batch), !last else { return }
            batch = next
        }
    }

    /// Adds a batch once there is room, and returns an empty one to fill next (a spare, or a new
    /// one); nil when the reader has asked the producer to stop.
    private func hand(_ batch: [YAMLParseEvent]) -> [YAMLParseEvent]? {
        pthread_mutex_lock(mutex)
        while batches.count >= Self.batchesAhead, !stopRequested { pthread_cond_wait(changed, mutex) }
        guard !stopRequested else {
            pthread_mutex_unlock(mutex)
            return nil
        }
        batches.append(batch)
        pthread_cond_broadcast(changed)
        let spare = spares.popLast()
        pthread_mutex_unlock(mutex)
        if let spare { return spare }
        var fresh: [YAMLParseEvent] = []
        fresh.reserveCapacity(Self.batchSize)
        return fresh
    }
}
#endif
