// The only file that talks to libyaml: everything C-shaped (marks, events, error fields) is
// converted to Swift values here, once.
internal import CYAML

/// Reads one YAML document into a `YAMLNode` tree whose nodes know their source positions.
///
/// Uses libyaml's event API and builds the tree itself, so that positions, duplicate keys,
/// anchors and resource limits are all under our control. Scalars are not typed by YAML 1.1
/// guessing; see `YAMLScalar`. Merge keys (`<<`) get no special treatment: `<<` is an ordinary key.
///
/// ```swift
/// let result = YAMLReader().read(SourceFile(path: "spec.yaml", text: text))
/// guard let document = result.document else { /* report result.diagnostics */ }
/// ```
public struct YAMLReader: Sendable {
    /// The resource limits applied to every read.
    public let limits: YAMLLimits

    /// Creates a reader with the given limits.
    public init(limits: YAMLLimits = .init()) {
        self.limits = limits
    }

    /// Reads a source file. Diagnostics carry `source.path`, so render them with a
    /// `DiagnosticRenderer` that knows `source`.
    public func read(_ source: SourceFile) -> YAMLReadResult {
        read(bytes: Array(source.text.utf8), path: source.path)
    }

    /// Reads raw bytes, which need not be valid UTF-8 (invalid UTF-8 is reported, where going
    /// through `String` would have silently replaced it). A leading UTF-8 byte-order mark is
    /// skipped and does not count towards columns. `path` is used in the diagnostics' locations.
    public func read(bytes: [UInt8], path: String) -> YAMLReadResult {
        var treeOnly = YAMLTreeOnly()
        return read(bytes: bytes, path: path, handingItemsTo: &treeOnly)
    }

