/// Turns the stream of parse events into a `YAMLNode` tree, enforcing the reader's rules
/// (unique scalar keys, one document, node and depth limits).
///
/// Kept free of libyaml types so that `YAMLReader.swift` stays the only file that touches C.
/// The tree is built with an explicit stack of open collections instead of recursion, so that
/// hostile nesting can only ever fail with a diagnostic, never with a stack overflow.
struct YAMLTreeBuilder {
    /// Whether parsing should go on after an event.
    enum Step {
        case proceed
        case stop
    }

    private struct Frame {
        let isMapping: Bool
        let location: SourceLocation
        let tag: String?
        let anchor: String?
        var items: [YAMLNode] = []
        var entries: [YAMLMappingEntry] = []
        /// A key that has been read and awaits its value.
        var pendingKey: YAMLNode?
        /// False when the pending key was rejected (duplicate or not a scalar): its value is
        /// read, so parsing can go on and find further problems, but then dropped.
        var pendingKeyAccepted = true
        /// Where each key was first seen, for duplicate-key diagnostics.
        var keyLocations: [String: SourceLocation] = [:]
        /// Nodes in this subtree, counting alias expansions; recorded with its anchor so a later
        /// alias can be charged for its full size before anything is copied.
        var size = 1
    }

    private struct Anchored {
        let node: YAMLNode
        let size: Int
    }

    private let limits: YAMLLimits
    private var text: YAMLSourceText
    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var totalNodes = 0
    private var documentCount = 0
    private(set) var root: YAMLNode?
    private(set) var diagnostics: [Diagnostic] = []

    init(limits: YAMLLimits, text: YAMLSourceText) {
        self.limits = limits
        self.text = text
    }

    /// A document begins. Spec files hold exactly one, so a second is an error.
    mutating func documentStart(at location: SourceLocation) -> Step {
        documentCount += 1
        guard documentCount == 1 else {
            diagnostics.append(.error(
                at: location, "a spec file holds one YAML document",
                hint: "remove the '---' separator or move the second document into its own file"))
            return .stop
        }
        return .proceed
    }

    /// A scalar was read. `start` is libyaml's start mark (the opening quote or block indicator),
    /// `end` its end mark.
    mutating func scalar(
        _ value: String, style: YAMLScalar.Style, tag: String?, anchor: String?,
        start: SourceLocation, end: SourceLocation
    ) -> Step {
        guard charge(1, at: start, isAlias: false) else { return .stop }
        let start = anchor == nil && tag == nil ? start : ownStart(start, end: end)
        let scalar = YAMLScalar(value: value, style: style, contentLocation: contentLocation(
            of: value, style: style, start: start, end: end))
        let node = YAMLNode(.scalar(scalar), at: start, tag: tag)
        if let anchor { anchors[anchor] = Anchored(node: node, size: 1) }
        attach(node, size: 1)
        return .proceed
    }

    /// A mapping or sequence opens.
    mutating func collectionStart(isMapping: Bool, tag: String?, anchor: String?, at location: SourceLocation) -> Step {
        guard stack.count < limits.maxDepth else {
            diagnostics.append(.error(
                at: location, "nesting deeper than \(limits.maxDepth) levels",
                hint: "raise YAMLLimits.maxDepth if the document really nests this deep"))
            return .stop
        }
        guard charge(1, at: location, isAlias: false) else { return .stop }
        let location = anchor == nil && tag == nil ? location : ownStart(location, end: nil)
        stack.append(Frame(isMapping: isMapping, location: location, tag: tag, anchor: anchor))
        return .proceed
    }

    /// The innermost open mapping or sequence closes.
    mutating func collectionEnd() -> Step {
        // libyaml only emits balanced events; an unbalanced end is ignored rather than trusted.
        guard let frame = stack.popLast() else { return .proceed }
        let kind: YAMLNode.Kind = frame.isMapping ? .mapping(frame.entries) : .sequence(frame.items)
        let node = YAMLNode(kind, at: frame.location, tag: frame.tag)
        if let anchor = frame.anchor { anchors[anchor] = Anchored(node: node, size: frame.size) }
        attach(node, size: frame.size)
        return .proceed
    }

    /// An alias (`*name`) was read: it stands for a copy of the node anchored as `name`.
    mutating func alias(_ name: String, at location: SourceLocation) -> Step {
        guard let anchored = anchors[name] else {
            if stack.contains(where: { $0.anchor == name }) {
                diagnostics.append(.error(
                    at: location, "recursive alias '*\(name)'",
                    hint: "an alias cannot refer to a collection that contains it"))
            } else {
                let hint = Suggestion.closest(to: name, in: anchors.keys).map { "did you mean '*\($0)'?" }
                diagnostics.append(.error(
                    at: location, "undefined alias '*\(name)'",
                    hint: hint ?? "define the anchor with '&\(name)' before the alias uses it"))
            }
            // Stand in a null so the rest of the document can still be checked.
            let placeholder = YAMLScalar(value: "", style: .plain, contentLocation: location)
            attach(YAMLNode(.scalar(placeholder), at: location), size: 1)
            return .proceed
        }
        // Charged before copying: the bound holds however the alias is nested.
        guard charge(anchored.size, at: location, isAlias: true) else { return .stop }
        // Copying is O(1) (the subtree is shared, not duplicated), so nothing recursive happens here.
        attach(YAMLNode(anchored.node.kind, at: location, tag: anchored.node.tag), size: anchored.size)
        return .proceed
    }

