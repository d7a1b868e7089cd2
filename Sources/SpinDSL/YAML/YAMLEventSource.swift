/// Where `YAMLReader` takes parse events from, one at a time, in document order: libyaml itself
/// (`LibYAMLEvents`) or libyaml running on another thread (`YAMLPipedEvents`).
///
/// The last event a source gives is one that `endsStream`; it is not asked for more after that.
protocol YAMLEventSource {
    /// The next event.
    mutating func next() -> YAMLParseEvent
}
