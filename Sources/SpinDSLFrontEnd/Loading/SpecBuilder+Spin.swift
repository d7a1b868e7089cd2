/// A spin's body: states, data, events, inputs, transitions, render and script.
extension SpecBuilder {
    /// The type names of data fields and payload fields.
    static let typeNames = ["int", "double", "bool", "string", "duration", "enum"]

    /// The type a field's `type` names: a scalar type, or (a capitalized name) a type declared
    /// under `types:`, which the resolver finds; nil for `enum` and for anything else.
    static func typeReference(_ scalar: YAMLScalar) -> TypeReference? {
        switch scalar.value {
        case "int": return .int
        case "double": return .double
        case "bool": return .bool
        case "string": return .string
        case "duration": return .duration
        default:
            guard let first = scalar.value.unicodeScalars.first, first >= "A", first <= "Z" else { return nil }
            return .named(Name(scalar.value, at: scalar.contentLocation))
        }
    }

    /// Reports the `type` of a field that is no type, with the nearest type name as a hint.
    mutating func unknownType(_ scalar: YAMLScalar, at location: SourceLocation, _ context: String) {
        report(
            .unknownType, at: location, ["type": scalar.value, "context": context],
            suggestion: Suggestion.hint(for: scalar.value, in: Self.typeNames))
    }

    /// Maps the body keys of `entries` (other keys are the caller's); nil without a name, after
    /// still checking the body so that all its problems are reported.
    mutating func spinBody(_ entries: [YAMLMappingEntry], name: Name?, location: SourceLocation) -> SpinDeclaration? {
        var summary: String?
        var states: [Name] = []
        var stateTree: [StateDeclaration]?
        var initial: InitialDeclaration?
        var finals: [Name] = []
        var data: [DataFieldDeclaration] = []
        var events: [EventDeclaration] = []
        var inputs: [Name] = []
        var transitions: [TransitionDeclaration] = []
        var feedbacks: [FeedbackDeclaration] = []
        var render: ExpressionText?
        var script: [ScriptStep] = []
        var invariants: [InvariantDeclaration] = []
        var properties: [PropertyDeclaration] = []
        var fairness: FairnessDeclaration?
        var isParallel = false
        var statesKey: YAMLMappingEntry?
        for entry in entries {
            let value = entry.value
            switch Self.key(entry) {
            case "description": summary = string(value, "for 'description'")?.value
            case "states" where statesKey != nil, "parallel" where statesKey != nil:
                report(
                    .bothStatesAndParallel, at: entry.key.location,
                    ["what": "spin", "state": name?.text ?? "", "first": statesKey.map(Self.key) ?? ""])
            case "states" where value.mapping != nil:
                statesKey = entry
                let tree = self.stateTree(value.mapping ?? [])
                stateTree = tree
                states = Self.stateNames(tree)
            case "states":
                statesKey = entry
                states = nameList(value, "states") ?? []
            case "parallel":
                // A parallel spin: its regions at top level, held by one parallel state named as
                // the spin (docs/statecharts.md, rule 16).
                statesKey = entry
                isParallel = true
                let root = parallelRoot(entry, spin: name)
                stateTree = [root]
                states = Self.stateNames([root])
            case "initial": initial = initialDeclaration(value)
            case "final": finals = names(value, "final") ?? []
            case "data": data = dataFields(value)
            case "events": events = self.events(value) ?? []
            case "inputs": inputs = nameList(value, "inputs") ?? []
            case "transitions": transitions = transitionRows(value)
            case "feedbacks":
                feedbacks = (mapping(value, "for 'feedbacks'") ?? []).compactMap { feedback($0) }
            case "render": render = expression(value, "for 'render'")
            case "script":
                script = (list(value, "for 'script'") ?? []).compactMap { scriptStep($0) }
            case "invariants": invariants = invariantDeclarations(value)
            case "properties": properties = propertyDeclarations(value)
            case "fairness": fairness = self.fairness(value)
            default: break
            }
        }
        guard let name else { return nil }
        return SpinDeclaration(
            name: name, location: location, summary: summary, states: states, initialTransition: initial, finals: finals,
            data: data, events: events, inputs: inputs, transitions: transitions, feedbacks: feedbacks,
            render: render, script: script, stateTree: stateTree, invariants: invariants,
            properties: properties, fairness: fairness, isParallel: isParallel)
    }

