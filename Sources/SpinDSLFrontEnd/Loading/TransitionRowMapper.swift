/// Maps a transition row to its `TransitionDeclaration`: the one place where a row's YAML becomes
/// its declaration, whichever way the reader read the row, driven by one table of the row's keys
/// (`Key`).
///
/// The reader hands the rows of a streamed `transitions` list over as their events, before any node
/// of them is built (`TransitionRowStream`), and they are mapped `declining`: the first problem
/// declines the row. The reader then builds the row as nodes, reporting what is wrong with the YAML
/// itself (a repeated key, say), and the nodes are mapped again, as the events they stand for,
/// `reporting` every problem. Rows read as nodes in the first place (anchored, tagged or aliased
/// ones, and lists that are not streamed) are mapped the same way. A large table's rows are nearly
/// all mapped once, from their events, without a node.
///
/// Adding a row key is a change to this file (and to `TransitionDeclaration`, which gets the field):
/// a case of `Key`, with its `spelling`, its arm in `Key(spelling:)` and, for a key every row must
/// have, `whenMissing`; the part it fills in `Row`; its arm in `Row.read(_:from:)`, which says what
/// its value may be (`ItemEventReader` reads names, lists of names, expressions and `field: value`
/// mappings); and `Row.declaration(at:)`. Unknown-key hints, missing-key errors, repeated keys and
/// both ways of reading a row then know it. `TransitionRowMapperTests.keys` holds the spellings.
enum TransitionRowMapper {
    /// The keys of a transition row, in the order hints list them. The raw value is the key's
    /// position, its bit in a `KeySet`.
    enum Key: UInt8, CaseIterable {
        case from
        case on
        case when
        case to
        case set
        case `internal`
        case emit
        case with
        case propagate
        case `if`
        case then
        case `else`
        case after
        case send
        case delay
        case id
        case cancel

        /// How the key is written.
        var spelling: String {
            switch self {
            case .from: return "from"
            case .on: return "on"
            case .when: return "when"
            case .to: return "to"
            case .set: return "set"
            case .internal: return "internal"
            case .emit: return "emit"
            case .with: return "with"
            case .propagate: return "propagate"
            case .if: return "if"
            case .then: return "then"
            case .else: return "else"
            case .after: return "after"
            case .send: return "send"
            case .delay: return "delay"
            case .id: return "id"
            case .cancel: return "cancel"
            }
        }

        /// The key a row's key text spells, or nil for a text that is not one.
        ///
        /// Told apart by length first, in a switch: comparing two strings that differ calls into the
        /// standard library, which a search of `spellings` would do for nearly every key of every
        /// row. A test holds every case to its spelling.
        init?(spelling text: String) {
            switch text.utf8.count {
            case 2 where text == "on": self = .on
            case 2 where text == "if": self = .if
            case 4 where text == "then": self = .then
            case 4 where text == "else": self = .else
            case 2 where text == "to": self = .to
            case 3 where text == "set": self = .set
            case 4 where text == "from": self = .from
            case 4 where text == "when": self = .when
            case 4 where text == "emit": self = .emit
            case 4 where text == "with": self = .with
            case 5 where text == "after": self = .after
            case 4 where text == "send": self = .send
            case 5 where text == "delay": self = .delay
            case 2 where text == "id": self = .id
            case 6 where text == "cancel": self = .cancel
            case 8 where text == "internal": self = .internal
            case 9 where text == "propagate": self = .propagate
            default: return nil
            }
        }

        /// What a row without this key is told, for a key every row must have (none: a row
        /// without `on` is eventless).
        var whenMissing: DiagnosticGroup? {
            switch self {
            case .from, .on, .when, .to, .set, .internal, .emit, .with, .propagate, .if, .then, .else, .after, .send, .delay, .id, .cancel:
                return nil
            }
        }

        /// Every key, made once (`allCases` makes a new array at every use).
        static let table = allCases
        /// The spellings, for hints.
        static let spellings = table.map(\.spelling)
        /// The keys every row must have.
        static let required = table.filter { $0.whenMissing != nil }
    }

