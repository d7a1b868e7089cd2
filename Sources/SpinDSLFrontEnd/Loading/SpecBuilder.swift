/// Maps a YAML tree to the spec AST, collecting every diagnostic on the way.
///
/// The walk only descends the fixed levels the language has (document, spin, rule, choice, …),
/// so hostile nesting cannot make it recurse deeply; deeper YAML is simply the wrong kind of value.
/// Methods return nil when a part could not be built; the diagnostic saying why has been recorded.
struct SpecBuilder {
    /// The path recorded in the document.
    let path: String
    /// Problems found so far, in the order of discovery.
    private(set) var diagnostics: [Diagnostic] = []
    /// The rows of `transitions` lists that the reader handed over as it read them, by the
    /// location of the list (see `TransitionRowStream`).
    let streamedTransitions: [SourceLocation: StreamedTransitions]

    init(path: String, streamedTransitions: [SourceLocation: StreamedTransitions] = [:]) {
        self.path = path
        self.streamedTransitions = streamedTransitions
    }

    /// The diagnostics in source order (stable for equal locations), without exact repeats
    /// (an aliased node is walked once per use).
    func sortedDiagnostics() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        let unique = diagnostics.filter { seen.insert($0).inserted }
        return unique.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    /// Records the diagnostic of `group` (see `Diagnostic.init`).
    mutating func report(
        _ group: DiagnosticGroup, at location: SourceLocation,
        _ values: KeyValuePairs<String, any CustomStringConvertible> = [:], suggestion: String? = nil
    ) {
        diagnostics.append(Diagnostic(group, at: location, values, suggestion: suggestion))
    }

    /// Records problems found elsewhere (by another builder), as if found here and now.
    mutating func append(_ found: [Diagnostic]) {
        diagnostics += found
    }

    // MARK: - Kinds of values
    //
    // What a value is for ("for 'set'", "in 'states'") is only needed in a diagnostic, so it is
    // passed unevaluated: most values are right, and building the text for each cost more than
    // checking the value.