    /// The one parallel state that holds the regions of a `parallel:` spin, named as the spin.
    private mutating func parallelRoot(_ entry: YAMLMappingEntry, spin name: Name?) -> StateDeclaration {
        let value = entry.value
        return StateDeclaration(
            name: Name(name?.text ?? "", at: entry.key.location), location: value.location, kind: .parallel,
            children: children(value, key: "parallel", depth: 2), initial: nil, history: nil, entry: [], exit: [], finals: [])
    }

    /// `transitions: [ rows ]`.
    private mutating func transitionRows(_ value: YAMLNode) -> [TransitionDeclaration] {
        if value.sequence != nil, let streamed = streamedTransitions[value.location] {
            // The reader handed the rows over as it read them: what mapping them here gives.
            append(streamed.diagnostics)
            return streamed.declarations
        }
        // Reserved up front: rows are large, and a table can have many thousands.
        let rows = list(value, "for 'transitions'") ?? []
        var transitions: [TransitionDeclaration] = []
        transitions.reserveCapacity(rows.count)
        for row in rows {
            if let declaration = transition(row) { transitions.append(declaration) }
        }
        return transitions
    }

    /// `invariants: { name: condition, … }`.
    private mutating func invariantDeclarations(_ value: YAMLNode) -> [InvariantDeclaration] {
        (mapping(value, "for 'invariants'") ?? []).compactMap { entry in
            expression(entry.value, "for invariant '\(Self.key(entry))'").map {
                InvariantDeclaration(name: Self.keyName(entry), condition: $0)
            }
        }
    }

    /// `properties: { name: formula, … }`.
    private mutating func propertyDeclarations(_ value: YAMLNode) -> [PropertyDeclaration] {
        (mapping(value, "for 'properties'") ?? []).compactMap { entry in
            expression(entry.value, "for property '\(Self.key(entry))'").map {
                PropertyDeclaration(name: Self.keyName(entry), formula: $0)
            }
        }
    }

    /// `fairness: { weak: [EVENTS], strong: [EVENTS] }`.
    private mutating func fairness(_ node: YAMLNode) -> FairnessDeclaration? {
        guard let entries = mapping(node, "for 'fairness'") else { return nil }
        checkKeys(entries, allowed: ["weak", "strong"], "in 'fairness'")
        var weak: [Name] = [], strong: [Name] = []
        for entry in entries {
            switch Self.key(entry) {
            case "weak": weak = nameList(entry.value, "weak") ?? []
            case "strong": strong = nameList(entry.value, "strong") ?? []
            default: break
            }
        }
        return FairnessDeclaration(weak: weak, strong: strong, location: node.location)
    }

    // MARK: - Data

    private mutating func dataFields(_ node: YAMLNode) -> [DataFieldDeclaration] {
        (mapping(node, "for 'data'") ?? []).compactMap { dataField($0) }
    }

    /// `name: 0` (type inferred) or `name: { type, initial, values }`.
    private mutating func dataField(_ entry: YAMLMappingEntry) -> DataFieldDeclaration? {
        let name = Self.keyName(entry)
        switch writtenValue(entry, "data field", whenNull: .dataFieldWithoutValue, ["field": name]) {
        case .plain(let type, let value)?:
            return DataFieldDeclaration(name: name, type: type, initial: value)
        case .longForm(let entries)?:
            return longDataField(name: name, node: entry.value, entries: entries)
        case nil:
            return nil
        }
    }

    /// What `name: value` or `name: { … }` writes (a data field, a constant).
    enum WrittenValue {
        /// A plain value, and the type it says.
        case plain(TypeReference, InitialValue)
        /// The entries of the long form.
        case longForm([YAMLMappingEntry])
    }