    /// A set of keys without an allocation: a bit for each, by its raw value (`Key` has fewer
    /// than 64 cases).
    private struct KeySet {
        private var bits: UInt64 = 0

        /// Adds `key`; false when it was there already.
        mutating func insert(_ key: Key) -> Bool {
            let bit: UInt64 = 1 << key.rawValue
            defer { bits |= bit }
            return bits & bit == 0
        }

        func contains(_ key: Key) -> Bool {
            bits & (1 << key.rawValue) != 0
        }
    }

    /// A row as far as it has been read.
    struct Row {
        var sources = RowSources.any
        var event: Name?
        var moreEvents: [Name] = []
        var guardExpression: ExpressionText?
        var target: Name?
        var assignments = RowAssignments([])
        /// `to: history(S)`, `history(S, deep)`, `history(S, shallow)`.
        var targetsHistory = false
        var historyKind: HistoryKind?
        var isInternal = false
        var emit: Name?
        var payload: RowAssignments?
        var propagate: (gear: Name, event: Name)?
        /// `if`, `then`, `else`: the row's conditional action.
        var condition: ExpressionText?
        var then: [ActionBlockDeclaration]?
        var otherwise: [ActionBlockDeclaration] = []
        /// `after`: a timed row's duration.
        var after: ExpressionText?
        /// `send` and its `delay` and `id`; `cancel`.
        var sent: Name?
        var delay: ExpressionText?
        var sendID: Name?
        var cancel: Name?
        /// False once a value could not be read.
        var complete = true

        /// Reads the value of `key` at the reader's cursor: what each key's value may be.
        @inline(__always)
        mutating func read(_ key: Key, from reader: inout ItemEventReader) throws(ItemEventReader.Declined) {
            switch key {
            case .from:
                try readSources(from: &reader)
            case .on:
                try readEvents(from: &reader)
            case .when:
                if let text = try reader.expression("for 'when'") { guardExpression = text } else { complete = false }
            case .to:
                try readTarget(from: &reader)
            case .set:
                if let written = try reader.assignments("set") { assignments = written } else { complete = false }
            case .internal:
                guard let flag = try reader.bool("for 'internal'") else {
                    complete = false
                    return
                }
                isInternal = flag
            case .emit:
                if let name = try reader.name("for 'emit'") { emit = name } else { complete = false }
            case .with:
                if let written = try reader.assignments("with") { payload = written } else { complete = false }
            case .propagate:
                try readPropagate(from: &reader)
            case .if:
                if let text = try reader.expression("for 'if'") { condition = text } else { complete = false }
            case .then:
                if let blocks = try reader.actionBlocks("transition") { then = blocks } else { complete = false }
            case .else:
                if let blocks = try reader.actionBlocks("transition") { otherwise = blocks } else { complete = false }
            case .after:
                if let text = try reader.expression("for 'after'") { after = text } else { complete = false }
            case .send:
                if let name = try reader.name("for 'send'") { sent = name } else { complete = false }
            case .delay:
                if let text = try reader.expression("for 'delay'") { delay = text } else { complete = false }
            case .id:
                if let name = try reader.name("for 'id'") { sendID = name } else { complete = false }
            case .cancel:
                if let name = try reader.name("for 'cancel'") { cancel = name } else { complete = false }
            }
        }

        /// `from: S`, `from: any` or `from: [S, T]`.
        @inline(__always)
        private mutating func readSources(from reader: inout ItemEventReader) throws(ItemEventReader.Declined) {
            if let scalar = reader.nonNullScalar() {
                sources = scalar.value == "any" ? .any : .one(Name(scalar.value, at: scalar.contentLocation))
            } else if let names = try reader.names("from") {
                sources = RowSources(.states(names))
            } else {
                complete = false
            }
        }

