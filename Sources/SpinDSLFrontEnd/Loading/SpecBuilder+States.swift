/// The mapping form of `states:`: a tree of states with their entry and exit actions.
extension SpecBuilder {
    /// The keys of a state's body.
    static let stateKeys = ["initial", "history", "entry", "exit", "final", "defer", "states", "parallel"]
    /// The keys of an entry or exit action block.
    static let actionBlockKeys = ["set", "emit", "with", "propagate", "send", "delay", "id", "cancel"]
    /// The keys of a conditional action, which holds no others.
    static let conditionalActionKeys = ["if", "then", "else"]
    /// How deep states may nest: each level is a call of `state(_:depth:)`, so the walk stays far
    /// from the stack's limit whatever the YAML's depth.
    static let maxStateDepth = 64

    /// The states of a mapping (`name: body`), in document order.
    mutating func stateTree(_ entries: [YAMLMappingEntry], depth: Int = 1) -> [StateDeclaration] {
        entries.compactMap { state($0, depth: depth) }
    }

    /// The states of a `states:` or `parallel:` value: a mapping of bodies, or a list of names
    /// (atomic states).
    mutating func children(_ node: YAMLNode, key: String, depth: Int) -> [StateDeclaration] {
        if let entries = node.mapping { return stateTree(entries, depth: depth) }
        guard node.sequence != nil else {
            wrongKind(node, expected: "a mapping of states or a list of names", "for '\(key)'")
            return []
        }
        return (nameList(node, key) ?? []).map { name in
            StateDeclaration(
                name: name, location: name.location, kind: .atomic, children: [], initial: nil, history: nil,
                entry: [], exit: [], finals: [])
        }
    }

    /// `name: { initial, history, entry, exit, final, states | parallel }`; an empty or null body
    /// is an atomic state.
    private mutating func state(_ entry: YAMLMappingEntry, depth: Int) -> StateDeclaration? {
        let name = Self.keyName(entry)
        let node = entry.value
        if let scalar = node.scalar, scalar.isNull {
            return StateDeclaration(
                name: name, location: node.location, kind: .atomic, children: [], initial: nil, history: nil,
                entry: [], exit: [], finals: [])
        }
        guard let entries = mapping(node, "for state '\(name.text)'") else { return nil }
        checkKeys(entries, allowed: Self.stateKeys, "in state '\(name.text)'")
        var kind = StateKind.atomic
        var children: [StateDeclaration] = []
        var initial: InitialDeclaration?
        var history: HistoryDeclaration?
        var entryBlocks: [ActionBlockDeclaration] = []
        var exitBlocks: [ActionBlockDeclaration] = []
        var finals: [Name] = []
        var deferred: [Name] = []
        var childrenKey: YAMLMappingEntry?
        for item in entries {
            let value = item.value
            switch Self.key(item) {
            case "states", "parallel":
                let key = Self.key(item)
                if let first = childrenKey {
                    report(.bothStatesAndParallel, at: item.key.location, ["what": "state", "state": name, "first": Self.key(first)])
                    continue
                }
                childrenKey = item
                guard depth < Self.maxStateDepth else {
                    report(.statesTooDeep, at: item.key.location, ["limit": Self.maxStateDepth])
                    continue
                }
                kind = key == "states" ? .compound : .parallel
                children = self.children(value, key: key, depth: depth &+ 1)
            case "initial":
                initial = initialDeclaration(value)
            case "history":
                history = self.history(value)
            case "entry":
                entryBlocks = actionBlocks(value, key: "entry") ?? []
            case "exit":
                exitBlocks = actionBlocks(value, key: "exit") ?? []
            case "final":
                finals = names(value, "final") ?? []
            case "defer":
                deferred = names(value, "defer") ?? []
            default:
                break
            }
        }
        return StateDeclaration(
            name: name, location: node.location, kind: kind, children: children, initialTransition: initial, history: history,
            entry: entryBlocks, exit: exitBlocks, finals: finals, deferred: deferred)
    }