    /// The value of `entry`, a `what` (for messages); nil, reported, when it is neither a value
    /// nor a mapping (nothing at all is `whenNull`, with `values`).
    mutating func writtenValue(
        _ entry: YAMLMappingEntry, _ what: String, whenNull: DiagnosticGroup, _ values: KeyValuePairs<String, any CustomStringConvertible>
    ) -> WrittenValue? {
        let node = entry.value
        switch node.kind {
        case .scalar(let scalar):
            guard !scalar.isNull else {
                report(whenNull, at: entry.key.location, values)
                return nil
            }
            return plainValue(scalar, node).map { .plain($0.type, $0.value) }
        case .sequence:
            wrongKind(node, expected: "a value or a mapping", "for \(what) '\(Self.keyName(entry).text)'")
            return nil
        case .mapping(let entries):
            return .longForm(entries)
        }
    }

    /// `{ type: …, initial: …, values: […] }`.
    private mutating func longDataField(name: Name, node: YAMLNode, entries: [YAMLMappingEntry]) -> DataFieldDeclaration? {
        let context = "in data field '\(name.text)'"
        checkKeys(entries, allowed: ["type", "initial", "values", "range", "size"], context)
        var complete = true
        var type: TypeReference?
        var isEnum = false
        if let typeNode = node["type"] {
            if let scalar = string(typeNode, "for 'type'") {
                if scalar.value == "enum" {
                    isEnum = true
                } else if let reference = Self.typeReference(scalar) {
                    type = reference
                } else {
                    complete = false
                    unknownType(scalar, at: typeNode.location, context)
                }
            } else {
                complete = false
            }
        } else {
            complete = false
            report(.missingFieldType, at: node.location, ["kind": "data", "field": name])
        }

        var values: [Name]?
        if let valuesEntry = node.entry(for: "values") {
            if isEnum {
                values = nameList(valuesEntry.value, "values")
                if values?.isEmpty == true {
                    report(.emptyEnum, at: valuesEntry.value.location, ["kind": "data", "field": name])
                    values = nil
                }
                if values == nil { complete = false }
            } else if type != nil {
                complete = false
                report(.valuesWithoutEnum, at: valuesEntry.key.location, ["kind": "data", "field": name])
            }
        } else if isEnum {
            complete = false
            report(.enumWithoutValues, at: node.location, ["kind": "data", "field": name])
        }
        if isEnum, let values { type = .enumeration(values) }

        var size: Int?
        if let sizeNode = node["size"] {
            size = arraySize(sizeNode, field: name)
            if size == nil { complete = false }
        }
        var initial: InitialValue?
        var initialElements: [InitialValue]?
        if let initialNode = node["initial"] {
            if let scalar = initialNode.scalar, !scalar.isNull {
                initial = Self.initialValue(scalar, initialNode)
            } else if let items = initialNode.sequence {
                initialElements = self.initialElements(items, of: initialNode, field: name, size: size)
                if initialElements == nil { complete = false }
            } else {
                complete = false
                wrongKind(initialNode, expected: "a value", "for 'initial'")
            }
        } else if isEnum {
            if let first = values?.first { initial = InitialValue(text: first.text, isQuoted: false, at: first.location) }
        } else if case .named = type {
            // The first case of the declared type, which the resolver knows.
        } else if type != nil, initialElements == nil {
            complete = false
            report(.dataFieldWithoutInitial, at: node.location, ["field": name])
        }
        var range: RangeDeclaration?
        if let rangeNode = node["range"] {
            range = self.range(rangeNode, field: name)
            if range == nil { complete = false }
        }
        // Complete, only a field of a declared type can be without an initial value.
        guard complete, let type else { return nil }
        return DataFieldDeclaration(name: name, type: type, initial: initial, range: range, size: size, initialElements: initialElements)
    }

    /// The largest `size` of an array field: an array is as many fields, and a write at an index
    /// computed at run time assigns each of them.
    static let maximumArraySize = 256