        /// One event (read without an array, as nearly every row has), or a non-empty list of
        /// them: `on: [coinA, coinB]`.
        @inline(__always)
        private mutating func readEvents(from reader: inout ItemEventReader) throws(ItemEventReader.Declined) {
            if let scalar = reader.nonNullScalar() {
                event = Name(scalar.value, at: scalar.contentLocation)
                return
            }
            let listLocation = reader.collectionLocation
            guard let names = try reader.names("on") else {
                complete = false
                return
            }
            guard let first = names.first else {
                if let listLocation { try reader.problem(Diagnostic(.transitionWithoutEvent, at: listLocation)) }
                complete = false
                return
            }
            event = first
            moreEvents = Array(names.dropFirst())
        }

        /// `to: S` or `to: history(S[, KIND])`.
        @inline(__always)
        private mutating func readTarget(from reader: inout ItemEventReader) throws(ItemEventReader.Declined) {
            guard let name = try reader.name("for 'to'") else {
                complete = false
                return
            }
            guard let (name, history) = try Self.target(name, reader: &reader) else {
                complete = false
                return
            }
            target = name
            targetsHistory = history.targetsHistory
            historyKind = history.kind
        }

        /// `propagate: gear.event`.
        @inline(__always)
        private mutating func readPropagate(from reader: inout ItemEventReader) throws(ItemEventReader.Declined) {
            guard let name = try reader.name("for 'propagate'") else {
                complete = false
                return
            }
            if let split = SpecBuilder.gearEvent(name) {
                propagate = split
            } else {
                try reader.problem(Diagnostic(.invalidGearEvent, at: name.location, ["key": "propagate", "value": name.text]))
                complete = false
            }
        }

        /// The target a `to` names: a state, or `history(S)` / `history(S, KIND)` (S, located at
        /// its first character, and the kind named); nil after reporting an unknown kind.
        private static func target(
            _ name: Name, reader: inout ItemEventReader
        ) throws(ItemEventReader.Declined) -> (Name, (targetsHistory: Bool, kind: HistoryKind?))? {
            let text = name.text
            guard text.hasPrefix("history("), text.hasSuffix(")"), text.utf8.count > 9 else { return (name, (false, nil)) }
            let inside = text.dropFirst(8).dropLast()
            var location = name.location
            location.column = location.column &+ 8
            guard let comma = inside.firstIndex(of: ",") else {
                return (Name(String(inside), at: location), (true, nil))
            }
            let state = trimmed(inside[..<comma])
            let afterComma = inside[inside.index(after: comma)...]
            let written = trimmed(afterComma)
            guard let kind = HistoryKind(rawValue: String(written)) else {
                var at = location
                at.column = at.column &+ inside.distance(from: inside.startIndex, to: comma) &+ 1
                    &+ afterComma.prefix { $0 == " " }.count
                try reader.problem(Diagnostic(
                    .unknownHistory, at: at, ["value": String(written)],
                    suggestion: Suggestion.hint(for: String(written), in: ["shallow", "deep"])))
                return nil
            }
            return (Name(String(state), at: location), (true, kind))
        }

        /// `text` without the spaces around it.
        private static func trimmed(_ text: Substring) -> Substring {
            let start = text.drop { $0 == " " }
            return start.dropLast(start.reversed().prefix { $0 == " " }.count)
        }

        /// The declaration of the row that starts at `location`, when every value was read.
        @inline(__always)
        func declaration(at location: SourceLocation) -> TransitionDeclaration? {
            guard complete else { return nil }
            let with = payload?.array ?? []
            let send = sent.map { SendDeclaration(event: $0, payload: with, delay: delay, id: sendID) }
            let conditional = condition.map { ConditionalActionDeclaration(condition: $0, then: then ?? [], otherwise: otherwise) }
            let keys = RowStatechartKeys(
                isInternal: isInternal, targetsHistory: targetsHistory, historyKind: historyKind, emit: emit.map { EmitDeclaration(event: $0, payload: with) },
                propagate: propagate.map { PropagateDeclaration(gear: $0.gear, event: $0.event, payload: with) }, conditional: conditional,
                after: after, send: send, cancel: cancel)
            return TransitionDeclaration(
                location: location, sources: sources, event: event, moreEvents: moreEvents, guardExpression: guardExpression,
                target: target, assignments: assignments, statechartKeys: keys)
        }
    }

