// The only file that talks to libyaml: everything C-shaped (marks, events, error fields) is
// converted to Swift values here, once.
internal import CYAML

/// libyaml's parser over a buffer, giving its events as Swift values (`YAMLParseEvent`).
///
/// Used on one thread only; the buffer must outlive it.
final class LibYAMLEvents: YAMLEventSource {
    // yaml_parser_t is large and libyaml keeps pointers into it, so it gets a stable heap address.
    private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    private let started: Bool
    /// Named once: every location of the document then refers to it without a lookup.
    private let file: SourceFileName

    /// A parser of the `count` bytes at `input`.
    init(_ input: UnsafePointer<UInt8>, count: Int, file: SourceFileName) {
        self.file = file
        started = yaml_parser_initialize(parser) != 0
        if started { yaml_parser_set_input_string(parser, input, count) }
    }

    deinit {
        if started { yaml_parser_delete(parser) }
        parser.deallocate()
    }

    /// The next event; after one that `endsStream`, it is not asked again.
    func next() -> YAMLParseEvent {
        guard started else { return .failed(YAMLParseFailure(kind: .parserNotStarted)) }
        var event = yaml_event_t()
        // On failure libyaml leaves the event empty; there is nothing to free.
        guard yaml_parser_parse(parser, &event) != 0 else { return .failed(failure()) }
        // Freed once its data is copied into Swift values.
        defer { yaml_event_delete(&event) }
        let start = location(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(start)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let value = data.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self)
            } ?? ""
            return .scalar(YAMLParsedScalar(
                value: value, style: style(data.style), tag: string(data.tag), anchor: string(data.anchor),
                start: start, end: location(event.end_mark)))
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return .collectionStart(YAMLParsedCollection(isMapping: false, tag: string(data.tag), anchor: string(data.anchor), location: start))
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return .collectionStart(YAMLParsedCollection(isMapping: true, tag: string(data.tag), anchor: string(data.anchor), location: start))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            return .collectionEnd
        case YAML_ALIAS_EVENT:
            return .alias(anchor: string(event.data.alias.anchor) ?? "", at: start)
        case YAML_STREAM_END_EVENT:
            return .streamEnd
        default:
            // Stream start and document end carry nothing the tree needs.
            return .ignored
        }
    }

    /// What the parser says about why it failed.
    private func failure() -> YAMLParseFailure {
        let parser = parser.pointee
        let kind: YAMLParseFailure.Kind
        switch parser.error {
        case YAML_MEMORY_ERROR: kind = .memory
        case YAML_READER_ERROR: kind = .reader
        default: kind = .syntax
        }
        return YAMLParseFailure(
            kind: kind, problem: parser.problem.map { String(cString: $0) } ?? "unknown error",
            problemOffset: parser.problem_offset, problemValue: parser.problem_value,
            problemLine: parser.problem_mark.line, problemColumn: parser.problem_mark.column,
            context: parser.context.map { String(cString: $0) },
            contextLine: parser.context_mark.line, contextColumn: parser.context_mark.column)
    }

    /// libyaml's 0-based mark as a 1-based location: the one place this conversion happens.
    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, line: Self.oneBased(mark.line), column: Self.oneBased(mark.column))
    }

    /// A 0-based line or column, 1-based.
    static func oneBased(_ value: Int) -> Int {
        value < Int.max ? value + 1 : value
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}