    /// `size: N`, a whole number from 1 to `maximumArraySize`; nil, reported, otherwise.
    private mutating func arraySize(_ node: YAMLNode, field: Name) -> Int? {
        let text = node.scalar.map(\.value) ?? "a \(node.sequence == nil ? "mapping" : "list")"
        guard let scalar = node.scalar, scalar.style == .plain, let size = Int(scalar.value), (1...Self.maximumArraySize).contains(size) else {
            report(.arraySize, at: node.location, ["field": field, "limit": Self.maximumArraySize, "found": text])
            return nil
        }
        return size
    }

    /// `initial: [v0, v1, …]` of an array of `size` elements: one plain value per element; nil,
    /// reported, when the count is not the size (or the field has no size) or an item is not a value.
    private mutating func initialElements(_ items: [YAMLNode], of node: YAMLNode, field: Name, size: Int?) -> [InitialValue]? {
        var values: [InitialValue] = []
        for item in items {
            guard let scalar = item.scalar, !scalar.isNull else {
                wrongKind(item, expected: "a value", "for an element of 'initial'")
                return nil
            }
            values.append(Self.initialValue(scalar, item))
        }
        guard let size, values.count == size else {
            let elements = size.map { "\($0) element\($0 == 1 ? "" : "s")" } ?? "no 'size'"
            report(.arrayInitialCount, at: node.location, ["field": field, "count": values.count, "elements": elements])
            return nil
        }
        return values
    }

    /// `[lo, hi]`: two plain scalars (the resolver reads them as the field's type).
    private mutating func range(_ node: YAMLNode, field: Name) -> RangeDeclaration? {
        guard let items = node.sequence, items.count == 2,
              let low = items[0].scalar, !low.isNull, let high = items[1].scalar, !high.isNull else {
            report(.rangeNotAPair, at: node.location, ["field": field])
            return nil
        }
        return RangeDeclaration(
            low: Self.initialValue(low, items[0]), high: Self.initialValue(high, items[1]), at: node.location)
    }

    /// The initial value as written; anything but a plain, untagged-or-non-`!!str` scalar counts
    /// as quoted (it can only be a string).
    /// A value written as a plain scalar and the type it says (`0` an int, `500ms` a duration);
    /// nil (reported) for a duration literal that is not whole milliseconds.
    mutating func plainValue(_ scalar: YAMLScalar, _ node: YAMLNode) -> (type: TypeReference, value: InitialValue)? {
        let value = Self.initialValue(scalar, node)
        if !value.isQuoted, DurationParser.parse(value.text) == .fractional {
            report(.fractionalDuration, at: value.location, ["text": value.text])
            return nil
        }
        return (Self.inferredType(value, scalar), value)
    }

    static func initialValue(_ scalar: YAMLScalar, _ node: YAMLNode) -> InitialValue {
        let isQuoted = scalar.style != .plain || node.tag == "tag:yaml.org,2002:str"
        return InitialValue(text: scalar.value, isQuoted: isQuoted, at: node.location)
    }

    /// int, double, bool or duration (`500ms`, `1.5s`) from a plain literal; string otherwise.
    private static func inferredType(_ initial: InitialValue, _ scalar: YAMLScalar) -> TypeReference {
        guard !initial.isQuoted else { return .string }
        if scalar.asInt() != nil { return .int }
        if scalar.asDouble() != nil { return .double }
        if scalar.asBool() != nil { return .bool }
        if case .milliseconds = DurationParser.parse(initial.text) { return .duration }
        return .string
    }

    // MARK: - Events

    /// `[a, b]` or `{ a: { field: type }, b: {} }`; nil when `node` is neither.
    mutating func events(_ node: YAMLNode) -> [EventDeclaration]? {
        if node.sequence != nil {
            return nameList(node, "events").map { $0.map { EventDeclaration(name: $0, fields: []) } }
        }
        guard let entries = node.mapping else {
            wrongKind(node, expected: "a list or a mapping", "for 'events'")
            return nil
        }
        var events: [EventDeclaration] = []
        for entry in entries {
            let name = Self.keyName(entry)
            let value = entry.value
            if let scalar = value.scalar, scalar.isNull {
                events.append(EventDeclaration(name: name, fields: []))
                continue
            }
            guard let fields = mapping(value, "for the payload of event '\(name.text)'") else { continue }
            let payload = fields.compactMap { payloadField($0) }
            if payload.count == fields.count { events.append(EventDeclaration(name: name, fields: payload)) }
        }
        return events
    }