    /// The declaration of a row the reader streamed (see `YAMLItemConsumer.streamedItem`); nil to
    /// decline it, at its first problem.
    static func declaration(streamed events: [YAMLItemEvent]) -> TransitionDeclaration? {
        var reader = ItemEventReader(events, mode: .declining)
        do throws(ItemEventReader.Declined) {
            return try map(&reader)
        } catch {
            return nil
        }
    }

    /// The declaration of a row the reader built as a node, and every problem it has.
    static func declaration(of node: YAMLNode) -> (declaration: TransitionDeclaration?, diagnostics: [Diagnostic]) {
        var events: [YAMLItemEvent] = []
        YAMLItemEvent.append(node, to: &events)
        var reader = ItemEventReader(events, mode: .reporting)
        // Reporting never declines.
        let declaration = try? map(&reader)
        return (declaration ?? nil, reader.diagnostics)
    }

    /// Maps the row at the reader's cursor.
    private static func map(_ reader: inout ItemEventReader) throws(ItemEventReader.Declined) -> TransitionDeclaration? {
        guard let location = reader.collectionLocation, reader.enter(mapping: true) else {
            try reader.wrongKind(expected: "a mapping", "for each transition")
            return nil
        }
        var row = Row()
        var seen = KeySet()
        var sendKeys: [(String, SourceLocation)] = []
        while let keyItem = try reader.nextKey() {
            guard let key = Key(spelling: keyItem.scalar.value) else {
                // `to: history(S, deep)` unquoted in `{ … }`: the comma ended the value, and
                // `deep)` reads as a key.
                let cutByComma = keyItem.scalar.value.hasSuffix(")") && !keyItem.scalar.value.contains("(")
                try reader.problem(SpecBuilder.unknownKey(
                    keyItem.scalar.value, at: keyItem.start, allowed: Key.spellings, "in transition",
                    suggestion: cutByComma ? "a comma ends a value inside '{ … }': quote a value that holds one, as in to: 'history(S, deep)'" : nil))
                reader.skipValue()
                continue
            }
            guard seen.insert(key) else {
                try reader.readerProblem()
                reader.skipValue()
                continue
            }
            if key == .delay || key == .id { sendKeys.append((key.spelling, keyItem.start)) }
            try row.read(key, from: &reader)
        }
        // The row's own end must be the last event.
        if !reader.isAtEnd { try reader.readerProblem() }
        for key in Key.required where !seen.contains(key) {
            guard let missing = key.whenMissing else { continue }
            try reader.problem(Diagnostic(missing, at: location))
        }
        // A row's conditional action: `then` with `if`, and neither branch without it.
        if seen.contains(.if), !seen.contains(.then) {
            try reader.problem(Diagnostic(.conditionalWithoutThen, at: location, ["key": "transition"]))
            row.complete = false
        }
        if !seen.contains(.if), seen.contains(.then) || seen.contains(.else) {
            try reader.problem(Diagnostic(.conditionalWithoutIf, at: location))
            row.complete = false
        }
        if seen.contains(.with), !seen.contains(.emit), !seen.contains(.propagate), !seen.contains(.send) {
            try reader.problem(Diagnostic(.actionWithWithoutEvent, at: location))
            row.complete = false
        }
        if seen.contains(.send) || !sendKeys.isEmpty, let found = SpecBuilder.sendProblem(
            send: row.sent.map { SendDeclaration(event: $0, payload: [], delay: nil, id: nil) }, emit: row.emit,
            propagate: row.propagate.map { Name($0.gear.text + "." + $0.event.text, at: $0.gear.location) }, keys: sendKeys
        ) {
            try reader.problem(found)
            row.complete = false
        }
        return row.declaration(at: location)
    }
}