    /// `initial: NAME`, `initial: [NAMES]` (one per region), or `initial: { to: NAME | [NAMES], …actions }`
    /// with the keys of an entry action (SCXML's `<initial>` and its transition's content).
    mutating func initialDeclaration(_ node: YAMLNode) -> InitialDeclaration? {
        guard let entries = node.mapping else {
            guard let targets = names(node, "initial") else { return nil }
            guard !targets.isEmpty else {
                report(.initialWithoutTarget, at: node.location)
                return nil
            }
            return InitialDeclaration(targets: targets, location: node.location)
        }
        checkKeys(entries, allowed: ["to"] + Self.actionBlockKeys + Self.conditionalActionKeys, "in 'initial'")
        guard let to = node.entry(for: "to") else {
            report(.initialWithoutTarget, at: node.location)
            return nil
        }
        guard let targets = names(to.value, "to") else { return nil }
        guard !targets.isEmpty else {
            report(.initialWithoutTarget, at: to.value.location)
            return nil
        }
        let actionEntries = entries.filter { Self.key($0) != "to" }
        guard !actionEntries.isEmpty else { return InitialDeclaration(targets: targets, location: node.location) }
        guard let actions = actionBlock(YAMLNode(.mapping(actionEntries), at: node.location), actionEntries, key: "initial") else {
            return nil
        }
        return InitialDeclaration(targets: targets, actions: actions, location: node.location)
    }

    /// `history: shallow | deep`, or `{ type: shallow | deep, default: TARGET }` (`type` shallow
    /// when left out, as SCXML's `<history>`).
    private mutating func history(_ node: YAMLNode) -> HistoryDeclaration? {
        var kindNode = node
        var defaultTarget: Name?
        if let entries = node.mapping {
            checkKeys(entries, allowed: ["type", "default"], "in 'history'")
            if let written = node.entry(for: "default") {
                guard let name = self.name(written.value, "for 'default'") else { return nil }
                defaultTarget = name
            }
            guard let type = node.entry(for: "type") else {
                return HistoryDeclaration(kind: .shallow, location: node.location, defaultTarget: defaultTarget)
            }
            kindNode = type.value
        }
        guard let scalar = string(kindNode, "for 'history'") else { return nil }
        guard let kind = HistoryKind(rawValue: scalar.value) else {
            report(
                .unknownHistory, at: scalar.contentLocation, ["value": scalar.value],
                suggestion: Suggestion.hint(for: scalar.value, in: ["shallow", "deep"]))
            return nil
        }
        return HistoryDeclaration(kind: kind, location: scalar.contentLocation, defaultTarget: defaultTarget)
    }

    /// The blocks of an `entry` or `exit`: one mapping, or a list of them run in order.
    private mutating func actionBlocks(_ node: YAMLNode, key: String) -> [ActionBlockDeclaration]? {
        if let entries = node.mapping {
            return actionBlock(node, entries, key: key).map { [$0] }
        }
        guard let items = list(node, "for '\(key)'") else { return nil }
        var blocks: [ActionBlockDeclaration] = []
        for item in items {
            guard let entries = mapping(item, "for each action of '\(key)'") else { continue }
            if let block = actionBlock(item, entries, key: key) { blocks.append(block) }
        }
        return blocks.count == items.count ? blocks : nil
    }