    /// Adds `count` nodes to the document's total; false (with a diagnostic) past the limit.
    private mutating func charge(_ count: Int, at location: SourceLocation, isAlias: Bool) -> Bool {
        let (total, overflow) = totalNodes.addingReportingOverflow(count)
        guard !overflow, total <= limits.maxNodes else {
            diagnostics.append(.error(
                at: location,
                isAlias
                    ? "alias expansion exceeds the limit of \(limits.maxNodes) nodes (possible alias bomb)"
                    : "document has more than \(limits.maxNodes) nodes",
                hint: "raise YAMLLimits.maxNodes if the document really is this large"))
            return false
        }
        totalNodes = total
        return true
    }

    /// Places a finished node into the open collection, or makes it the document's root.
    private mutating func attach(_ node: YAMLNode, size: Int) {
        guard var frame = stack.popLast() else {
            root = node
            return
        }
        // Sizes are bounded by `totalNodes`, which `charge` keeps within `maxNodes`.
        frame.size = frame.size.addingReportingOverflow(size).partialValue
        if !frame.isMapping {
            frame.items.append(node)
        } else if let key = frame.pendingKey {
            if frame.pendingKeyAccepted {
                frame.entries.append(YAMLMappingEntry(key: key, value: node))
            }
            frame.pendingKey = nil
        } else {
            frame.pendingKey = node
            frame.pendingKeyAccepted = accept(key: node, in: &frame)
        }
        stack.append(frame)
    }

    /// Checks a mapping key: it must be a scalar not seen before in the same mapping.
    private mutating func accept(key: YAMLNode, in frame: inout Frame) -> Bool {
        guard let scalar = key.scalar else {
            diagnostics.append(.error(
                at: key.location, "mapping keys must be scalars",
                hint: "use a plain name as the key; complex keys such as '[a, b]: x' are not supported"))
            return false
        }
        if let first = frame.keyLocations[scalar.value] {
            diagnostics.append(.error(
                at: key.location, "duplicate key '\(scalar.value)'",
                hint: "first defined at line \(first.line):\(first.column)"))
            return false
        }
        frame.keyLocations[scalar.value] = key.location
        return true
    }

    /// libyaml starts a node with an anchor or tag at that property; callers want the node's own
    /// text (the quote, the `[`, the first key), so step over the properties. An empty node has
    /// no text of its own and keeps the property's location.
    private mutating func ownStart(_ start: SourceLocation, end: SourceLocation?) -> SourceLocation {
        let limit = end.map { (line: $0.line - 1, column: $0.column - 1) }
        guard let own = text.skippingNodeProperties(line: start.line - 1, column: start.column - 1, limit: limit) else {
            return start
        }
        return SourceLocation(file: start.file, line: own.line + 1, column: own.column + 1)
    }

    /// Where a scalar's content starts; see `YAMLScalar.contentLocation`.
    private mutating func contentLocation(
        of value: String, style: YAMLScalar.Style, start: SourceLocation, end: SourceLocation
    ) -> SourceLocation {
        switch style {
        case .plain:
            return start
        case .singleQuoted, .doubleQuoted:
            var location = start
            location.column += 1
            return location
        case .literal, .folded:
            return blockContentLocation(of: value, start: start, end: end) ?? start
        }
    }

    /// The first content character of a block scalar: on the first line after the header that
    /// has a non-space character, moved left by however many spaces the value itself starts
    /// with (possible with an explicit indentation indicator such as `|2`).
    private mutating func blockContentLocation(of value: String, start: SourceLocation, end: SourceLocation) -> SourceLocation? {
        let firstValueLine = value.unicodeScalars.drop { $0 == "\n" }.prefix { $0 != "\n" }
        guard !firstValueLine.isEmpty else { return nil }
        let valueIndent = firstValueLine.prefix { $0 == " " }.count
        // Marks are 1-based here; the source text is indexed from 0. The header is on
        // `start.line`, so content begins on the next line and cannot pass the end mark.
        let lastLine = min(end.line - 1, text.lineCount() - 1)
        var line = start.line
        while line <= lastLine {
            if let scalars = text.scalars(ofLine: line), let firstNonSpace = scalars.firstIndex(where: { $0 != " " }) {
                guard firstNonSpace >= valueIndent else { return nil }
                return SourceLocation(file: start.file, line: line + 1, column: firstNonSpace - valueIndent + 1)
            }
            line += 1
        }
        return nil
    }
}
