/// One libyaml parse event as Swift values: what `YAMLReader` hands to the tree builder.
///
/// Made by `LibYAMLEvents`, the one place that reads libyaml's C structures: nothing in it points
/// into libyaml's memory.
enum YAMLParseEvent: Sendable {
    /// A document begins at this location.
    case documentStart(SourceLocation)
    /// A scalar.
    ///
    /// One struct rather than several associated values: a payload of many values is copied out
    /// of the enum by the runtime's generic tuple copy, a struct by its own copy.
    case scalar(YAMLParsedScalar)
    /// A mapping (`isMapping`) or a sequence opens.
    case collectionStart(YAMLParsedCollection)
    /// The innermost open mapping or sequence closes.
    case collectionEnd
    /// An alias to an anchor, at its location.
    case alias(anchor: String, at: SourceLocation)
    /// An event the tree does not need (the stream's start, a document's end).
    case ignored
    /// The stream has ended: the last event of a read that did not fail.
    case streamEnd
    /// libyaml failed: the last event of a read that failed.
    case failed(YAMLParseFailure)

    /// Whether no event follows this one.
    var endsStream: Bool {
        switch self {
        case .streamEnd, .failed: return true
        default: return false
        }
    }
}

/// A scalar of a parse event (see `YAMLParseEvent.scalar`).
struct YAMLParsedScalar: Sendable {
    let value: String
    let style: YAMLScalar.Style
    let tag: String?
    let anchor: String?
    /// libyaml's start mark: the opening quote or block indicator.
    let start: SourceLocation
    /// libyaml's end mark.
    let end: SourceLocation
}

/// The start of a mapping or sequence (see `YAMLParseEvent.collectionStart`).
struct YAMLParsedCollection: Sendable {
    let isMapping: Bool
    let tag: String?
    let anchor: String?
    let location: SourceLocation
}