    /// `amount: int` or `target: { type: enum, values: [a, b] }`.
    private mutating func payloadField(_ entry: YAMLMappingEntry) -> PayloadFieldDeclaration? {
        let name = Self.keyName(entry)
        let node = entry.value
        let context = "in payload field '\(name.text)'"
        let typeNode: YAMLNode
        if let entries = node.mapping {
            checkKeys(entries, allowed: ["type", "values"], context)
            guard let written = node["type"] else {
                report(.missingFieldType, at: node.location, ["kind": "payload", "field": name])
                return nil
            }
            typeNode = written
        } else {
            typeNode = node
        }
        guard let scalar = string(typeNode, "for the type of payload field '\(name.text)'") else { return nil }
        let type: TypeReference
        switch scalar.value {
        case "enum":
            guard let valuesNode = node["values"] else {
                report(.enumWithoutValues, at: typeNode.location, ["kind": "payload", "field": name])
                return nil
            }
            guard let values = nameList(valuesNode, "values") else { return nil }
            guard !values.isEmpty else {
                report(.emptyEnum, at: valuesNode.location, ["kind": "payload", "field": name])
                return nil
            }
            type = .enumeration(values)
        default:
            guard let reference = Self.typeReference(scalar) else {
                unknownType(scalar, at: typeNode.location, context)
                return nil
            }
            type = reference
        }
        // Values of another type are the payloads `--check` tries; the resolver reads them.
        var domain: [InitialValue]?
        if case .enumeration = type {} else if let valuesNode = node["values"] {
            guard let items = list(valuesNode, "for 'values'") else { return nil }
            var literals: [InitialValue] = []
            for item in items {
                guard let scalar = item.scalar, !scalar.isNull else {
                    wrongKind(item, expected: "a value", "in 'values' of payload field '\(name.text)'")
                    return nil
                }
                literals.append(Self.initialValue(scalar, item))
            }
            guard !literals.isEmpty else {
                report(.emptyPayloadValues, at: valuesNode.location, ["field": name])
                return nil
            }
            domain = literals
        }
        return PayloadFieldDeclaration(name: name, type: type, typeLocation: typeNode.location, values: domain)
    }

    // MARK: - Transitions

    /// One row, read as a node (see `TransitionRowMapper`).
    mutating func transition(_ node: YAMLNode) -> TransitionDeclaration? {
        let (declaration, found) = TransitionRowMapper.declaration(of: node)
        append(found)
        return declaration
    }

    // MARK: - Script

    /// `{ at: 1s, emit: coin, with: { amount: 25 } }`.
    private mutating func scriptStep(_ node: YAMLNode) -> ScriptStep? {
        guard let entries = mapping(node, "for each script step") else { return nil }
        checkKeys(entries, allowed: ["at", "emit", "with"], "in script step")
        var complete = true
        var at: DurationLiteral?
        var event: Name?
        var payload: [Assignment] = []
        for entry in entries {
            switch Self.key(entry) {
            case "at":
                at = duration(entry.value, "at")
                if at == nil { complete = false }
            case "emit":
                event = name(entry.value, "for 'emit'")
                if event == nil { complete = false }
            case "with":
                if let written = assignments(entry.value, "with") { payload = written } else { complete = false }
            default:
                break
            }
        }
        if node.entry(for: "at") == nil {
            report(.scriptStepWithoutTime, at: node.location)
        }
        if node.entry(for: "emit") == nil {
            report(.scriptStepWithoutEvent, at: node.location)
        }
        guard complete, let at, let event else { return nil }
        return ScriptStep(location: node.location, at: at, emit: EmitDeclaration(event: event, payload: payload))
    }
}
