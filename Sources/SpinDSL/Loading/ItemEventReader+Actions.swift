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

    /// `{ set, emit, with, propagate }` or `{ if, then, else }` at the cursor.
    private mutating func actionBlock(_ key: String) throws(Declined) -> ActionBlockDeclaration? {
        guard let location = collectionLocation, enter(mapping: true) else {
            try wrongKind(expected: "a mapping", "for each action of '\(key)'")
            return nil
        }
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
        while let keyItem = try nextKey() {
            let written = keyItem.scalar.value
            keys.append(written)
            keyLocations.append((written, keyItem.start))
            switch written {
            case "send":
                if let name = try name("for 'send'") { sent = name } else { complete = false }
            case "delay":
                if let text = try expression("for 'delay'") { delay = text } else { complete = false }
            case "id":
                if let name = try name("for 'id'") { id = name } else { complete = false }
            case "cancel":
                if let name = try name("for 'cancel'") { cancel = name } else { complete = false }
            case "set":
                if let values = try self.assignments("set") { assignments = values.array } else { complete = false }
            case "with":
                if let values = try self.assignments("with") { payload = values.array } else { complete = false }
            case "emit":
                if let name = try name("for 'emit'") { emit = name } else { complete = false }
            case "propagate":
                guard let name = try name("for 'propagate'") else {
                    complete = false
                    continue
                }
                if let split = SpecBuilder.gearEvent(name) {
                    propagate = split
                } else {
                    try problem(Diagnostic(.invalidGearEvent, at: name.location, ["key": "propagate", "value": name.text]))
                    complete = false
                }
            case "if":
                if let text = try expression("for 'if'") { condition = text } else { complete = false }
            case "then":
                if let blocks = try actionBlocks(key) { then = blocks } else { complete = false }
            case "else":
                if let blocks = try actionBlocks(key) { otherwise = blocks } else { complete = false }
            default:
                try problem(SpecBuilder.unknownKey(
                    written, at: keyItem.start, allowed: SpecBuilder.actionBlockKeys + SpecBuilder.conditionalActionKeys, "in '\(key)'"))
                skipValue()
                complete = false
            }
        }
        let isConditional = keys.contains("if")
        let allowed = isConditional ? SpecBuilder.conditionalActionKeys : SpecBuilder.actionBlockKeys
        if keys.contains(where: { !allowed.contains($0) && (SpecBuilder.actionBlockKeys + SpecBuilder.conditionalActionKeys).contains($0) }) {
            let misplaced = keys.first { !allowed.contains($0) } ?? ""
            try problem(SpecBuilder.unknownKey(misplaced, at: location, allowed: allowed, "in '\(key)'"))
            complete = false
        }
        if isConditional {
            guard then != nil else {
                try problem(Diagnostic(.conditionalWithoutThen, at: location, ["key": key]))
                return nil
            }
        } else {
            if keys.isEmpty {
                try problem(Diagnostic(.emptyAction, at: location, ["key": key]))
                complete = false
            }
            if keys.contains("with"), emit == nil, propagate == nil, sent == nil {
                try problem(Diagnostic(.actionWithWithoutEvent, at: location))
                complete = false
            }
        }
        let send = sent.map { SendDeclaration(event: $0, payload: payload, delay: delay, id: id) }
        if !isConditional, let found = SpecBuilder.sendProblem(
            send: send, emit: emit, propagate: propagate.map { Name($0.gear.text + "." + $0.event.text, at: $0.gear.location) }, keys: keyLocations
        ) {
            try problem(found)
            complete = false
        }
        guard complete else { return nil }
        if isConditional, let condition, let then {
            return ActionBlockDeclaration(
                location: location, assignments: [], emit: nil, propagate: nil,
                conditional: ConditionalActionDeclaration(condition: condition, then: then, otherwise: otherwise))
        }
        return ActionBlockDeclaration(
            location: location, assignments: assignments, emit: emit.map { EmitDeclaration(event: $0, payload: payload) },
            propagate: propagate.map { PropagateDeclaration(gear: $0.gear, event: $0.event, payload: payload) }, send: send, cancel: cancel)
    }
}
