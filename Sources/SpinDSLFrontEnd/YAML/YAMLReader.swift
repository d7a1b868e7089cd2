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
    /// Documents of at least this many bytes are parsed on a second thread, ahead of the tree
    /// (`ReadAheadEvents`); smaller ones on the caller's.
    let readAheadBytes: Int

    /// Where a second thread starts to pay: libyaml scans 64 KiB in about a millisecond, twenty
    /// times what starting a thread costs.
    static var defaultReadAheadBytes: Int { 64 * 1024 }

    /// Creates a reader with the given limits.
    public init(limits: YAMLLimits = .init()) {
        self.init(limits: limits, readAheadBytes: Self.defaultReadAheadBytes)
    }

    /// Creates a reader that reads documents of `readAheadBytes` or more ahead on a second thread.
    init(limits: YAMLLimits, readAheadBytes: Int) {
        self.limits = limits
        self.readAheadBytes = readAheadBytes
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
        // Named once: every location of the document then refers to it without a lookup.
        let file = SourceFileName(path)
        guard count >= readAheadBytes else {
            return build(from: LibYAMLEvents(input, count: count, file: file), text: text, file: file, consumer: &consumer)
        }
        let events = ReadAheadEvents(input, count: count, file: file)
        // Before the input may go: the build can stop early, with the parser still running.
        defer { events.finish() }
        return build(from: events, text: text, file: file, consumer: &consumer)
    }

    /// Builds the document from libyaml's events, to their end, a failure, or the builder's stop.
    private func build<Source: YAMLEventSource, Consumer: YAMLItemConsumer>(
        from source: Source, text: YAMLSourceText, file: SourceFileName, consumer: inout Consumer
    ) -> YAMLReadResult {
        var text = text
        var builder = YAMLTreeBuilder(limits: limits, text: text, consumer: consumer)
        // The consumer is moved into the builder for the read and handed back on every way out.
        defer { consumer = builder.consumer }
        reading: while true {
            let step: YAMLTreeBuilder<Consumer>.Step
            switch source.next() {
            case .documentStart(let location):
                step = builder.documentStart(at: location)
            case .scalar(let scalar):
                step = builder.scalar(
                    scalar.value, style: scalar.style, tag: scalar.tag, anchor: scalar.anchor, start: scalar.start, end: scalar.end)
            case .collectionStart(let collection):
                step = builder.collectionStart(
                    isMapping: collection.isMapping, tag: collection.tag, anchor: collection.anchor, at: collection.location)
            case .collectionEnd:
                step = builder.collectionEnd()
            case .alias(let anchor, let location):
                step = builder.alias(anchor, at: location)
            case .ignored:
                step = .proceed
            case .streamEnd:
                break reading
            case .failed(let failure):
                // An item cut short is built as far as it goes, for the problems found in it
                // before the error.
                builder.replayStreamedItem()
                return YAMLReadResult(document: nil, diagnostics: builder.diagnostics + [diagnostic(failure, text: &text, file: file)])
            }
            if step == .stop { break reading }
        }
        let hasErrors = builder.diagnostics.contains { $0.severity == .error }
        return YAMLReadResult(
            document: hasErrors ? nil : builder.root, diagnostics: builder.diagnostics,
            oversizedIntegers: builder.oversizedIntegers)
    }

    /// The diagnostic for a failed parse, positioned where libyaml found the problem.
    private func diagnostic(_ failure: YAMLParseFailure, text: inout YAMLSourceText, file: SourceFileName) -> Diagnostic {
        let problem = failure.problem
        switch failure.kind {
        case .parserNotStarted:
            return Diagnostic(.yamlOutOfMemory, at: SourceLocation(file: file, line: 1, column: 1), ["activity": "starting the YAML parser"])
        case .memory:
            return Diagnostic(.yamlOutOfMemory, at: SourceLocation(file: file, line: 1, column: 1), ["activity": "parsing YAML"])
        case .reader:
            // Reader errors (bad encoding, control characters) come with a byte offset, not a mark.
            let position = text.position(ofByteOffset: text.startOfBrokenCharacter(at: failure.problemOffset))
            let at = SourceLocation(file: file, line: position.line + 1, column: position.column + 1)
            let detail: String
            if problem.contains("UTF-8") {
                detail = failure.problemValue >= 0
                    ? " (byte 0x\(Self.hex(failure.problemValue, digits: 2)) at offset \(failure.problemOffset))"
                    : " (at offset \(failure.problemOffset))"
                return Diagnostic(.invalidUTF8, at: at, ["problem": problem + detail])
            }
            detail = failure.problemValue >= 0 ? " (U+\(Self.hex(failure.problemValue, digits: 4)))" : ""
            return Diagnostic(.yamlReaderError, at: at, ["problem": problem + detail])
        case .syntax:
            let (line, column) = (failure.problemLine, failure.problemColumn)
            let at = location(line: line, column: column, file: file)
            if let scalars = text.scalars(ofLine: line), column >= 0, column < scalars.count, scalars[column] == "\t" {
                if scalars[..<column].allSatisfy({ $0 == " " || $0 == "\t" }) {
                    return Diagnostic(.tabIndentation, at: at)
                }
            }
            if let scalars = text.scalars(ofLine: line), let key = Self.overlongKey(before: column, in: scalars) {
                return Diagnostic(.keyTooLong, at: SourceLocation(file: file, line: at.line, column: key.start + 1), ["length": key.length])
            }
            let described = failure.context.map { "\(problem) (\($0))" } ?? problem
            if failure.context == "while scanning a quoted scalar", problem.contains("end of stream") {
                let opened = location(line: failure.contextLine, column: failure.contextColumn, file: file)
                return Diagnostic(.unclosedQuotedScalar, at: at, ["problem": described, "line": opened.line, "column": opened.column])
            }
            if let scalars = text.scalars(ofLine: line), Self.isIndexInFlow(at: column, in: scalars) {
                return Diagnostic(.yamlSyntax, at: at, ["problem": described], suggestion: Self.indexHint)
            }
            return Diagnostic(.yamlSyntax, at: at, ["problem": described])
        }
    }

    /// Whether the error is at the `[` of an array's index (`flags[0]`) in a plain scalar: inside
    /// `{ … }` or `[ … ]` YAML reads `[` as the start of a list.
    static func isIndexInFlow(at column: Int, in line: [Unicode.Scalar]) -> Bool {
        guard column > 0, column < line.count, line[column] == "[" else { return false }
        let before = line[column - 1]
        return before == "_" || before.properties.isAlphabetic || ("0"..."9").contains(before)
    }

    /// What to do about an index YAML read as a list.
    static let indexHint = "inside '{ … }' YAML reads '[' as the start of a list: put an expression with an index in quotes ('flag[i] and ready')"

    /// A 0-based line and column of libyaml's as a location.
    private func location(line: Int, column: Int, file: SourceFileName) -> SourceLocation {
        SourceLocation(file: file, line: LibYAMLEvents.oneBased(line), column: LibYAMLEvents.oneBased(column))
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