    /// `{ set, emit, with, propagate }`, or `{ if, then, else }`.
    private mutating func actionBlock(_ node: YAMLNode, _ entries: [YAMLMappingEntry], key: String) -> ActionBlockDeclaration? {
        if node.entry(for: "if") != nil { return conditionalAction(node, entries, key: key) }
        checkKeys(entries, allowed: Self.actionBlockKeys, "in '\(key)'")
        var complete = true
        var assignments: [Assignment] = []
        var payload: [Assignment] = []
        if let with = node.entry(for: "with") {
            if let written = self.assignments(with.value, "with") { payload = written } else { complete = false }
        }
        var emit: EmitDeclaration?
        var propagate: PropagateDeclaration?
        var sent: Name?
        var delay: ExpressionText?
        var id: Name?
        var cancel: Name?
        for entry in entries {
            switch Self.key(entry) {
            case "send":
                if let event = name(entry.value, "for 'send'") { sent = event } else { complete = false }
            case "delay":
                if let text = expression(entry.value, "for 'delay'") { delay = text } else { complete = false }
            case "id":
                if let written = name(entry.value, "for 'id'") { id = written } else { complete = false }
            case "cancel":
                if let written = name(entry.value, "for 'cancel'") { cancel = written } else { complete = false }
            case "set":
                if let written = self.assignments(entry.value, "set") { assignments = written } else { complete = false }
            case "emit":
                if let event = name(entry.value, "for 'emit'") { emit = EmitDeclaration(event: event, payload: payload) } else { complete = false }
            case "propagate":
                if let (gear, event) = gearEvent(entry.value, "propagate") {
                    propagate = PropagateDeclaration(gear: gear, event: event, payload: payload)
                } else {
                    complete = false
                }
            default:
                break
            }
        }
        if let with = node.entry(for: "with"), node.entry(for: "emit") == nil, node.entry(for: "propagate") == nil, node.entry(for: "send") == nil {
            complete = false
            report(.actionWithWithoutEvent, at: with.key.location)
        }
        let send = sent.map { SendDeclaration(event: $0, payload: payload, delay: delay, id: id) }
        if let problem = Self.sendProblem(send: send, emit: emit?.event, propagate: propagate.map { Name($0.gear.text + "." + $0.event.text, at: $0.gear.location) }, keys: entries.map { (Self.key($0), $0.key.location) }) {
            complete = false
            append([problem])
        }
        if entries.isEmpty {
            complete = false
            report(.emptyAction, at: node.location, ["key": key])
        }
        guard complete else { return nil }
        return ActionBlockDeclaration(
            location: node.location, assignments: assignments, emit: emit, propagate: propagate, send: send, cancel: cancel)
    }

    /// What is wrong with an action's (or a row's) send, if anything: `delay` or `id` without
    /// `send`, or a send that also emits or propagates (one `with` for two events). `keys` are
    /// the keys written, where they are written.
    static func sendProblem(send: SendDeclaration?, emit: Name?, propagate: Name?, keys: [(String, SourceLocation)]) -> Diagnostic? {
        guard let send else {
            guard let (key, location) = keys.first(where: { $0.0 == "delay" || $0.0 == "id" }) else { return nil }
            return Diagnostic(.sendKeyWithoutSend, at: location, ["key": key])
        }
        if let other = emit ?? propagate {
            return Diagnostic(.sendWithOtherEvent, at: other.location, ["event": send.event, "what": emit != nil ? "emits" : "propagates", "other": other])
        }
        return nil
    }

    /// `{ if: EXPR, then: ACTIONS, else: ACTIONS }` (SCXML's `<if>`): `then` is required, `else`
    /// optional; either is one action or a list. The YAML reader bounds how deep they nest.
    private mutating func conditionalAction(_ node: YAMLNode, _ entries: [YAMLMappingEntry], key: String) -> ActionBlockDeclaration? {
        checkKeys(entries, allowed: Self.conditionalActionKeys, "in a conditional action of '\(key)'")
        var complete = entries.allSatisfy { Self.conditionalActionKeys.contains(Self.key($0)) }
        var condition: ExpressionText?
        var then: [ActionBlockDeclaration] = []
        var otherwise: [ActionBlockDeclaration] = []
        if let written = node.entry(for: "if") {
            condition = expression(written.value, "for 'if'")
            if condition == nil { complete = false }
        }
        if let written = node.entry(for: "then") {
            if let blocks = actionBlocks(written.value, key: key) { then = blocks } else { complete = false }
        } else {
            complete = false
            report(.conditionalWithoutThen, at: node.location, ["key": key])
        }
        if let written = node.entry(for: "else") {
            if let blocks = actionBlocks(written.value, key: key) { otherwise = blocks } else { complete = false }
        }
        guard complete, let condition else { return nil }
        return ActionBlockDeclaration(
            location: node.location, assignments: [], emit: nil, propagate: nil,
            conditional: ConditionalActionDeclaration(condition: condition, then: then, otherwise: otherwise))
    }

    /// Every state of `tree` in document order, a state before its children.
    static func stateNames(_ tree: [StateDeclaration]) -> [Name] {
        var names: [Name] = []
        var pending = Array(tree.reversed())
        while let state = pending.popLast() {
            names.append(state.name)
            pending.append(contentsOf: state.children.reversed())
        }
        return names
    }
}
