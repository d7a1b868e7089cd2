/// Reads the values of one item of a YAML list, given as its events (`YAMLItemEvent`), in order, and
/// deals with what is wrong with them in one of two ways (`Mode`).
///
/// The events are those the reader streamed for the item, or those the item's node stands for
/// (`YAMLItemEvent.append(_:to:)`), so that an item is mapped by the same code however it was read.
/// Diagnostics are worded as `SpecBuilder` words them for the rest of a spec.
struct ItemEventReader {
    /// What a problem with a value does.
    enum Mode {
        /// It is recorded in `diagnostics`, and reading goes on to find the item's other problems.
        case reporting
        /// It ends the reading at once (`Declined`): the caller has another way to read the item,
        /// which reports its problems.
        case declining
    }

    /// Thrown at the first problem when `declining`.
    struct Declined: Error {}

    /// A streamed mapping with more keys than this is declined, so that the reader, which indexes
    /// the keys of larger mappings, checks it for repeated keys: searching the keys read so far for
    /// each new one would take quadratic time on a hostile mapping.
    static let keysSearchedInPlace = 8

    private let events: [YAMLItemEvent]
    private var index = 0
    /// What a problem does.
    let mode: Mode
    /// The problems found, in order, when `reporting`.
    private(set) var diagnostics: [Diagnostic] = []

    /// A reader of `events`, from the first.
    init(_ events: [YAMLItemEvent], mode: Mode) {
        self.events = events
        self.mode = mode
    }

    // MARK: - Problems

    /// Records `diagnostic` when reporting; declines when declining.
    mutating func problem(_ diagnostic: @autoclosure () -> Diagnostic) throws(Declined) {
        guard mode == .reporting else { throw Declined() }
        diagnostics.append(diagnostic())
    }

    /// A problem the YAML reader reports itself, such as a repeated key or a key that is not a
    /// scalar: a streamed item is declined, so that the reader builds it as nodes and reports it.
    /// The reader leaves such entries out of the nodes it builds, so when reporting there is nothing
    /// to add (and the entry is skipped).
    func readerProblem() throws(Declined) {
        if mode == .declining { throw Declined() }
    }

    /// Reports the value at the cursor as not being `expected`, and skips it.
    mutating func wrongKind(expected: String, _ role: @autoclosure () -> String) throws(Declined) {
        guard let (kind, location) = valueStart() else { return try readerProblem() }
        try problem(SpecBuilder.wrongKind(at: location, expected: expected, role(), found: kind))
        skipValue()
    }

    // MARK: - Moving

    /// Whether every event has been read.
    @inline(__always)
    var isAtEnd: Bool { index >= events.count }

    /// The kind and location of the value at the cursor; nil at the end of a collection.
    private func valueStart() -> (YAMLValueKind, SourceLocation)? {
        guard index < events.count, let kind = YAMLValueKind(events[index]) else { return nil }
        switch events[index] {
        case .scalar(let item): return (kind, item.start)
        case .collectionStart(_, let location): return (kind, location)
        case .collectionEnd: return nil
        }
    }

    /// Skips the value at the cursor, with everything in it.
    mutating func skipValue() {
        var depth = 0
        repeat {
            guard index < events.count else { return }
            switch events[index] {
            case .scalar: break
            case .collectionStart: depth &+= 1
            case .collectionEnd: depth &-= 1
            }
            index &+= 1
        } while depth > 0
    }

    /// Opens the collection at the cursor if it is a mapping (`isMapping`) or a list; false, having
    /// read nothing, when it is something else.
    @inline(__always)
    mutating func enter(mapping isMapping: Bool) -> Bool {
        guard index < events.count, case .collectionStart(isMapping, _) = events[index] else { return false }
        index &+= 1
        return true
    }

    /// The location of the collection at the cursor, if one starts there.
    @inline(__always)
    var collectionLocation: SourceLocation? {
        guard index < events.count, case .collectionStart(_, let location) = events[index] else { return nil }
        return location
    }

    /// The next key of the mapping just entered, or nil, having read the mapping's end, when it has
    /// no more. A key that is not a scalar is the reader's problem (`readerProblem()`).
    @inline(__always)
    mutating func nextKey() throws(Declined) -> YAMLItemScalar? {
        while index < events.count {
            switch events[index] {
            case .scalar(let item):
                index &+= 1
                return item
            case .collectionEnd:
                index &+= 1
                return nil
            case .collectionStart:
                try readerProblem()
                skipValue()
                skipValue()
            }
        }
        try readerProblem()
        return nil
    }

    /// Whether the list just entered has another item; reads the list's end when it has not.
    @inline(__always)
    mutating func hasNextItem() -> Bool {
        guard index < events.count else { return false }
        if case .collectionEnd = events[index] {
            index &+= 1
            return false
        }
        return true
    }

    // MARK: - Values

