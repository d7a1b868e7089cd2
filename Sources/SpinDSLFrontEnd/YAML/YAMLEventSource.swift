/// Where `YAMLReader` takes libyaml's events from: the parser itself (`LibYAMLEvents`), or a
/// thread that runs it ahead of the reader (`ReadAheadEvents`). Either gives the same events in
/// the same order.
protocol YAMLEventSource: AnyObject {
    /// The next event; after one that `endsStream`, it is not asked again.
    func next() -> YAMLParseEvent
}
