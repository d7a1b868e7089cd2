import Testing
@testable import SpinDSLFrontEnd

/// The one mapping of a transition row (`TransitionRowMapper`): what rows become, what is reported
/// about rows that are wrong, and how the reader's streamed rows are declined.
@Suite struct TransitionRowMapperTests {
    private static let path = "rows.yaml"

    /// A row as `line:column` of the row, then each part with where it is written.
    private static func describe(_ row: TransitionDeclaration) -> String {
        func at(_ location: SpinDSLFrontEnd.SourceLocation) -> String { "@\(location.line):\(location.column)" }
        var parts = ["\(row.location.line):\(row.location.column)"]
        switch row.source {
        case .any: parts.append("from any")
        case .states(let names): parts.append("from [\(names.map { $0.text + at($0.location) }.joined(separator: ", "))]")
        }
        if !row.events.isEmpty { parts.append("on " + row.events.map { "\($0.text)\(at($0.location))" }.joined(separator: ", ")) }
        if let guardExpression = row.guardExpression { parts.append("when \(guardExpression.text)\(at(guardExpression.location))") }
        if let target = row.target { parts.append("to \(target.text)\(at(target.location))") }
        if !row.assignments.isEmpty {
            let assignments = row.assignments.map { "\($0.field.text)\(at($0.field.location)) = \($0.value.text)\(at($0.value.location))" }
            parts.append("set { \(assignments.joined(separator: ", ")) }")
        }
        return parts.joined(separator: " ")
    }

    /// A diagnostic as `line:column: message [hint]`.
    private static func describe(_ diagnostic: Diagnostic) -> String {
        let hint = diagnostic.hint.map { " [\($0)]" } ?? ""
        return "\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.message)\(hint)"
    }

    /// The lines before the rows of the specs below: the rows start on line 6.
    private static let header = """
        spin: S
        states: [a, b]
        events: [go, back]
        data: { count: 0, other: 1 }
        transitions:

        """

    private static func load(_ text: String) -> SpecLoadResult {
        SpecLoader().load(SourceFile(path: path, text: text))
    }

    /// Every row of the `transitions` lists of `text`, as the reader gives it: its streamed events
    /// when it streams it (nil when it does not), and its node.
    private static func rows(of text: String) -> [(streamed: [YAMLItemEvent]?, node: YAMLNode)] {
        var recorder = RowRecorder()
        _ = YAMLReader().read(bytes: Array(text.utf8), path: path, handingItemsTo: &recorder)
        return recorder.rows
    }

    @Test("the keys, their spellings and the order hints list them in")
    func keys() {
        typealias Key = TransitionRowMapper.Key
        #expect(Key.table.map(\.spelling) == ["from", "on", "when", "to", "set", "internal", "emit", "with", "propagate", "if", "then", "else", "after", "send", "delay", "id", "cancel"])
        #expect(Key.spellings == Key.table.map(\.spelling))
        for key in Key.table {
            #expect(Key(spelling: key.spelling) == key)
            #expect(Key(spelling: key.spelling.uppercased()) == nil)
            #expect(Key(spelling: String(key.spelling.dropLast())) == nil)
        }
        #expect(Key(spelling: "") == nil)
        #expect(Key(spelling: "whe") == nil)
        #expect(Key.required == [])
    }

