/// Turns the stream of parse events into a `YAMLNode` tree, enforcing the reader's rules
/// (unique scalar keys, one document, alias-expansion and depth limits).
///
/// Kept free of libyaml types so that `LibYAMLEvents.swift` stays the only file that touches C.
/// The tree is built with an explicit stack of open collections instead of recursion, so that
/// hostile nesting can only ever fail with a diagnostic, never with a stack overflow.
///
/// The items of the sequences `consumer` chooses are handed to it as they finish instead of being
/// kept (see `YAMLItemConsumer`).
struct YAMLTreeBuilder<Consumer: YAMLItemConsumer> {
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
        /// Where a mapping's entries start in the builder's `entries`.
        let entriesStart: Int
        /// A key that has been read and awaits its value.
        var pendingKey: YAMLNode?
        /// False when the pending key was rejected (duplicate or not a scalar): its value is
        /// read, so parsing can go on and find further problems, but then dropped.
        var pendingKeyAccepted = true
        /// Where each key was first seen, for duplicate-key diagnostics: made only for mappings
        /// with many keys, since searching a few entries costs less than hashing.
        var keyLocations: [String: SourceLocation]?
        /// Nodes in this subtree, counting alias expansions; recorded with its anchor so a later
        /// alias can be charged for its full size before anything is copied. Bounded by the input's
        /// length plus `YAMLLimits.maxNodes`.
        var size = 1
        /// Whether this is a sequence whose items go to the consumer instead of `items`.
        var handsItemsOver = false
    }

    private struct Anchored {
        let node: YAMLNode
        let size: Int
    }

    private let limits: YAMLLimits
    private var text: YAMLSourceText
    private var stack: [Frame] = []
    /// The entries of every open mapping, innermost last. A mapping's entries are gathered here and
    /// copied out once, at its end, into an array of exactly their number, rather than an array per
    /// mapping grown one entry at a time (allocated and moved at every doubling): most mappings are
    /// small. Sequences keep an array of their own: a long one (the transitions) would otherwise be
    /// gathered and then copied whole.
    private var entries: [YAMLMappingEntry] = []
    private var anchors: [String: Anchored] = [:]
    /// Nodes materialised by aliases so far; the document's own nodes are bounded by its size.
    private var aliasNodes = 0
    private var documentCount = 0
    private(set) var root: YAMLNode?
    private(set) var diagnostics: [Diagnostic] = []
    /// Plain scalars spelling decimal integers that do not fit in 64 bits, once each in document
    /// order. Kept apart from `diagnostics`: they are the spec's concern, not the YAML's, and do
    /// not stop the document from being returned.
    private(set) var oversizedIntegers: [Diagnostic] = []
    /// Takes the items of the sequences it chooses.
    private(set) var consumer: Consumer
    /// The events of the mapping item being offered to the consumer as events (see
    /// `YAMLItemConsumer.streamedItem`) so far; kept empty, with its capacity, between items.
    private var streamed: [YAMLItemEvent] = []
    /// The collections open in the item being streamed: zero when no item is.
    private var streamedDepth = 0
    /// The nodes of the item being streamed, for the size of the sequence it belongs to.
    private var streamedNodes = 0
    /// Set while the events of an item the consumer declined are built into nodes, so that its
    /// mapping is not offered again.
    private var replaying = false

    init(limits: YAMLLimits, text: YAMLSourceText, consumer: Consumer) {
        self.limits = limits
        self.text = text
        self.consumer = consumer
    }

    /// A document begins. Spec files hold exactly one, so a second is an error.
    mutating func documentStart(at location: SourceLocation) -> Step {
        if streamedDepth > 0 { replayStreamedItem() }
        documentCount += 1
        guard documentCount == 1 else {
            diagnostics.append(Diagnostic(.multipleDocuments, at: location))
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
        let tagLocation = start
        let start = anchor == nil && tag == nil ? start : ownStart(start, end: end)
        var scalar = YAMLScalar(value: value, style: style, contentLocation: contentLocation(
            of: value, style: style, start: start, end: end), layout: text.layout(of: value, style: style, start: start, end: end))
        if let tag { scalar = tagged(scalar, tag, at: tagLocation) }
        if scalar.isOversizedInteger {
            // Without this check such a literal would silently be read as a (rounded) double.
            oversizedIntegers.append(Diagnostic(.integerLiteralTooLarge, at: scalar.contentLocation, ["value": value]))
        }
        if streamedDepth > 0 {
            if anchor == nil, tag == nil {
                streamed.append(.scalar(YAMLItemScalar(scalar: scalar, start: start)))
                streamedNodes &+= 1
                return .proceed
            }
            replayStreamedItem()
        }
        place(scalar, at: start, tag: tag, anchor: anchor)
        return .proceed
    }

    /// Places a scalar's node into the tree.
    private mutating func place(_ scalar: YAMLScalar, at start: SourceLocation, tag: String?, anchor: String?) {
        let node = YAMLNode(.scalar(scalar), at: start, tag: tag)
        if let anchor { anchors[anchor] = Anchored(node: node, size: 1) }
        attach(node, size: 1)
    }

    /// A mapping or sequence opens.
    mutating func collectionStart(isMapping: Bool, tag: String?, anchor: String?, at location: SourceLocation) -> Step {
        if streamedDepth > 0 {
            // Nesting is bounded while streaming exactly as it is when building, so that a declined
            // item replays into the same frames.
            if anchor == nil, tag == nil, stack.count &+ streamedDepth < limits.maxDepth {
                streamed.append(.collectionStart(isMapping: isMapping, at: location))
                streamedDepth &+= 1
                streamedNodes &+= 1
                return .proceed
            }
            replayStreamedItem()
        }
        guard stack.count < limits.maxDepth else {
            diagnostics.append(Diagnostic(.nestingTooDeep, at: location, ["limit": limits.maxDepth]))
            return .stop
        }
        if let tag { checkCollectionTag(tag, isMapping: isMapping, at: location) }
        let location = anchor == nil && tag == nil ? location : ownStart(location, end: nil)
        if isMapping, anchor == nil, tag == nil, !replaying, consumer.takesStreamedItems,
           let top = stack.indices.last, stack[top].handsItemsOver {
            streamed.append(.collectionStart(isMapping: true, at: location))
            streamedDepth = 1
            streamedNodes = 1
            return .proceed
        }
        var frame = Frame(isMapping: isMapping, location: location, tag: tag, anchor: anchor, entriesStart: entries.count)
        if !isMapping, anchor == nil, consumerTakesItems() {
            frame.handsItemsOver = true
            consumer.sequenceStarts(at: location)
        }
        stack.append(frame)
        return .proceed
    }

    /// Whether the consumer takes the items of a sequence starting now, as the value of the keys
    /// pending in the open collections, which must all be mappings.
    private func consumerTakesItems() -> Bool {
        guard !stack.isEmpty, stack.count <= consumer.deepestSequence else { return false }
        var keys: [String] = []
        keys.reserveCapacity(stack.count)
        for frame in stack {
            guard frame.isMapping, frame.pendingKeyAccepted, let key = frame.pendingKey?.scalar?.value else { return false }
            keys.append(key)
        }
        return consumer.takesItems(ofSequenceUnder: keys)
    }

    /// The innermost open mapping or sequence closes.
    mutating func collectionEnd() -> Step {
        if streamedDepth > 0 {
            streamed.append(.collectionEnd)
            streamedDepth &-= 1
            if streamedDepth == 0 { finishStreamedItem() }
            return .proceed
        }
        // libyaml only emits balanced events; an unbalanced end is ignored rather than trusted.
        guard let frame = stack.popLast() else { return .proceed }
        let top = stack.count &- 1
        if frame.isMapping, frame.anchor == nil, top >= 0, stack[top].handsItemsOver {
            // Handed over where the entries lie: the mapping's node is never built.
            consumer.mappingItem(entries[frame.entriesStart...], at: frame.location, tag: frame.tag)
            dropEntries(from: frame.entriesStart)
            stack[top].size = stack[top].size &+ frame.size
            return .proceed
        }
        if frame.handsItemsOver { consumer.sequenceEnds() }
        let kind: YAMLNode.Kind
        if frame.isMapping {
            // Inner mappings have all ended, so this one's entries are the last ones gathered.
            kind = .mapping(Array(entries[frame.entriesStart...]))
            dropEntries(from: frame.entriesStart)
        } else {
            kind = .sequence(frame.items)
        }
        let node = YAMLNode(kind, at: frame.location, tag: frame.tag)
        if let anchor = frame.anchor { anchors[anchor] = Anchored(node: node, size: frame.size) }
        attach(node, size: frame.size)
        return .proceed
    }

    /// Offers the item whose events have all been streamed to the consumer; builds it when declined.
    private mutating func finishStreamedItem() {
        if consumer.streamedItem(streamed) {
            // The item was offered because the innermost open collection hands its items over.
            let top = stack.count &- 1
            if top >= 0 { stack[top].size = stack[top].size &+ streamedNodes }
            // One at a time, as in `dropEntries`: `removeAll(keepingCapacity:)` goes through the
            // general `replaceSubrange`, which costs more than the few events of a row.
            while !streamed.isEmpty { streamed.removeLast() }
            streamedNodes = 0
        } else {
            replayStreamedItem()
        }
    }

    /// Builds the events streamed so far into nodes, as they would have been built had they not
    /// been streamed, and stops streaming: for an item the consumer declined, for an event that
    /// cannot be streamed (an anchor, tag or alias), and for a read that ends early.
    mutating func replayStreamedItem() {
        guard !streamed.isEmpty else { return }
        var events: [YAMLItemEvent] = []
        swap(&events, &streamed)
        streamedDepth = 0
        streamedNodes = 0
        replaying = true
        for event in events {
            switch event {
            case .scalar(let item):
                place(item.scalar, at: item.start, tag: nil, anchor: nil)
            case .collectionStart(let isMapping, let location):
                _ = collectionStart(isMapping: isMapping, tag: nil, anchor: nil, at: location)
            case .collectionEnd:
                _ = collectionEnd()
            }
        }
        replaying = false
        // The buffer's memory serves the next item.
        events.removeAll(keepingCapacity: true)
        swap(&events, &streamed)
    }

    /// Drops the entries of the mapping that has just ended, which start at `start`.
    ///
    /// One at a time: `removeLast(_:)` goes through the general `replaceSubrange`, which costs more
    /// than removing the few entries of a row.
    private mutating func dropEntries(from start: Int) {
        while entries.count > start { entries.removeLast() }
    }

    /// An alias (`*name`) was read: it stands for a copy of the node anchored as `name`.
    mutating func alias(_ name: String, at location: SourceLocation) -> Step {
        if streamedDepth > 0 { replayStreamedItem() }
        guard let anchored = anchors[name] else {
            if stack.contains(where: { $0.anchor == name }) {
                diagnostics.append(Diagnostic(.recursiveAlias, at: location, ["name": name]))
            } else {
                diagnostics.append(Diagnostic(
                    .undefinedAlias, at: location, ["name": name],
                    suggestion: Suggestion.hint(for: name, in: anchors.keys, sigil: "*")))
            }
            // Stand in a null so the rest of the document can still be checked.
            let placeholder = YAMLScalar(value: "", style: .plain, contentLocation: location)
            attach(YAMLNode(.scalar(placeholder), at: location), size: 1)
            return .proceed
        }
        // Charged before copying: the bound holds however the alias is nested.
        guard charge(anchored.size, at: location) else { return .stop }
        // Copying is O(1) (the subtree is shared, not duplicated), so nothing recursive happens here.
        attach(YAMLNode(anchored.node.kind, at: location, tag: anchored.node.tag), size: anchored.size)
        return .proceed
    }

    /// Adds the `count` nodes an alias expands to to the expansion total; false (with a
    /// diagnostic) past `YAMLLimits.maxNodes`.
    ///
    /// Only alias copies are counted: the nodes written in the document are already bounded by
    /// `YAMLLimits.maxBytes` (each takes at least a byte of text), while a few bytes of aliases can
    /// stand for billions of nodes. So a large spec with no aliases is never refused here.
    private mutating func charge(_ count: Int, at location: SourceLocation) -> Bool {
        let (total, overflow) = aliasNodes.addingReportingOverflow(count)
        guard !overflow, total <= limits.maxNodes else {
            diagnostics.append(Diagnostic(.aliasExpansionLimit, at: location, ["limit": limits.maxNodes]))
            return false
        }
        aliasNodes = total
        return true
    }

    /// Places a finished node into the open collection, or makes it the document's root.
    private mutating func attach(_ node: YAMLNode, size: Int) {
        let top = stack.count &- 1
        guard top >= 0 else {
            root = node
            return
        }
        // The frame is changed where it lies, so its arrays stay uniquely referenced and grow in place.
        // Sizes are bounded by the input's length plus `aliasNodes`, which `charge` keeps within
        // `maxNodes`; wrapping is only there because no arithmetic may trap.
        stack[top].size = stack[top].size &+ size
        if stack[top].handsItemsOver {
            consumer.item(node)
        } else if !stack[top].isMapping {
            stack[top].items.append(node)
        } else if let key = stack[top].pendingKey.take() {
            if stack[top].pendingKeyAccepted {
                entries.append(YAMLMappingEntry(key: key, value: node))
            }
        } else {
            let problem = Self.problem(withKey: node, in: &stack[top], entries: entries[stack[top].entriesStart...])
            if let problem { diagnostics.append(problem) }
            stack[top].pendingKey = node
            stack[top].pendingKeyAccepted = problem == nil
        }
    }

    /// Mappings with more keys than this index them by text for duplicate checks; smaller ones are
    /// searched.
    private static var keysSearchedInPlace: Int { 8 }

    /// Checks a mapping key, which must be a scalar not seen before in the same mapping, and
    /// records it; the diagnostic when it is rejected.
    private static func problem(
        withKey key: YAMLNode, in frame: inout Frame, entries: ArraySlice<YAMLMappingEntry>
    ) -> Diagnostic? {
        guard let scalar = key.scalar else {
            return Diagnostic(.complexMappingKey, at: key.location)
        }
        let first: SourceLocation?
        if let keyLocations = frame.keyLocations {
            first = keyLocations[scalar.value]
        } else {
            // Accepted keys are exactly the keys of the mapping's `entries` so far.
            first = entries.first { $0.key.scalar?.value == scalar.value }?.key.location
        }
        if let first {
            return Diagnostic(.duplicateKey, at: key.location, ["key": scalar.value, "line": first.line, "column": first.column])
        }
        if frame.keyLocations != nil {
            frame.keyLocations?[scalar.value] = key.location
        } else if entries.count >= keysSearchedInPlace {
            var keyLocations: [String: SourceLocation] = [:]
            for entry in entries {
                if let text = entry.key.scalar?.value { keyLocations[text] = entry.key.location }
            }
            keyLocations[scalar.value] = key.location
            frame.keyLocations = keyLocations
        }
        return nil
    }

    // MARK: Tags

    /// YAML's core schema tags, as libyaml resolves `!!name`.
    private static var coreTagPrefix: String { "tag:yaml.org,2002:" }

    /// `!!int` for a core schema tag, the tag as written otherwise.
    private static func shown(_ tag: String) -> String {
        tag.hasPrefix(coreTagPrefix) ? "!!" + tag.dropFirst(coreTagPrefix.count) : tag
    }

    /// A scalar as its tag makes it read. The core schema's scalar tags are honoured: `!!str` (and
    /// the non-specific `!`) make it a string however it is written (`!!str 42`), `!!int`,
    /// `!!float`, `!!bool` and `!!null` make it read as that type even when quoted (`!!int "5"`),
    /// and a value that is not of the tag's type is an error. Any other tag (`!!binary`,
    /// `!!timestamp`, `!custom`) is refused: a spec has no use for it, and ignoring it would read
    /// the value as something its author said it is not.
    private mutating func tagged(_ scalar: YAMLScalar, _ tag: String, at location: SourceLocation) -> YAMLScalar {
        func asPlain(_ value: String) -> YAMLScalar {
            YAMLScalar(value: value, style: .plain, contentLocation: scalar.contentLocation, layout: scalar.layout)
        }
        let plain = asPlain(scalar.value)
        let fits: Bool
        var read = plain
        switch tag {
        case "!", Self.coreTagPrefix + "str":
            return scalar.style == .plain ? YAMLScalar(value: scalar.value, style: .doubleQuoted, contentLocation: scalar.contentLocation, layout: scalar.layout) : scalar
        case Self.coreTagPrefix + "int":
            fits = plain.asInt() != nil || plain.isOversizedInteger
        case Self.coreTagPrefix + "float":
            fits = plain.asDouble() != nil || plain.isOversizedInteger
            // `!!float 1` is the double 1.0: written so that it reads as one.
            if fits, plain.asInt() != nil, !plain.value.hasPrefix("0x"), !plain.value.hasPrefix("0o") { read = asPlain(plain.value + ".0") }
        case Self.coreTagPrefix + "bool":
            fits = plain.asBool() != nil
        case Self.coreTagPrefix + "null":
            fits = plain.isNull
        case Self.coreTagPrefix + "seq", Self.coreTagPrefix + "map":
            diagnostics.append(Diagnostic(.tagMismatch, at: location, ["tag": Self.shown(tag), "kind": "a scalar"]))
            return scalar
        default:
            diagnostics.append(Diagnostic(.unsupportedTag, at: location, ["tag": Self.shown(tag)]))
            return scalar
        }
        guard fits else {
            diagnostics.append(Diagnostic(.tagMismatch, at: location, ["tag": Self.shown(tag), "kind": "'\(scalar.value)'"]))
            return scalar
        }
        return read
    }

    /// A mapping or sequence may carry the core schema's tag of its kind, and no other.
    private mutating func checkCollectionTag(_ tag: String, isMapping: Bool, at location: SourceLocation) {
        let own = Self.coreTagPrefix + (isMapping ? "map" : "seq")
        guard tag != own else { return }
        let isCore = [Self.coreTagPrefix + "map", Self.coreTagPrefix + "seq", Self.coreTagPrefix + "str", Self.coreTagPrefix + "int",
                      Self.coreTagPrefix + "float", Self.coreTagPrefix + "bool", Self.coreTagPrefix + "null", "!"].contains(tag)
        if isCore {
            diagnostics.append(Diagnostic(.tagMismatch, at: location, ["tag": Self.shown(tag), "kind": isMapping ? "a mapping" : "a list"]))
        } else {
            diagnostics.append(Diagnostic(.unsupportedTag, at: location, ["tag": Self.shown(tag)]))
        }
    }

    /// libyaml starts a node with an anchor or tag at that property; callers want the node's own
    /// text (the quote, the `[`, the first key), so step over the properties. An empty node has
    /// no text of its own and keeps the property's location.
    private mutating func ownStart(_ start: SourceLocation, end: SourceLocation?) -> SourceLocation {
        let limit = end.map { (line: $0.line - 1, column: $0.column - 1) }
        guard let own = text.skippingNodeProperties(line: start.line - 1, column: start.column - 1, limit: limit) else {
            return start
        }
        return start.moved(toLine: own.line + 1, column: own.column + 1)
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
                return start.moved(toLine: line + 1, column: firstNonSpace - valueIndent + 1)
            }
            line += 1
        }
        return nil
    }
}
