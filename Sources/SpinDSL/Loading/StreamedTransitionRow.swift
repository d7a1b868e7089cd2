/// Recognizes a transition row from the reader's events, without a YAML node for any of it.
///
/// Only rows the general mapping (`SpecBuilder.transition`) would accept without a diagnostic are
/// recognized, and for them the declaration is exactly the one it makes: `from`, `on`, `when`, `to`
/// and `set` each at most once, with non-null scalars (a list of them for `from`, a mapping of
/// field names to them for `set`), and an `on`. Anything else — an unknown or repeated key, a null,
/// a value of another kind — is declined, and the reader then builds the row as a tree and maps it
/// the general way, which reports it. A large table's rows are nearly all of the recognized kind,
/// and building and mapping their nodes was most of the reader's own time.
enum StreamedTransitionRow {
    /// The declaration the row whose events these are stands for; nil to decline it.
    static func declaration(from events: [YAMLItemEvent]) -> TransitionDeclaration? {
        var cursor = Cursor(events: events)
        guard case .collectionStart(isMapping: true, let location)? = cursor.next() else { return nil }
        var seen = Keys()
        var sources = RowSources.any
        var event: Name?
        var guardExpression: ExpressionText?
        var target: Name?
        var assignments = RowAssignments([])
        while case .scalar(let keyItem)? = cursor.peek() {
            cursor.skip()
            guard let key = Keys(key: keyItem.scalar.value), !seen.contains(key) else { return nil }
            seen.insert(key)
            switch key {
            case .from:
                if let scalar = cursor.nonNullScalar() {
                    sources = scalar.value == "any" ? .any : .one(Name(scalar.value, at: scalar.contentLocation))
                } else if let names = cursor.nameList() {
                    sources = RowSources(.states(names))
                } else {
                    return nil
                }
            case .on:
                guard let scalar = cursor.nonNullScalar() else { return nil }
                event = Name(scalar.value, at: scalar.contentLocation)
            case .when:
                guard let scalar = cursor.nonNullScalar() else { return nil }
                guardExpression = ExpressionText(scalar.value, at: scalar.contentLocation)
            case .to:
                guard let scalar = cursor.nonNullScalar() else { return nil }
                target = Name(scalar.value, at: scalar.contentLocation)
            default:
                guard let written = cursor.assignments() else { return nil }
                assignments = written
            }
        }
        // The row's own end must be the last event: anything else (a key that is not a scalar) is
        // for the general mapping to report.
        guard case .collectionEnd? = cursor.next(), cursor.isAtEnd, let event else { return nil }
        return TransitionDeclaration(
            location: location, sources: sources, event: event, guardExpression: guardExpression,
            target: target, assignments: assignments)
    }

    /// The keys of a row, as a set.
    private struct Keys: OptionSet {
        let rawValue: UInt8
        static let from = Keys(rawValue: 1)
        static let on = Keys(rawValue: 2)
        static let when = Keys(rawValue: 4)
        static let to = Keys(rawValue: 8)
        static let set = Keys(rawValue: 16)

        init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// The key a row's key text spells, or nil for a text that is not one.
        init?(key text: String) {
            // Told apart by length first: one comparison of short strings instead of up to five.
            switch text.utf8.count {
            case 2 where text == "on": self = .on
            case 2 where text == "to": self = .to
            case 3 where text == "set": self = .set
            case 4 where text == "from": self = .from
            case 4 where text == "when": self = .when
            default: return nil
            }
        }
    }

    /// Reads the events in order; past the end it reads nothing.
    private struct Cursor {
        let events: [YAMLItemEvent]
        private var index = 0

        init(events: [YAMLItemEvent]) {
            self.events = events
        }

        var isAtEnd: Bool { index >= events.count }

        func peek() -> YAMLItemEvent? {
            index < events.count ? events[index] : nil
        }

        mutating func skip() {
            index &+= 1
        }

        mutating func next() -> YAMLItemEvent? {
            defer { index &+= 1 }
            return peek()
        }

        /// The next event if it is a scalar that is not null.
        mutating func nonNullScalar() -> YAMLScalar? {
            guard case .scalar(let item)? = peek(), !item.scalar.isNull else { return nil }
            skip()
            return item.scalar
        }

        /// A list of names: a sequence of non-null scalars.
        mutating func nameList() -> [Name]? {
            guard case .collectionStart(isMapping: false, _)? = next() else { return nil }
            var names: [Name] = []
            while let scalar = nonNullScalar() {
                names.append(Name(scalar.value, at: scalar.contentLocation))
            }
            guard case .collectionEnd? = next() else { return nil }
            return names
        }

        /// A `set`: a mapping of field names to non-null scalars, each field once.
        mutating func assignments() -> RowAssignments? {
            guard case .collectionStart(isMapping: true, _)? = next() else { return nil }
            // Most rows assign one field: the array is made only for a second.
            var first: Assignment?
            var more: [Assignment] = []
            while case .scalar(let keyItem)? = peek() {
                skip()
                let key = keyItem.scalar
                guard let value = nonNullScalar() else { return nil }
                let assignment = Assignment(
                    field: Name(key.value, at: key.contentLocation),
                    value: ExpressionText(value.value, at: value.contentLocation))
                guard let earlier = first else {
                    first = assignment
                    continue
                }
                // A repeated field is a duplicate key, which the reader reports.
                if earlier.field.text == key.value || more.contains(where: { $0.field.text == key.value }) { return nil }
                more.append(assignment)
            }
            guard case .collectionEnd? = next() else { return nil }
            guard let first else { return RowAssignments([]) }
            return more.isEmpty ? RowAssignments(single: first) : RowAssignments([first] + more)
        }
    }
}