    /// How a value of `kind` is described after "found".
    static func describe(_ kind: YAMLValueKind) -> String {
        switch kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .null: return "nothing"
        case .scalar: return "a scalar"
        }
    }

    /// "expected \(expected) \(role), found …", for a value of `kind` at `location`.
    static func wrongKind(at location: SourceLocation, expected: String, _ role: String, found kind: YAMLValueKind) -> Diagnostic {
        Diagnostic(.wrongValueKind, at: location, ["expected": expected, "role": role, "found": describe(kind)])
    }

    /// Reports "expected \(expected) \(role), found …" at the node.
    mutating func wrongKind(_ node: YAMLNode, expected: String, _ role: String) {
        diagnostics.append(Self.wrongKind(at: node.location, expected: expected, role, found: YAMLValueKind(node)))
    }

    /// The entries of a mapping, or nil (reported) when `node` is something else.
    mutating func mapping(_ node: YAMLNode, _ role: @autoclosure () -> String) -> [YAMLMappingEntry]? {
        guard let entries = node.mapping else {
            wrongKind(node, expected: "a mapping", role())
            return nil
        }
        return entries
    }

    /// The items of a list, or nil (reported) when `node` is something else.
    mutating func list(_ node: YAMLNode, _ role: @autoclosure () -> String) -> [YAMLNode]? {
        guard let items = node.sequence else {
            wrongKind(node, expected: "a list", role())
            return nil
        }
        return items
    }

    /// A scalar that is not null, or nil (reported).
    mutating func string(_ node: YAMLNode, _ role: @autoclosure () -> String) -> YAMLScalar? {
        guard let scalar = node.scalar, !scalar.isNull else {
            wrongKind(node, expected: "a string", role())
            return nil
        }
        return scalar
    }

    /// A name written as a scalar, located at its first character.
    mutating func name(_ node: YAMLNode, _ role: @autoclosure () -> String) -> Name? {
        string(node, role()).map { Name($0.value, at: $0.contentLocation) }
    }

    /// The name a mapping key spells.
    static func keyName(_ entry: YAMLMappingEntry) -> Name {
        let scalar = entry.key.scalar
        return Name(scalar?.value ?? "", at: scalar?.contentLocation ?? entry.key.location)
    }

    /// The text of a mapping key.
    static func key(_ entry: YAMLMappingEntry) -> String {
        entry.key.scalar?.value ?? ""
    }

    /// A list of names (`[a, b]`); items that are not names are reported and skipped.
    mutating func nameList(_ node: YAMLNode, _ key: String) -> [Name]? {
        guard let items = list(node, "for '\(key)'") else { return nil }
        var names: [Name] = []
        var complete = true
        for item in items {
            if let name = name(item, "in '\(key)'") { names.append(name) } else { complete = false }
        }
        return complete ? names : nil
    }

    /// One name or a list of names (`final`, `enter`, `in`, `from`).
    mutating func names(_ node: YAMLNode, _ key: String) -> [Name]? {
        if node.sequence != nil { return nameList(node, key) }
        guard let scalar = node.scalar, !scalar.isNull else {
            wrongKind(node, expected: "a name or a list of names", "for '\(key)'")
            return nil
        }
        return [Name(scalar.value, at: scalar.contentLocation)]
    }

    /// An expression or template written as a scalar.
    mutating func expression(_ node: YAMLNode, _ role: @autoclosure () -> String) -> ExpressionText? {
        guard let scalar = node.scalar, !scalar.isNull else {
            wrongKind(node, expected: "an expression", role())
            return nil
        }
        return ExpressionText(scalar.value, at: scalar.contentLocation, layout: scalar.layout)
    }

    /// `field: expression` pairs of a `set` or a `with`, in order.
    mutating func assignments(_ node: YAMLNode, _ key: String) -> [Assignment]? {
        guard let entries = mapping(node, "for '\(key)'") else { return nil }
        var assignments: [Assignment] = []
        var complete = true
        var index = 0
        while index < entries.count {
            let entry = entries[index]
            let field = Self.keyName(entry)
            index &+= 1
            if let cut = Self.cutExpression(entries, at: index &- 1) {
                // `{ credit: min(credit + 5, 100) }`: YAML ended the value at the comma.
                let location = entry.value.scalar?.contentLocation ?? entry.value.location
                diagnostics.append(Self.cutByComma(field: field.text, text: cut.text, entries: cut.entries, at: location))
                complete = false
                index = index &- 1 &+ cut.entries
                continue
            }
            if let value = expression(entry.value, "for '\(field.text)'") {
                assignments.append(Assignment(field: field, value: value))
            } else {
                complete = false
            }
        }
        return complete ? assignments : nil
    }

    /// The expression YAML's flow mapping cut at commas, when entry `index` holds an expression
    /// with more `(` than `)` and the entries after it are keys without values (`100)`): the
    /// whole text and the number of entries it was read as. Nil for anything else.
    static func cutExpression(_ entries: [YAMLMappingEntry], at index: Int) -> (text: String, entries: Int)? {
        guard entries.indices.contains(index), let scalar = entries[index].value.scalar, !scalar.isNull else { return nil }
        var text = scalar.value
        var open = openParentheses(text)
        guard open > 0 else { return nil }
        var next = index &+ 1
        while open > 0, next < entries.count, entries[next].value.scalar?.isNull == true {
            let part = keyName(entries[next]).text
            text += ", " + part
            open &+= openParentheses(part)
            next &+= 1
        }
        return next > index &+ 1 ? (text, next &- index) : nil
    }

    /// How many more `(` than `)` `text` has: an expression with some left open, followed by keys
    /// without values, is one YAML's flow mapping cut at its commas.
    static func openParentheses(_ text: String) -> Int {
        var open = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "(") { open &+= 1 } else if byte == UInt8(ascii: ")") { open &-= 1 }
        }
        return open
    }

    /// The error of `text`, the expression for `field` at `location`, cut into `entries` entries.
    static func cutByComma(field: String, text: String, entries: Int, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.expressionCutByComma, at: location, ["field": field, "text": text, "count": entries])
    }

    /// A duration such as `300ms` or `1.5s`.
    mutating func duration(_ node: YAMLNode, _ key: String) -> DurationLiteral? {
        guard let scalar = node.scalar, !scalar.isNull else {
            wrongKind(node, expected: "a duration", "for '\(key)'")
            return nil
        }
        switch DurationParser.parse(scalar.value) {
        case .milliseconds(let milliseconds):
            return DurationLiteral(milliseconds: milliseconds, at: node.location)
        case .fractional:
            report(.fractionalDuration, at: node.location, ["text": scalar.value])
        case .invalid:
            report(.invalidDuration, at: node.location, ["text": scalar.value])
        }
        return nil
    }

    /// `gear.event`, split on the first dot; the event's location is just after the dot.
    mutating func gearEvent(_ node: YAMLNode, _ key: String) -> (gear: Name, event: Name)? {
        guard let scalar = string(node, "for '\(key)'") else { return nil }
        guard let split = Self.gearEvent(Name(scalar.value, at: scalar.contentLocation)) else {
            report(.invalidGearEvent, at: node.location, ["key": key, "value": scalar.value])
            return nil
        }
        return split
    }

    /// `gear.event` split on the first dot, the event located just after the dot; nil when either
    /// side is empty.
    static func gearEvent(_ written: Name) -> (gear: Name, event: Name)? {
        let value = written.text
        guard let dot = value.firstIndex(of: "."), dot != value.startIndex,
              value.index(after: dot) != value.endIndex else { return nil }
        let gear = String(value[..<dot])
        let event = String(value[value.index(after: dot)...])
        var eventLocation = written.location
        // Columns count Unicode scalars; bounded by the line's length, so wrapping cannot happen.
        eventLocation.column = eventLocation.column &+ gear.unicodeScalars.count &+ 1
        return (Name(gear, at: written.location), Name(event, at: eventLocation))
    }

    // MARK: - Keys

    /// Reports every key of `entries` not in `allowed`, with a "did you mean" hint.
    mutating func checkKeys(_ entries: [YAMLMappingEntry], allowed: [String], _ context: @autoclosure () -> String) {
        for entry in entries {
            let key = Self.key(entry)
            guard !allowed.contains(key) else { continue }
            unknownKey(entry, allowed: allowed, context())
        }
    }

    /// Reports the key of `entry`, which is not in `allowed`, with a "did you mean" hint.
    mutating func unknownKey(_ entry: YAMLMappingEntry, allowed: [String], _ context: @autoclosure () -> String) {
        diagnostics.append(Self.unknownKey(Self.key(entry), at: entry.key.location, allowed: allowed, context()))
    }

    /// The error for `key`, written at `location`, which is not in `allowed`, with a "did you
    /// mean" hint.
    ///
    /// - Parameter suggestion: a hint that replaces the near-miss one.
    static func unknownKey(
        _ key: String, at location: SourceLocation, allowed: [String], _ context: String, suggestion: String? = nil
    ) -> Diagnostic {
        Diagnostic(
            .unknownKey, at: location,
            ["key": key, "context": context, "allowed": allowed.map { "'\($0)'" }.joined(separator: ", ")],
            suggestion: suggestion ?? Suggestion.hint(for: key, in: allowed))
    }
}