    /// Reads raw bytes as `read(bytes:path:)` does, handing the items of the sequences `consumer`
    /// chooses to it as they are read instead of keeping them in the tree.
    func read<Consumer: YAMLItemConsumer>(bytes: [UInt8], path: String, handingItemsTo consumer: inout Consumer) -> YAMLReadResult {
        guard bytes.count <= limits.maxBytes else {
            return YAMLReadResult(document: nil, diagnostics: [Diagnostic(
                .specTooLarge, at: SourceLocation(file: path, line: 1, column: 1), ["size": bytes.count, "limit": limits.maxBytes])])
        }
        // libyaml requires a non-null input pointer, which an empty array may not have; an
        // empty file has no document anyway.
        guard !bytes.isEmpty else { return YAMLReadResult(document: nil, diagnostics: []) }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return YAMLReadResult(document: nil, diagnostics: []) }
            return parse(base, count: buffer.count, text: YAMLSourceText(bytes: bytes), path: path, consumer: &consumer)
        }
    }

    /// Runs libyaml over a buffer the caller keeps alive for the whole call.
    private func parse<Consumer: YAMLItemConsumer>(
        _ input: UnsafePointer<UInt8>, count: Int, text: YAMLSourceText, path: String, consumer: inout Consumer
    ) -> YAMLReadResult {
        var text = text
        // Named once: every location of the document then refers to it without a lookup.
        let file = SourceFileName(path)
        let start = SourceLocation(file: file, line: 1, column: 1)
        // yaml_parser_t is large and libyaml keeps pointers into it, so it gets a stable heap address.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            return YAMLReadResult(document: nil, diagnostics: [Diagnostic(.yamlOutOfMemory, at: start, ["activity": "starting the YAML parser"])])
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, input, count)

        var builder = YAMLTreeBuilder(limits: limits, text: text, consumer: consumer)
        // The consumer is moved into the builder for the read and handed back on every way out.
        defer { consumer = builder.consumer }
        var event = yaml_event_t()
        var finished = false
        while !finished {
            guard yaml_parser_parse(parser, &event) != 0 else {
                // On failure libyaml leaves the event empty; there is nothing to free. An item cut
                // short is built as far as it goes, for the problems found in it before the error.
                builder.replayStreamedItem()
                let error = syntaxError(parser.pointee, text: &text, file: file)
                return YAMLReadResult(document: nil, diagnostics: builder.diagnostics + [error])
            }
            // Freed on every path out of this iteration; all data is copied into Swift values first.
            defer { yaml_event_delete(&event) }
            let step = handle(event, builder: &builder, file: file)
            finished = step == .stop || event.type == YAML_STREAM_END_EVENT
        }
        let hasErrors = builder.diagnostics.contains { $0.severity == .error }
        return YAMLReadResult(
            document: hasErrors ? nil : builder.root, diagnostics: builder.diagnostics,
            oversizedIntegers: builder.oversizedIntegers)
    }

    /// Hands one event to the builder, converting C data into Swift values.
    private func handle<Consumer>(_ event: yaml_event_t, builder: inout YAMLTreeBuilder<Consumer>, file: SourceFileName) -> YAMLTreeBuilder<Consumer>.Step {
        let start = location(event.start_mark, file: file)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            return builder.documentStart(at: start)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let value = data.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self)
            } ?? ""
            return builder.scalar(
                value, style: style(data.style), tag: string(data.tag), anchor: string(data.anchor),
                start: start, end: location(event.end_mark, file: file))
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return builder.collectionStart(isMapping: false, tag: string(data.tag), anchor: string(data.anchor), at: start)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return builder.collectionStart(isMapping: true, tag: string(data.tag), anchor: string(data.anchor), at: start)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            return builder.collectionEnd()
        case YAML_ALIAS_EVENT:
            return builder.alias(string(event.data.alias.anchor) ?? "", at: start)
        default:
            // Stream start/end and document end carry nothing the tree needs.
            return .proceed
        }
    }

    /// libyaml's 0-based mark as a 1-based location: the one place this conversion happens.
    private func location(_ mark: yaml_mark_t, file: SourceFileName) -> SourceLocation {
        SourceLocation(file: file, line: Self.oneBased(mark.line), column: Self.oneBased(mark.column))
    }

    private static func oneBased(_ value: Int) -> Int {
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

    /// The diagnostic for a failed `yaml_parser_parse`, positioned where libyaml found the problem.
    private func syntaxError(_ parser: yaml_parser_t, text: inout YAMLSourceText, file: SourceFileName) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        switch parser.error {
        case YAML_MEMORY_ERROR:
            return Diagnostic(.yamlOutOfMemory, at: SourceLocation(file: file, line: 1, column: 1), ["activity": "parsing YAML"])
        case YAML_READER_ERROR:
            // Reader errors (bad encoding, control characters) come with a byte offset, not a mark.
            let position = text.position(ofByteOffset: text.startOfBrokenCharacter(at: parser.problem_offset))
            let at = SourceLocation(file: file, line: position.line + 1, column: position.column + 1)
            let detail: String
            if problem.contains("UTF-8") {
                detail = parser.problem_value >= 0
                    ? " (byte 0x\(Self.hex(parser.problem_value, digits: 2)) at offset \(parser.problem_offset))"
                    : " (at offset \(parser.problem_offset))"
                return Diagnostic(.invalidUTF8, at: at, ["problem": problem + detail])
            }
            detail = parser.problem_value >= 0 ? " (U+\(Self.hex(parser.problem_value, digits: 4)))" : ""
            return Diagnostic(.yamlReaderError, at: at, ["problem": problem + detail])
        default:
            let mark = parser.problem_mark
            let at = location(mark, file: file)
            let context = parser.context.map { String(cString: $0) }
            if let line = text.scalars(ofLine: mark.line), mark.column >= 0, mark.column < line.count,
               line[mark.column] == "\t" {
                if line[..<mark.column].allSatisfy({ $0 == " " || $0 == "\t" }) {
                    return Diagnostic(.tabIndentation, at: at)
                }
            }
            if let line = text.scalars(ofLine: mark.line), let key = Self.overlongKey(before: mark.column, in: line) {
                return Diagnostic(.keyTooLong, at: SourceLocation(file: file, line: at.line, column: key.start + 1), ["length": key.length])
            }
            let described = context.map { "\(problem) (\($0))" } ?? problem
            if context == "while scanning a quoted scalar", problem.contains("end of stream") {
                let opened = location(parser.context_mark, file: file)
                return Diagnostic(.unclosedQuotedScalar, at: at, ["problem": described, "line": opened.line, "column": opened.column])
            }
            return Diagnostic(.yamlSyntax, at: at, ["problem": described])
        }
    }

    /// libyaml reads a key of more than 1024 characters as a value (YAML limits implicit keys so),
    /// and then fails at its ':' ("mapping values are not allowed in this context", or in a flow
    /// mapping "did not find expected ',' or '}'"). When the error is at a ':' after such a key,
    /// its start (0-based) and length.
    static func overlongKey(before column: Int, in line: [Unicode.Scalar]) -> (start: Int, length: Int)? {
        guard column > 1024, column < line.count, line[column] == ":" else { return nil }
        // The key starts after the indentation, a flow indicator, or a block entry's `- `/`? `.
        var start = column
        while start > 0, !"{[,".unicodeScalars.contains(line[start - 1]) { start -= 1 }
        while start < column, line[start] == " " || line[start] == "\t" { start += 1 }
        while start + 1 < column, line[start] == "-" || line[start] == "?", line[start + 1] == " " {
            start += 2
            while start < column, line[start] == " " { start += 1 }
        }
        var end = column
        while end > start, line[end - 1] == " " || line[end - 1] == "\t" { end -= 1 }
        let length = end - start
        return length > 1024 ? (start, length) : nil
    }

    private static func hex(_ value: Int32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
