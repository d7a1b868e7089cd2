/// Which of a spin's events a row's `on` names: SCXML's event descriptors (SCXML 1.0 §3.12.1).
///
/// An event name is one or more tokens joined by `.` (`door.open`). A descriptor matches an event
/// whose name is the descriptor or starts with the descriptor and a `.`: `door` matches `door`,
/// `door.open` and `door.close.now`, not `doorbell`; `door.*` is the same as `door`; `*` matches
/// every event of the spin (but the events of timed rows, which only their rows take). A row on a descriptor stands for one row per matched event, in the
/// order the events are declared, in its place (as `on: [a, b]` does).
///
/// Built once per spin. A spin without dotted names has no prefix table: resolving its rows costs
/// one name lookup each, as it did before descriptors.
struct EventDescriptors {
    /// The events a descriptor matches.
    enum Match: Equatable {
        /// No event: the name is unknown.
        case none
        /// Exactly the event of that name, and no other (the usual row).
        case exact(Int)
        /// Several events, or one that the descriptor names by a prefix or by `*`, in declaration
        /// order.
        case descriptor([Int])
    }

    private let names: NameIndex
    /// The events `*` matches: every event but timed rows'.
    private let every: [Int]
    /// For each proper token prefix of a declared name (`door` of `door.open.now`, and
    /// `door.open`), the events it prefixes, in declaration order. Empty when no name has a dot.
    private let prefixes: [String: [Int]]

    init(_ eventNames: [String], index: NameIndex) {
        names = index
        // A timed row's event (`S.after(30s)`) is the row's own: no descriptor matches it.
        every = eventNames.indices.filter { !TimedRows.isTimerName(eventNames[$0]) }
        var prefixes: [String: [Int]] = [:]
        for (event, name) in eventNames.enumerated() where !TimedRows.isTimerName(name) {
            var end = name.startIndex
            while let dot = name[end...].firstIndex(of: ".") {
                prefixes[String(name[..<dot]), default: []].append(event)
                end = name.index(after: dot)
            }
        }
        self.prefixes = prefixes
    }

    /// The events `text` (a row's `on`, or one name of its list) matches.
    func match(_ text: String) -> Match {
        // Without dotted names (most spins), a declared name matches itself alone: one lookup,
        // as before descriptors.
        if prefixes.isEmpty, let exact = names[text] { return .exact(exact) }
        if text == "*" { return .descriptor(every) }
        let prefix = text.hasSuffix(".*") ? String(text.dropLast(2)) : text
        let exact = names[prefix]
        guard let prefixed = prefixes[prefix] else {
            guard let exact else { return .none }
            return prefix == text ? .exact(exact) : .descriptor([exact])
        }
        guard let exact else { return .descriptor(prefixed) }
        // Declaration order: the exact name among those it prefixes.
        var matched = prefixed
        matched.insert(exact, at: matched.firstIndex { $0 > exact } ?? matched.endIndex)
        return .descriptor(matched)
    }

    /// The prefixes that match several events (`door` of `door.open`), for suggestions.
    var prefixNames: [String] { prefixes.keys.sorted() }

    /// Whether `text` is a name a spin can declare for an event: names joined by `.`.
    static func isValidName(_ text: String) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { NameRule.isValid(String($0)) }
    }
}
