/// Actions read from a row's events: the branches of a row's conditional action (`then`, `else`),
/// with the forms and problems `SpecBuilder` gives entry and exit actions.
extension ItemEventReader {
    /// One action or a list of them (an empty list: none), the value of `key` of a row.
    mutating func actionBlocks(_ key: String) throws(Declined) -> [ActionBlockDeclaration]? {
        if collectionLocation != nil, enter(mapping: false) {
            var blocks: [ActionBlockDeclaration] = []
            var complete = true
            while hasNextItem() {
                if let block = try actionBlock(key) { blocks.append(block) } else { complete = false }
            }
            return complete ? blocks : nil
        }
        return try actionBlock(key).map { [$0] }
    }

    /// What an action's keys have said so far. `complete` turns false at the first problem, and
    /// reading goes on (when reporting), so that every problem in the action is found.
    private struct ActionDraft {
        var complete = true
        var assignments: [Assignment] = []
        var payload: [Assignment] = []
        var emit: Name?
        var propagate: (gear: Name, event: Name)?
        var condition: ExpressionText?
        var then: [ActionBlockDeclaration]?
        var otherwise: [ActionBlockDeclaration] = []
        var sent: Name?
        var delay: ExpressionText?
        var id: Name?
        var cancel: Name?
        var keys: [String] = []
        var keyLocations: [(String, SourceLocation)] = []
    }

    /// `{ set, emit, with, propagate }` or `{ if, then, else }` at the cursor.
    private mutating func actionBlock(_ key: String) throws(Declined) -> ActionBlockDeclaration? {
        guard let location = collectionLocation, enter(mapping: true) else {
            try wrongKind(expected: "a mapping", "for each action of '\(key)'")
            return nil
        }
        var draft = ActionDraft()
        while let keyItem = try nextKey() {
            try actionEntry(keyItem, of: key, into: &draft)
        }
        let isConditional = draft.keys.contains("if")
        guard try checkActionKeys(&draft, isConditional: isConditional, at: location, of: key) else { return nil }
        let send = draft.sent.map { SendDeclaration(event: $0, payload: draft.payload, delay: draft.delay, id: draft.id) }
        if !isConditional, let found = SpecBuilder.sendProblem(
            send: send, emit: draft.emit,
            propagate: draft.propagate.map { Name($0.gear.text + "." + $0.event.text, at: $0.gear.location) },
            keys: draft.keyLocations
        ) {
            try problem(found)
            draft.complete = false
        }
        guard draft.complete else { return nil }
        if isConditional, let condition = draft.condition, let then = draft.then {
            return ActionBlockDeclaration(
                location: location, assignments: [], emit: nil, propagate: nil,
                conditional: ConditionalActionDeclaration(condition: condition, then: then, otherwise: draft.otherwise))
        }
        let payload = draft.payload
        return ActionBlockDeclaration(
            location: location, assignments: draft.assignments, emit: draft.emit.map { EmitDeclaration(event: $0, payload: payload) },
            propagate: draft.propagate.map { PropagateDeclaration(gear: $0.gear, event: $0.event, payload: payload) },
            send: send, cancel: draft.cancel)
    }

    /// Reads the value of the action's key `keyItem`, one of the action `key`'s.
    private mutating func actionEntry(_ keyItem: YAMLItemScalar, of key: String, into draft: inout ActionDraft) throws(Declined) {
        let written = keyItem.scalar.value
        draft.keys.append(written)
        draft.keyLocations.append((written, keyItem.start))
        switch written {
        case "send":
            if let name = try name("for 'send'") { draft.sent = name } else { draft.complete = false }
        case "delay":
            if let text = try expression("for 'delay'") { draft.delay = text } else { draft.complete = false }
        case "id":
            if let name = try name("for 'id'") { draft.id = name } else { draft.complete = false }
        case "cancel":
            if let name = try name("for 'cancel'") { draft.cancel = name } else { draft.complete = false }
        case "set":
            if let values = try self.assignments("set") { draft.assignments = values.array } else { draft.complete = false }
        case "with":
            if let values = try self.assignments("with") { draft.payload = values.array } else { draft.complete = false }
        case "emit":
            if let name = try name("for 'emit'") { draft.emit = name } else { draft.complete = false }
        case "propagate":
            guard let name = try name("for 'propagate'") else {
                draft.complete = false
                return
            }
            if let split = SpecBuilder.gearEvent(name) {
                draft.propagate = split
            } else {
                try problem(Diagnostic(.invalidGearEvent, at: name.location, ["key": "propagate", "value": name.text]))
                draft.complete = false
            }
        case "if":
            if let text = try expression("for 'if'") { draft.condition = text } else { draft.complete = false }
        case "then":
            if let blocks = try actionBlocks(key) { draft.then = blocks } else { draft.complete = false }
        case "else":
            if let blocks = try actionBlocks(key) { draft.otherwise = blocks } else { draft.complete = false }
        default:
            try problem(SpecBuilder.unknownKey(
                written, at: keyItem.start, allowed: SpecBuilder.actionBlockKeys + SpecBuilder.conditionalActionKeys, "in '\(key)'"))
            skipValue()
            draft.complete = false
        }
    }

    /// Checks the keys fit together: a conditional action's keys or a plain action's, `then` with
    /// `if`, something in a plain action, an event for `with`. False when the action is dropped
    /// at once (a conditional without `then`).
    private mutating func checkActionKeys(
        _ draft: inout ActionDraft, isConditional: Bool, at location: SourceLocation, of key: String
    ) throws(Declined) -> Bool {
        let keys = draft.keys
        let allowed = isConditional ? SpecBuilder.conditionalActionKeys : SpecBuilder.actionBlockKeys
        if keys.contains(where: { !allowed.contains($0) && (SpecBuilder.actionBlockKeys + SpecBuilder.conditionalActionKeys).contains($0) }) {
            let misplaced = keys.first { !allowed.contains($0) } ?? ""
            try problem(SpecBuilder.unknownKey(misplaced, at: location, allowed: allowed, "in '\(key)'"))
            draft.complete = false
        }
        if isConditional {
            guard draft.then != nil else {
                try problem(Diagnostic(.conditionalWithoutThen, at: location, ["key": key]))
                return false
            }
        } else {
            if keys.isEmpty {
                try problem(Diagnostic(.emptyAction, at: location, ["key": key]))
                draft.complete = false
            }
            if keys.contains("with"), draft.emit == nil, draft.propagate == nil, draft.sent == nil {
                try problem(Diagnostic(.actionWithWithoutEvent, at: location))
                draft.complete = false
            }
        }
        return true
    }
}