    /// The value at the cursor, read, if it is a scalar that is not null; nil, having read nothing,
    /// otherwise.
    @inline(__always)
    mutating func nonNullScalar() -> YAMLScalar? {
        guard index < events.count, case .scalar(let item) = events[index], !item.scalar.isNull else { return nil }
        index &+= 1
        return item.scalar
    }

    /// `true` or `false`; anything else is reported (a scalar with its text: `internal: yes`
    /// names `'yes'`) and skipped.
    mutating func bool(_ role: @autoclosure () -> String) throws(Declined) -> Bool? {
        if index < events.count, case .scalar(let item) = events[index], !item.scalar.isNull {
            if let flag = item.scalar.asBool() {
                index &+= 1
                return flag
            }
            try problem(Diagnostic(.wrongValueKind, at: item.scalar.contentLocation, [
                "expected": "true or false", "role": role(), "found": "'\(item.scalar.value)'",
            ]))
            index &+= 1
            return nil
        }
        try wrongKind(expected: "true or false", role())
        return nil
    }

    /// A name written as a scalar, located at its first character.
    @inline(__always)
    mutating func name(_ role: @autoclosure () -> String) throws(Declined) -> Name? {
        try nonNullScalar(expected: "a string", role()).map { Name($0.value, at: $0.contentLocation) }
    }

    /// An expression or template written as a scalar.
    @inline(__always)
    mutating func expression(_ role: @autoclosure () -> String) throws(Declined) -> ExpressionText? {
        try nonNullScalar(expected: "an expression", role()).map { ExpressionText($0.value, at: $0.contentLocation, layout: $0.layout) }
    }

    /// The scalar at the cursor, read, when it is not null; otherwise the value is reported as not
    /// being `expected` and skipped.
    @inline(__always)
    private mutating func nonNullScalar(expected: String, _ role: @autoclosure () -> String) throws(Declined) -> YAMLScalar? {
        if let scalar = nonNullScalar() { return scalar }
        try wrongKind(expected: expected, role())
        return nil
    }

    /// One name or a list of names, the value of `key`; items that are not names are reported.
    mutating func names(_ key: String) throws(Declined) -> [Name]? {
        if let scalar = nonNullScalar() { return [Name(scalar.value, at: scalar.contentLocation)] }
        guard enter(mapping: false) else {
            try wrongKind(expected: "a name or a list of names", "for '\(key)'")
            return nil
        }
        var names: [Name] = []
        var complete = true
        while hasNextItem() {
            if let name = try name("in '\(key)'") { names.append(name) } else { complete = false }
        }
        return complete ? names : nil
    }

    /// The rest of an expression YAML's flow mapping cut at commas, read: while `text` has
    /// parentheses left open, each next entry that is a key without a value (`100)`) is a piece of
    /// it. The whole text and the number of entries, or nil (having read nothing) when none is.
    private mutating func cutExpression(_ text: String) -> (text: String, entries: Int)? {
        var text = text
        var open = SpecBuilder.openParentheses(text)
        var entries = 1
        while open > 0, index &+ 1 < events.count, case .scalar(let key) = events[index],
              case .scalar(let value) = events[index &+ 1], value.scalar.isNull {
            text += ", " + key.scalar.value
            open &+= SpecBuilder.openParentheses(key.scalar.value)
            entries &+= 1
            index &+= 2
        }
        return entries > 1 ? (text, entries) : nil
    }

    /// `field: expression` pairs, the value of `key`, in order; one pair is kept without an array.
    mutating func assignments(_ key: String) throws(Declined) -> RowAssignments? {
        guard enter(mapping: true) else {
            try wrongKind(expected: "a mapping", "for '\(key)'")
            return nil
        }
        // Most rows assign one field: the array is made only for a second.
        var first: Assignment?
        var more: [Assignment] = []
        var complete = true
        while let written = try nextKey() {
            let field = written.scalar
            let name = Name(field.value, at: field.contentLocation)
            guard let value = try expression("for '\(name.text)'") else {
                complete = false
                continue
            }
            if SpecBuilder.openParentheses(value.text) > 0, let cut = cutExpression(value.text) {
                // `{ credit: min(credit + 5, 100) }`: YAML ended the value at the comma.
                try problem(SpecBuilder.cutByComma(field: name.text, text: cut.text, entries: cut.entries, at: value.location))
                complete = false
                continue
            }
            let assignment = Assignment(field: name, value: value)
            guard let earlier = first else {
                first = assignment
                continue
            }
            // `first`, `more` and this one: more than `keysSearchedInPlace` keys are declined.
            if mode == .declining, more.count &+ 2 > Self.keysSearchedInPlace || earlier.field.text == field.value
                || more.contains(where: { $0.field.text == field.value }) {
                try readerProblem()
            }
            more.append(assignment)
        }
        guard complete else { return nil }
        guard let first else { return RowAssignments([]) }
        return more.isEmpty ? RowAssignments(single: first) : RowAssignments([first] + more)
    }
}