    @Test("rows map to their declarations, each part located where it is written")
    func rowsMapToDeclarations() throws {
        let result = Self.load(Self.header + """
              - { from: a, on: go, to: b, set: { count: count + 1 } }
              - { "from": 'a', "on": "go", when: "count > 1", to: b }
              - { from: any, on: back }
              - { from: [a, b], on: back, to: a, set: { count: 0, other: count } }
              - { from: [], on: back, set: {} }
              - { from: [a], on: go, set: { ~: 1 } }
              - { on: go, from: b, to: a }
              - from: b
                on: back
                when: |
                  count > 2
              - { from: a, on: [go, back], to: b }
              - from: b
                on:
                  - back
                  - go
              - { on: [go] }
            """)
        #expect(result.diagnostics.isEmpty)
        let rows = try #require(result.document?.spins.first?.transitions)
        #expect(rows.map(Self.describe) == [
            "6:5 from [a@6:13] on go@6:20 to b@6:28 set { count@6:38 = count + 1@6:45 }",
            "7:5 from [a@7:16] on go@7:27 when count > 1@7:39 to b@7:55",
            "8:5 from any on back@8:22",
            "9:5 from [a@9:14, b@9:17] on back@9:25 to a@9:35 set { count@9:45 = 0@9:52, other@9:55 = count@9:62 }",
            "10:5 from [] on back@10:21",
            "11:5 from [a@11:14] on go@11:22 set { ~@11:33 = 1@11:36 }",
            "12:5 from [b@12:21] on go@12:11 to a@12:28",
            "13:5 from [b@13:11] on back@14:9 when count > 2\n@16:7",
            "17:5 from [a@17:13] on go@17:21, back@17:25 to b@17:36",
            "18:5 from [b@18:11] on back@20:9, go@21:9",
            "22:5 from any on go@22:12",
        ])
    }

    @Test("every problem of a row is reported, where it is, and the row is left out")
    func problemsAreReported() {
        let result = Self.load(Self.header + """
              - { from: a, on: ~ }
              - { from: a, on: go, to: }
              - { from: a, on: go, when: ~, to: b }
              - { from: [a, ~], on: go }
              - { from: { a: 1 }, on: go }
              - { from: [[a]], on: go }
              - { on: go, set: count }
              - { on: go, set: { count: } }
              - { on: go, set: { count: [1] } }
              - { from: a, to: b }
              - { from: a, on: go, colour: red, to: b }
              - { fron: a, on: go }
              - 42
              - [a, b]
              - { on: go, set: { count: 99999999999999999999 } }
              - { on: go, from: [a, 7, ~, [b]], set: { count: 1, other: { x: 1 } } }
              - { on: [], to: b }
              - { on: [go, ~, [back]] }
            """)
        #expect(result.document == nil)
        #expect(result.diagnostics.map(Self.describe) == [
            // The reader's, first.
            "20:29: integer literal '99999999999999999999' does not fit in a 64-bit integer [integers range from -9223372036854775808 to 9223372036854775807; write a double such as 1e19 if one is meant]",
            "6:20: expected a name or a list of names for 'on', found nothing",
            "7:28: expected a string for 'to', found nothing",
            "8:30: expected an expression for 'when', found nothing",
            "9:17: expected a string in 'from', found nothing",
            "10:13: expected a name or a list of names for 'from', found a mapping",
            "11:14: expected a string in 'from', found a list",
            "12:20: expected a mapping for 'set', found a scalar",
            "13:29: expected an expression for 'count', found nothing",
            "14:29: expected an expression for 'count', found a list",
            // Line 15, a row without `on`, is an eventless row.
            "16:24: unknown key 'colour' in transition [the keys allowed here are 'from', 'on', 'when', 'to', 'set', 'internal', 'emit', 'with', 'propagate', 'if', 'then', 'else', 'after', 'send', 'delay', 'id', 'cancel']",
            "17:7: unknown key 'fron' in transition [did you mean 'from'?]",
            "18:5: expected a mapping for each transition, found a scalar",
            "19:5: expected a mapping for each transition, found a list",
            // `7` is a name (of a state that does not exist, which resolving reports).
            "21:28: expected a string in 'from', found nothing",
            "21:31: expected a string in 'from', found a list",
            "21:61: expected an expression for 'other', found a mapping",
            "22:11: 'on' lists no event [name the events that fire the row, or leave 'on' out for a row taken as soon as its guard holds]",
            "23:16: expected a string in 'on', found nothing",
            "23:19: expected a string in 'on', found a list",
        ])
    }

    @Test("rows with a repeated or complex key: the reader reports the key, and nothing more is said of the row")
    func keyProblems() {
        let result = Self.load("""
            spin: S
            transitions:
              - { from: a, on: go, set: { count: 1, count: 2 } }
              - { on: go, on: back }
              - { on: go, set: { [count]: 1 } }
              - { [on]: go }
            """)
        #expect(result.diagnostics.map(Self.describe) == [
            "3:41: duplicate key 'count' [first defined at line 3:31]",
            "4:15: duplicate key 'on' [first defined at line 4:7]",
            "5:22: mapping keys must be scalars [use a plain name as the key; complex keys such as '[a, b]: x' are not supported]",
            "6:7: mapping keys must be scalars [use a plain name as the key; complex keys such as '[a, b]: x' are not supported]",
        ])
    }

    @Test("a streamed row is declined exactly when mapping its node finds a problem, and maps the same otherwise")
    func decliningMatchesReporting() throws {
        let text = """
            transitions:
              - { from: a, on: go, to: b, set: { count: count + 1 } }
              - { "from": 'a', "on": "go", when: "count > 1", to: b }
              - { from: [a, b], on: back, to: a, set: { count: 0, other: count } }
              - { from: [], on: back, set: {} }
              - { from: a, on: ~ }
              - { from: [a, ~], on: go }
              - { from: [[a]], on: go }
              - { on: go, set: { count: [1] } }
              - { from: a, to: b }
              - { from: a, on: go, colour: red }
              - { on: go, set: { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8 } }
              - { on: go, set: { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9 } }
              - { from: a, on: [go, back], to: b }
              - { on: [] }
              - { on: [go, ~] }
            """
        let rows = Self.rows(of: text)
        #expect(rows.count == 15)
        for (index, row) in rows.enumerated() {
            let events = try #require(row.streamed, "row \(index) was not streamed")
            // The events the node stands for are those the reader streamed.
            var fromNode: [YAMLItemEvent] = []
            YAMLItemEvent.append(row.node, to: &fromNode)
            #expect(fromNode.map(Self.describe) == events.map(Self.describe), "row \(index)")
            let reported = TransitionRowMapper.declaration(of: row.node)
            let streamed = TransitionRowMapper.declaration(streamed: events)
            if index == 11 {
                // More fields than are searched in place: declined, for the reader's duplicate check.
                #expect(streamed == nil && reported.diagnostics.isEmpty && reported.declaration?.assignments.count == 9)
            } else if reported.diagnostics.isEmpty {
                #expect(streamed != nil && streamed == reported.declaration, "row \(index)")
            } else {
                #expect(streamed == nil, "row \(index)")
            }
        }
    }

    @Test("a repeated key in a streamed row is declined, for the reader to report")
    func repeatedKeysAreDeclined() {
        for text in ["transitions: [{ on: go, on: back }]", "transitions: [{ on: go, set: { a: 1, b: 2, a: 3 } }]"] {
            let rows = Self.rows(of: text)
            #expect(rows.count == 1)
            #expect(rows.first?.streamed.map(TransitionRowMapper.declaration(streamed:)) == .some(nil), "\(text)")
        }
    }

    /// An event as text, for comparing.
    private static func describe(_ event: YAMLItemEvent) -> String {
        switch event {
        case .scalar(let item):
            let scalar = item.scalar
            return "\(scalar.value)(\(scalar.style))@\(item.start.line):\(item.start.column)/\(scalar.contentLocation.column)"
        case .collectionStart(let isMapping, let location):
            return "\(isMapping ? "{" : "[")@\(location.line):\(location.column)"
        case .collectionEnd:
            return "end"
        }
    }
}

/// Takes the items of top-level `transitions` lists: records each streamed row's events and declines
/// it, so that the reader also builds its node, which it records too.
private struct RowRecorder: YAMLItemConsumer {
    var rows: [(streamed: [YAMLItemEvent]?, node: YAMLNode)] = []
    private var pending: [YAMLItemEvent]?

    var deepestSequence: Int { 1 }
    func takesItems(ofSequenceUnder keys: [String]) -> Bool { keys == ["transitions"] }
    mutating func sequenceStarts(at location: SpinDSLFrontEnd.SourceLocation) {}
    mutating func item(_ node: YAMLNode) {
        rows.append((pending.take(), node))
    }
    mutating func mappingItem(_ entries: ArraySlice<YAMLMappingEntry>, at location: SpinDSLFrontEnd.SourceLocation, tag: String?) {
        item(YAMLNode(.mapping(Array(entries)), at: location, tag: tag))
    }
    var takesStreamedItems: Bool { true }
    mutating func streamedItem(_ events: [YAMLItemEvent]) -> Bool {
        pending = events
        return false
    }
    mutating func sequenceEnds() {}
}
