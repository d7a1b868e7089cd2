#if canImport(Glibc) || canImport(Musl)
/// The reading side of a `YAMLEventPipe`: its events one at a time, a batch at a time.
struct YAMLPipedEvents: YAMLEventSource {
    let pipe: YAMLEventPipe
    private var batch: [YAMLParseEvent] = []
    private var index = 0

    init(pipe: YAMLEventPipe) {
        self.pipe = pipe
    }

    mutating func next() -> YAMLParseEvent {
        while index >= batch.count {
            batch.removeAll(keepingCapacity: true)
            batch = pipe.take(returning: batch)
            index = 0
        }
        defer { index &+= 1 }
        return batch[index]
    }
}
#endif
