/// Reads a spec file and maps it to a `SpecDocument`, reporting every problem at once.
///
/// The loader checks the shape of a spec (known keys, the kind of each value, required and
/// exclusive keys, durations, weights, strategies) and records names, expressions and initial
/// values with their locations. It does not resolve names or type expressions: that is the
/// validator's job, which works on the `SpecDocument`.
///
/// ```swift
/// let result = SpecLoader().load(contentsOf: "Specs/levels.yaml")
/// if let document = result.document { /* validate, run */ }
/// print(DiagnosticRenderer(sources: result.source.map { [$0] } ?? []).render(result.diagnostics))
/// ```
public struct SpecLoader: Sendable {
    /// The limits applied when reading the YAML.
    public let limits: YAMLLimits
    /// Files of at least this many bytes are parsed ahead on a second thread (see `YAMLReader`).
    let readAheadBytes: Int

    /// Creates a loader; `limits` bound what a hostile file can make the reader do.
    public init(limits: YAMLLimits = .init()) {
        self.init(limits: limits, readAheadBytes: YAMLReader.defaultReadAheadBytes)
    }

    /// Creates a loader whose reader parses files of `readAheadBytes` or more on a second thread.
    init(limits: YAMLLimits, readAheadBytes: Int) {
        self.limits = limits
        self.readAheadBytes = readAheadBytes
    }

    /// Loads a spec from text already in memory.
    public func load(_ source: SourceFile) -> SpecLoadResult {
        read(bytes: Array(source.text.utf8), source: source)
    }

    /// Loads the spec file at `path` (used verbatim in diagnostics).
    ///
    /// A file that is missing, is a directory, cannot be read or is too large yields a single
    /// error at `path:1:1` and no `source`. Bytes that are not valid UTF-8 are reported by the
    /// YAML reader; the `source` then holds the text decoded with replacement characters.
    ///
    /// - Parameter rawPath: the path as the file system spells it, NUL-terminated, when `path`
    ///   is only how it is shown: a command-line argument that is not valid UTF-8 reaches Swift
    ///   with its bad bytes replaced (`bad\u{FFFD}name.yaml`), which names no file.
    public func load(contentsOf path: String, rawPath: [CChar]? = nil) -> SpecLoadResult {
        let start = SourceLocation(file: path, line: 1, column: 1)
        func failure(_ group: DiagnosticGroup, _ values: KeyValuePairs<String, any CustomStringConvertible>) -> SpecLoadResult {
            SpecLoadResult(source: nil, document: nil, diagnostics: [Diagnostic(group, at: start, values)])
        }
        let bytes: [UInt8]
        switch FileBytes.contents(atPath: path, rawPath: rawPath, limit: limits.maxBytes) {
        case .success(let read):
            bytes = read
        case .failure(.notFound):
            return failure(.fileNotFound, ["path": path])
        case .failure(.isDirectory):
            return failure(.specIsDirectory, ["path": path])
        case .failure(.permissionDenied):
            return failure(.permissionDenied, ["path": path])
        case .failure(.symbolicLinkLoop):
            return failure(.symbolicLinkLoop, ["path": path])
        case .failure(.tooLarge(let size)):
            // Refused before it is parsed; a stream (`/dev/zero`) is read only one byte past the limit.
            let shown = size.map(String.init) ?? "at least \(limits.maxBytes &+ 1)"
            return failure(.specTooLarge, ["size": shown, "limit": limits.maxBytes])
        case .failure(.nothingToRead):
            return failure(.nothingToRead, ["path": path])
        case .failure(.unreadable):
            return failure(.fileUnreadable, ["path": path])
        }
        // Decoded (leniently) only if a line is quoted; the reader sees the raw bytes and reports
        // invalid UTF-8 itself.
        let source = SourceFile(path: path, bytes: bytes)
        return read(bytes: bytes, source: source)
    }

    /// Reads the YAML, mapping transition rows as they are read, then maps the rest of the tree,
    /// unless the YAML itself was broken.
    private func read(bytes: [UInt8], source: SourceFile) -> SpecLoadResult {
        var rows = TransitionRowStream()
        let read = YAMLReader(limits: limits, readAheadBytes: readAheadBytes).read(bytes: bytes, path: source.path, handingItemsTo: &rows)
        if read.diagnostics.contains(where: { $0.severity == .error }) {
            return SpecLoadResult(source: source, document: nil, diagnostics: read.diagnostics)
        }
        var builder = SpecBuilder(path: source.path, streamedTransitions: rows.lists)
        let document = builder.document(read.document)
        // Integer literals too large for 64 bits were found by the reader, in one pass over the events.
        let diagnostics = read.diagnostics + read.oversizedIntegers + builder.sortedDiagnostics()
        let failed = diagnostics.contains { $0.severity == .error }
        return SpecLoadResult(source: source, document: failed ? nil : document, diagnostics: diagnostics)
    }
}
