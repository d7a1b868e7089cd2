/// One event of a mapping item offered to a `YAMLItemConsumer` before any node of it is built.
///
/// An item is offered this way only when nothing in it has an anchor, a tag or an alias, so a
/// scalar is fully described by its text, style and positions, and a collection by where it starts.
/// The events come in document order: the item's own `.collectionStart(isMapping: true, …)`
/// first, its `.collectionEnd` last, and keys and values alternating inside every mapping.
enum YAMLItemEvent {
    /// A scalar and where its node starts (see `YAMLNode.location`).
    ///
    /// One struct rather than two associated values: a payload of two values is copied out of the
    /// enum by the runtime's generic tuple copy, a struct by its own copy.
    case scalar(YAMLItemScalar)
    /// A mapping or sequence opens at `location`.
    case collectionStart(isMapping: Bool, at: SourceLocation)
    /// The innermost open collection closes.
    case collectionEnd
}
